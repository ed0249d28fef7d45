#include "server/http/response_head.h"

#include <ostream>  // boost/beast/http/status.hpp needs it and does not include it

#include <boost/beast/http/status.hpp>

#include <charconv>
#include <string_view>

namespace gb::server {
namespace {

bool has_line_break(std::string_view s) {
  return s.find_first_of("\r\n") != std::string_view::npos;
}

void append_number(std::string& out, size_t n) {
  char digits[24];
  auto [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
  (void)ec;  // 24 digits hold any size_t
  out.append(digits, end);
}

void append_header(std::string& out, std::string_view name, std::string_view value) {
  if (has_line_break(name) || has_line_break(value)) return;
  out.append(name).append(": ").append(value).append("\r\n");
}

bool forbids_body(int status) {
  return (status >= 100 && status < 200) || status == 204 || status == 304;
}

}  // namespace

void write_response_head(const Response& response, bool keep_alive, unsigned version,
                         std::string& out) {
  out.clear();
  out.append(version == 10 ? "HTTP/1.0 " : "HTTP/1.1 ");
  append_number(out, static_cast<size_t>(response.status));
  out.push_back(' ');
  auto reason =
      boost::beast::http::obsolete_reason(static_cast<boost::beast::http::status>(response.status));
  out.append(reason.data(), reason.size()).append("\r\n");
  append_header(out, "Server", "gameboard");
  if (!response.content_type.empty()) append_header(out, "Content-Type", response.content_type);
  for (const auto& [name, value] : response.headers) append_header(out, name, value);
  if (!forbids_body(response.status)) {
    out.append("Content-Length: ");
    append_number(out, response.body.size());
    out.append("\r\n");
  }
  if (version == 10 && keep_alive) out.append("Connection: keep-alive\r\n");
  if (version != 10 && !keep_alive) out.append("Connection: close\r\n");
  out.append("\r\n");
}

}  // namespace gb::server
