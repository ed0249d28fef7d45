// The plain request and response the pure handler works on. The Beast layer translates to and
// from these, so routes can be unit-tested and fuzzed without sockets.
#pragma once

#include <boost/container/small_vector.hpp>

#include <string>
#include <string_view>

namespace gb::server {

// One HTTP request as the routes see it. The views must outlive the call to `handle`.
struct Request {
  std::string_view method;  // "GET", "POST", ... exactly as sent
  std::string_view target;  // path plus optional "?query", as sent
  std::string_view body;
  std::string_view host;         // the Host header, empty when absent
  std::string_view client{};     // the client address (per-client limits), empty when unknown
  std::string_view origin = {};  // the Origin header, empty when absent (checked by POST /mcp)
};

// A view of text that lives as long as the program. It is built only from a string literal
// (checked when compiling), so an answer can point at it without owning a copy and can never
// point into a temporary string.
class StaticText {
 public:
  constexpr StaticText() = default;
  template <size_t N>
  consteval StaticText(const char (&literal)[N]) : view_(literal, N - 1) {}  // NOLINT: implicit
  constexpr operator std::string_view() const { return view_; }              // NOLINT: implicit
  constexpr bool empty() const { return view_.empty(); }
  friend constexpr bool operator==(StaticText a, std::string_view b) { return a.view_ == b; }

 private:
  std::string_view view_;
};

// One extra header of an answer, e.g. Allow or Retry-After.
struct Header {
  StaticText name;
  std::string value;
};

// One HTTP answer. An empty content_type means "no body" (204). Answers carry at most four extra
// headers, kept inline, so an answer allocates nothing but its body.
struct Response {
  int status = 200;
  StaticText content_type;
  std::string body;
  boost::container::small_vector<Header, 4> headers;
};

inline constexpr StaticText kJsonType = "application/json";
inline constexpr StaticText kHtmlType = "text/html; charset=utf-8";
inline constexpr StaticText kTextType = "text/plain; charset=utf-8";

// Returns a JSON answer with `status` and the given body.
inline Response json_response(int status, std::string body) {
  return {status, kJsonType, std::move(body), {}};
}

// Returns a JSON answer {"error": error} with `status`.
Response json_error(int status, std::string_view error);

// Adds the CORS headers every answer carries (Access-Control-Allow-Origin: *).
void add_cors_headers(Response& response);

// Adds the extra CORS headers of a preflight answer (allowed methods and headers, max age).
void add_preflight_headers(Response& response);

}  // namespace gb::server
