// The plain request and response the pure handler works on. The Beast layer translates to and
// from these, so routes can be unit-tested and fuzzed without sockets.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gb::server {

// One HTTP request as the routes see it. The views must outlive the call to `handle`.
struct Request {
  std::string_view method;  // "GET", "POST", ... exactly as sent
  std::string_view target;  // path plus optional "?query", as sent
  std::string_view body;
  std::string_view host;  // the Host header, empty when absent
};

// One HTTP answer. An empty content_type means "no body" (204).
struct Response {
  int status = 200;
  std::string content_type;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // extra headers, e.g. Allow
};

inline constexpr std::string_view kJsonType = "application/json";
inline constexpr std::string_view kHtmlType = "text/html; charset=utf-8";
inline constexpr std::string_view kTextType = "text/plain; charset=utf-8";

// Returns a JSON answer with `status` and the given body.
inline Response json_response(int status, std::string body) {
  return {status, std::string(kJsonType), std::move(body), {}};
}

// Returns a JSON answer {"error": error} with `status`.
Response json_error(int status, std::string_view error);

// Adds the CORS headers every answer carries (Access-Control-Allow-Origin: *).
void add_cors_headers(Response& response);

// Adds the extra CORS headers of a preflight answer (allowed methods and headers, max age).
void add_preflight_headers(Response& response);

}  // namespace gb::server
