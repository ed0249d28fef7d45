#include "server/http/trusted_proxies.h"

#include <algorithm>
#include <stdexcept>

namespace gb::server {
namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

}  // namespace

std::optional<boost::asio::ip::address> parse_address(std::string_view text) {
  boost::system::error_code ec;
  boost::asio::ip::address address = boost::asio::ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  if (address.is_v6() && address.to_v6().is_v4_mapped()) {
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6());
  }
  return address;
}

TrustedProxies::TrustedProxies(std::span<const std::string> addresses) {
  for (const std::string& text : addresses) {
    std::optional<boost::asio::ip::address> address = parse_address(text);
    if (!address) throw std::invalid_argument("not an IP address: " + text);
    addresses_.push_back(*address);
  }
}

bool TrustedProxies::trusts(std::string_view address) const {
  if (addresses_.empty()) return false;
  std::optional<boost::asio::ip::address> parsed = parse_address(address);
  return parsed && std::find(addresses_.begin(), addresses_.end(), *parsed) != addresses_.end();
}

std::string TrustedProxies::client_address(std::string_view peer,
                                           std::string_view forwarded_for) const {
  if (!trusts(peer)) return std::string(peer);
  std::string_view rest = forwarded_for;
  std::string_view leftmost;
  while (!rest.empty()) {
    size_t comma = rest.rfind(',');
    std::string_view entry = trim(comma == std::string_view::npos ? rest : rest.substr(comma + 1));
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(0, comma);
    if (entry.empty()) continue;
    leftmost = entry;
    if (!trusts(entry)) {
      std::optional<boost::asio::ip::address> parsed = parse_address(entry);
      return parsed ? parsed->to_string() : std::string(entry);
    }
  }
  return std::string(leftmost.empty() ? peer : leftmost);
}

}  // namespace gb::server
