// Splitting a URL after its scheme (see url_parts.h).
#include "harness/url_parts.h"

#include <charconv>

namespace gb::harness {

std::string_view split_authority(std::string_view rest, std::string& prefix) {
  size_t slash = rest.find('/');
  prefix = slash == std::string_view::npos ? "" : std::string(rest.substr(slash));
  while (!prefix.empty() && prefix.back() == '/') prefix.pop_back();
  return rest.substr(0, slash);
}

std::string split_host_port(std::string_view authority, std::string& host, std::string& port) {
  size_t colon = authority.rfind(':');
  host = std::string(authority.substr(0, colon));
  if (colon != std::string_view::npos) {
    std::string_view digits = authority.substr(colon + 1);
    unsigned value = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc() || end != digits.data() + digits.size() || value == 0 || value > 65535) {
      return "the port must be 1..65535";
    }
    port = std::string(digits);
  }
  if (host.empty()) return "no host";
  return "";
}

}  // namespace gb::harness
