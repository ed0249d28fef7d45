#include "harness/http_transport.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>

#include "agents/common/run.h"
#include "harness/url_parts.h"

namespace gb::harness {
namespace {

// The largest answer body read.
constexpr uint64_t kMaxAnswerBytes = uint64_t{1} << 30;

namespace asio = boost::asio;
namespace http = boost::beast::http;
using tcp = asio::ip::tcp;

class HttpTransport final : public Transport {
 public:
  explicit HttpTransport(BaseUrl base) : base_(std::move(base)), socket_(io_) {}

  std::string get(std::string_view target) override { return request(http::verb::get, target, {}); }
  std::string post(std::string_view target, std::string_view body) override {
    return request(http::verb::post, target, body);
  }

  // Sends one request and returns its answer whatever the status, retrying once on a fresh
  // connection when the old one was dropped.
  HttpAnswer exchange(http::verb verb, std::string_view target, std::string_view body) {
    std::string where =
        "http://" + base_.host + ":" + base_.port + base_.prefix + std::string(target);
    for (int attempt = 0;; ++attempt) {
      boost::system::error_code ec;
      if (!socket_.is_open()) connect(where);
      http::request<http::string_body> req{verb, base_.prefix + std::string(target), 11};
      req.set(http::field::host, base_.host);
      req.set(http::field::connection, "keep-alive");
      if (verb == http::verb::post) {
        req.set(http::field::content_type, "application/json");
        req.body() = std::string(body);
      }
      req.prepare_payload();
      http::write(socket_, req, ec);
      // Beast's default 8 MB cap on a body would refuse a page of long runs (runs export).
      http::response_parser<http::string_body> parser;
      parser.body_limit(kMaxAnswerBytes);
      if (!ec) http::read(socket_, buffer_, parser, ec);
      http::response<http::string_body> res = parser.release();
      if (ec) {
        socket_.close(ec);
        buffer_.clear();
        if (attempt == 0) continue;
        throw agents::RunError("lost the connection to " + where + ": " + ec.message());
      }
      if (!res.keep_alive()) socket_.close(ec);
      auto retry = res.find(http::field::retry_after);
      return {static_cast<int>(res.result_int()), std::move(res.body()),
              retry == res.end() ? std::string() : std::string(retry->value())};
    }
  }

 private:
  // Sends one request; throws unless the answer is 200.
  std::string request(http::verb verb, std::string_view target, std::string_view body) {
    HttpAnswer answer = exchange(verb, target, body);
    if (answer.status != 200) {
      throw agents::RunError("HTTP " + std::to_string(answer.status) + " from http://" +
                             base_.host + ":" + base_.port + base_.prefix + std::string(target) +
                             ": " + answer.body.substr(0, 300));
    }
    return std::move(answer.body);
  }

  void connect(const std::string& where) {
    boost::system::error_code ec;
    tcp::resolver resolver(io_);
    auto endpoints = resolver.resolve(base_.host, base_.port, ec);
    if (!ec) asio::connect(socket_, endpoints, ec);
    if (ec) throw agents::RunError("cannot reach " + where + ": " + ec.message());
  }

  BaseUrl base_;
  asio::io_context io_;
  tcp::socket socket_;
  boost::beast::flat_buffer buffer_;
};

}  // namespace

bool parse_base_url(std::string_view url, BaseUrl& out, std::string& error) {
  constexpr std::string_view kScheme = "http://";
  out = BaseUrl{};
  if (url.substr(0, kScheme.size()) != kScheme) {
    error = "bad URL '" + std::string(url) + "': only http://host[:port][/prefix] is supported";
    return false;
  }
  std::string_view authority = split_authority(url.substr(kScheme.size()), out.prefix);
  if (std::string why = split_host_port(authority, out.host, out.port); !why.empty()) {
    error = "bad URL '" + std::string(url) + "': " + why;
    return false;
  }
  return true;
}

HttpAnswer http_send(const BaseUrl& base, std::string_view method, std::string_view target,
                     std::string_view body) {
  HttpTransport transport(base);
  return transport.exchange(http::string_to_verb(method), target, body);
}

std::unique_ptr<Transport> make_http_transport(const BaseUrl& base) {
  return std::make_unique<HttpTransport>(base);
}

}  // namespace gb::harness
