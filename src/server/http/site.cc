#include "server/http/site.h"

namespace gb::server {

std::string base_url(std::string_view host) {
  if (host.empty() || host.size() > 255) return {};
  for (char c : host) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '.' || c == '-' || c == ':' || c == '[' || c == ']';
    if (!ok) return {};
  }
  return "http://" + std::string(host);
}

std::string init_url(std::string_view base, std::string_view slug) {
  return std::string(base) + "/api/games/" + std::string(slug) + "/init";
}

std::string action_url(std::string_view base, std::string_view slug) {
  return std::string(base) + "/api/games/" + std::string(slug) + "/action";
}

std::string game_docs_url(std::string_view base, std::string_view slug) {
  return std::string(base) + "/docs/api/" + std::string(slug);
}

std::string example_base_url(std::string_view base) {
  return base.empty() ? std::string("http://127.0.0.1:8080") : std::string(base);
}

}  // namespace gb::server
