#include "server/session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <memory>
#include <optional>
#include <string_view>

#include "server/handler.h"
#include "server/limits.h"

namespace gb::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

// After an error answer, the client may still be sending (e.g. the rest of an oversized body).
// Reading it away before closing keeps the kernel from resetting the connection, which could
// discard the answer before the client reads it. Both bounds keep this cheap.
constexpr std::chrono::milliseconds kDrainTimeout{2'000};
constexpr size_t kDrainMaxBytes = 4u << 20;

std::string_view view(beast::string_view s) {
  return {s.data(), s.size()};
}

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(asio::ip::tcp::socket socket, std::chrono::milliseconds idle_timeout, ConnectionSlot slot)
      : stream_(std::move(socket)), idle_timeout_(idle_timeout), slot_(std::move(slot)) {
    buffer_.reserve(kReadBufferReserve);
  }

  void start() {
    asio::dispatch(stream_.get_executor(),
                   beast::bind_front_handler(&Session::read_header, shared_from_this()));
  }

 private:
  // Starts a fresh request: limits set, the idle deadline covering the whole request.
  void read_header() {
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(kMaxHeaderBytes));
    parser_->body_limit(kMaxBodyBytes);
    stream_.expires_after(idle_timeout_);
    http::async_read_header(stream_, buffer_, *parser_,
                            beast::bind_front_handler(&Session::on_header, shared_from_this()));
  }

  void on_header(beast::error_code ec, std::size_t) {
    if (ec) return on_read_error(ec);
    if (parser_->is_done()) return answer();
    // curl and others wait for "100 Continue" before sending a large body.
    auto expect = parser_->get()[http::field::expect];
    if (beast::iequals(expect, "100-continue")) {
      continue_.emplace(http::status::continue_, parser_->get().version());
      http::async_write(stream_, *continue_,
                        beast::bind_front_handler(&Session::on_continue, shared_from_this()));
      return;
    }
    read_body();
  }

  void on_continue(beast::error_code ec, std::size_t) {
    if (ec) return close();
    read_body();
  }

  void read_body() {
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&Session::on_body, shared_from_this()));
  }

  void on_body(beast::error_code ec, std::size_t) {
    if (ec) return on_read_error(ec);
    answer();
  }

  // A read failed: answer what the client can learn from (413, 431, 400), close otherwise.
  void on_read_error(beast::error_code ec) {
    if (ec == http::error::end_of_stream) return shutdown_and_close();
    if (ec == http::error::body_limit) return answer_and_close(handle_error(413, "Body too large"));
    if (ec == http::error::header_limit) {
      return answer_and_close(handle_error(431, "Request header fields too large"));
    }
    if (ec.category() == http::make_error_code(http::error::bad_target).category()) {
      return answer_and_close(handle_error(400, "Bad request"));
    }
    close();  // timeout, reset, or the server stopping
  }

  static Response handle_error(int status, std::string_view error) {
    Response response = json_error(status, error);
    add_cors_headers(response);
    return response;
  }

  void answer() {
    auto& request = parser_->get();
    Request plain{view(request.method_string()), view(request.target()), request.body(),
                  view(request[http::field::host])};
    send(handle(plain), request.keep_alive(), request.version());
  }

  void answer_and_close(Response response) { send(std::move(response), false, 11); }

  void send(Response out, bool keep_alive, unsigned version) {
    response_.emplace();
    response_->version(version);
    response_->result(static_cast<unsigned>(out.status));
    response_->set(http::field::server, "gameboard");
    if (!out.content_type.empty()) response_->set(http::field::content_type, out.content_type);
    for (auto& [name, value] : out.headers) response_->set(name, value);
    response_->body() = std::move(out.body);
    response_->keep_alive(keep_alive);
    response_->prepare_payload();
    stream_.expires_after(idle_timeout_);
    http::async_write(
        stream_, *response_,
        beast::bind_front_handler(&Session::on_write, shared_from_this(), keep_alive));
  }

  void on_write(bool keep_alive, beast::error_code ec, std::size_t) {
    if (ec) return close();
    if (keep_alive) return read_header();
    drain_then_close();
  }

  // Half-closes, then reads away what the client still sends, within kDrainTimeout and
  // kDrainMaxBytes, then closes.
  void drain_then_close() {
    beast::error_code ignored;
    stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
    buffer_.consume(buffer_.size());
    stream_.expires_after(kDrainTimeout);
    drain();
  }

  void drain() {
    stream_.async_read_some(buffer_.prepare(16 * 1024),
                            beast::bind_front_handler(&Session::on_drain, shared_from_this()));
  }

  void on_drain(beast::error_code ec, std::size_t bytes) {
    drained_ += bytes;
    if (ec || drained_ > kDrainMaxBytes) return close();
    drain();
  }

  void shutdown_and_close() {
    beast::error_code ignored;
    stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
    close();
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().close(ignored);
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::chrono::milliseconds idle_timeout_;
  ConnectionSlot slot_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::optional<http::response<http::empty_body>> continue_;
  std::optional<http::response<http::string_body>> response_;
  size_t drained_ = 0;
};

}  // namespace

void start_session(asio::ip::tcp::socket socket, std::chrono::milliseconds idle_timeout,
                   ConnectionSlot slot) {
  std::make_shared<Session>(std::move(socket), idle_timeout, std::move(slot))->start();
}

}  // namespace gb::server
