#include "server/http_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http.hpp>

#include <poll.h>

#include <cctype>

#include "server/answer_log.h"

namespace gb::server::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

http::request<http::string_body> make_request(std::string_view method, std::string_view target,
                                              std::string_view body, const HeaderList& headers,
                                              bool keep_alive) {
  http::request<http::string_body> req;
  req.method_string(method);
  req.target(target);
  req.version(11);
  req.set(http::field::host, "127.0.0.1");
  for (const auto& [name, value] : headers) req.set(name, value);
  if (!body.empty()) {
    req.set(http::field::content_type, "application/json");
    req.body() = std::string(body);
  }
  req.keep_alive(keep_alive);
  req.prepare_payload();
  return req;
}

HttpReply to_reply(http::response<http::string_body>& res) {
  HttpReply reply;
  reply.status = static_cast<int>(res.result_int());
  reply.body = std::move(res.body());
  for (const auto& field : res) {
    reply.headers[lower(std::string_view(field.name_string().data(), field.name_string().size()))] =
        std::string(field.value());
  }
  reply.closed_by_server = !res.keep_alive();
  return reply;
}

HttpReply exchange(tcp::socket& socket, beast::flat_buffer& buffer,
                   const http::request<http::string_body>& req) {
  http::write(socket, req);
  http::response_parser<http::string_body> parser;
  parser.body_limit(64u << 20);
  http::read(socket, buffer, parser);
  HttpReply reply = to_reply(parser.get());
  record_answer({req.method_string().data(), req.method_string().size()},
                {req.target().data(), req.target().size()}, req.body(), reply.status, reply.body);
  return reply;
}

}  // namespace

std::string HttpReply::header(const std::string& lower_name) const {
  auto it = headers.find(lower_name);
  return it == headers.end() ? std::string() : it->second;
}

tcp::socket connect_raw(asio::io_context& io, uint16_t port) {
  tcp::socket socket(io);
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  return socket;
}

HttpReply http_request(uint16_t port, std::string_view method, std::string_view target,
                       std::string_view body, const HeaderList& headers) {
  asio::io_context io;
  tcp::socket socket = connect_raw(io, port);
  beast::flat_buffer buffer;
  HttpReply reply = exchange(socket, buffer, make_request(method, target, body, headers, false));
  beast::error_code ignored;
  socket.shutdown(tcp::socket::shutdown_both, ignored);
  return reply;
}

KeepAliveClient::KeepAliveClient(uint16_t port) : socket_(connect_raw(io_, port)) {}

HttpReply KeepAliveClient::request(std::string_view method, std::string_view target,
                                   std::string_view body) {
  return exchange(socket_, buffer_, make_request(method, target, body, {}, true));
}

std::string raw_exchange(uint16_t port, std::string_view bytes, int timeout_ms) {
  asio::io_context io;
  tcp::socket socket = connect_raw(io, port);
  asio::write(socket, asio::buffer(bytes.data(), bytes.size()));
  std::string received;
  char chunk[4096];
  pollfd pfd{socket.native_handle(), POLLIN, 0};
  while (::poll(&pfd, 1, timeout_ms) > 0) {
    beast::error_code ec;
    size_t n = socket.read_some(asio::buffer(chunk), ec);
    received.append(chunk, n);
    if (ec) break;
  }
  return received;
}

}  // namespace gb::server::testing
