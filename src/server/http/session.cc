#include "server/http/session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <array>
#include <memory>
#include <optional>
#include <string_view>

#include "server/http/handler.h"
#include "server/http/limits.h"
#include "server/http/response_head.h"
#include "server/routes/routes.h"
#include "server/routes/run_routes.h"

namespace gb::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using Clock = std::chrono::steady_clock;

// After an error answer, the client may still be sending (e.g. the rest of an oversized body).
// Reading it away before closing keeps the kernel from resetting the connection, which could
// discard the answer before the client reads it. Both bounds keep this cheap.
constexpr std::chrono::milliseconds kDrainTimeout{2'000};
constexpr size_t kDrainMaxBytes = 4u << 20;
// How long a request may wait and work in the pool before the connection gives up on it.
constexpr std::chrono::seconds kWorkTimeout{120};

std::string_view view(beast::string_view s) {
  return {s.data(), s.size()};
}

// One connection, served by the single thread of its io_context (so it needs no strand). Its
// deadline is a time point that each phase moves; one watchdog timer checks it, so a request
// costs no timer operations (Beast's tcp_stream arms and cancels a timer around every read and
// write).
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(SessionSocket socket, ConnectionSlot slot, const SessionShared& shared)
      : socket_(std::move(socket)),
        watchdog_(socket_.get_executor()),
        idle_timeout_(shared.idle_timeout),
        slot_(std::move(slot)),
        budget_(shared.budget),
        services_(shared.services),
        pool_(shared.pool),
        metrics_(shared.metrics),
        trusted_(shared.trusted) {
    buffer_.reserve(kReadBufferReserve);
    beast::error_code ec;
    auto peer = socket_.remote_endpoint(ec);
    if (!ec) client_ = peer.address().to_string();
    peer_trusted_ = trusted_ != nullptr && trusted_->trusts(client_);
  }

  void start() {
    asio::dispatch(socket_.get_executor(), [self = shared_from_this()] {
      self->set_deadline(Clock::now() + self->idle_timeout_);
      self->read_header();
    });
  }

 private:
  // Moves the deadline. The watchdog only wakes at its armed time, so a deadline earlier than
  // that re-arms it; a later one is picked up when it wakes.
  void set_deadline(Clock::time_point deadline) {
    deadline_ = deadline;
    if (watchdog_armed_ && deadline_ >= watchdog_.expiry()) return;
    watchdog_.expires_at(deadline_);  // cancels a wait armed for later
    watchdog_armed_ = true;
    watchdog_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec != asio::error::operation_aborted) self->on_watchdog();
    });
  }

  // The armed time has come: close if the deadline has passed, otherwise wait for it.
  void on_watchdog() {
    watchdog_armed_ = false;
    if (closed_) return;
    if (Clock::now() >= deadline_) return close();
    set_deadline(deadline_);
  }

  // Starts a fresh request: limits set, the idle deadline covering the whole request.
  void read_header() {
    parser_.emplace();
    match_ = RouteMatch{.index = SIZE_MAX};  // an answer before the header counts "unmatched"
    started_ = {};
    parser_->header_limit(static_cast<std::uint32_t>(kMaxHeaderBytes));
    parser_->body_limit(kLargestBodyBytes);  // narrowed to the route's limit in on_header
    deadline_ = Clock::now() + idle_timeout_;
    http::async_read_header(socket_, buffer_, *parser_,
                            beast::bind_front_handler(&Session::on_header, shared_from_this()));
  }

  void on_header(beast::error_code ec, std::size_t) {
    if (ec) return on_read_error(ec);
    if (metrics_ != nullptr) started_ = Clock::now();
    // The one match of this request: its body limit, pool, rate limit, metrics label and handler
    // all come from the row it finds. The views stay valid while the parser holds the header.
    const auto& head = parser_->get();
    match_ = match_route(route_table(), view(head.method_string()), view(head.target()));
    if (parser_->is_done()) return answer();
    // A body is coming: it must fit its route's limit, and its bytes the server-wide budget,
    // before any is read (or a "100 Continue" invites it).
    size_t limit = match_.body_limit();
    if (parser_->content_length().value_or(0) > limit) {
      return answer_and_close(handle_error(413, "Body too large"));
    }
    parser_->body_limit(limit);
    size_t body_bytes = parser_->content_length().value_or(limit);
    if (!budget_.try_take(body_bytes)) {
      Response busy = handle_error(429, "Server busy: too many request bodies in flight");
      busy.headers.push_back({"Retry-After", "1"});
      return answer_and_close(std::move(busy));
    }
    body_lease_ = BodyLease(budget_, body_bytes);
    // curl and others wait for "100 Continue" before sending a large body.
    auto expect = parser_->get()[http::field::expect];
    if (beast::iequals(expect, "100-continue")) {
      continue_.emplace(http::status::continue_, parser_->get().version());
      http::async_write(socket_, *continue_,
                        beast::bind_front_handler(&Session::on_continue, shared_from_this()));
      return;
    }
    read_body();
  }

  void on_continue(beast::error_code ec, std::size_t) {
    if (ec) return close();
    read_body();
  }

  // Reads the rest of the body. What already arrived with the header is parsed here, so a small
  // request needs no second asynchronous operation.
  void read_body() {
    parser_->eager(true);
    beast::error_code ec;
    while (!parser_->is_done() && buffer_.size() > 0) {
      size_t used = parser_->put(buffer_.data(), ec);
      buffer_.consume(used);
      if (ec == http::error::need_more) break;
      if (ec) return on_read_error(ec);
      if (used == 0) break;
    }
    if (parser_->is_done()) return answer();
    http::async_read(socket_, buffer_, *parser_,
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
    Request plain{view(request.method_string()),
                  view(request.target()),
                  request.body(),
                  view(request[http::field::host]),
                  client_,
                  view(request[http::field::origin])};
    if (peer_trusted_) plain.client = forwarded_client(request);
    if (services_ != nullptr && pool_ != nullptr && match_.on_work_pool()) {
      return answer_from_pool(plain, request.keep_alive(), request.version());
    }
    send(handle(plain, match_, services_, metrics_), request.keep_alive(), request.version());
  }

  // The client address a trusted proxy names in the request's X-Forwarded-For (all of its
  // values joined), kept in forwarded_client_ until the next request.
  std::string_view forwarded_client(const http::request<http::string_body>& request) {
    std::string joined;
    auto [first, last] = request.equal_range("X-Forwarded-For");
    for (auto it = first; it != last; ++it) {
      if (!joined.empty()) joined += ',';
      joined += view(it->value());
    }
    forwarded_client_ = trusted_->client_address(client_, joined);
    return forwarded_client_;
  }

  // Runs a store route on the work pool and sends its answer from this connection's thread.
  // The request's views stay valid: the parser is kept until the answer is written.
  void answer_from_pool(const Request& plain, bool keep_alive, unsigned version) {
    if (match_.rate_limited()) {
      if (std::optional<Response> refused = admit_submission(plain, services_)) {
        add_cors_headers(*refused);
        return send(std::move(*refused), keep_alive, version);
      }
    }
    deadline_ = Clock::now() + kWorkTimeout;
    auto job = [self = shared_from_this(), plain, keep_alive, version] {
      Response response = handle(plain, self->match_, self->services_, self->metrics_);
      asio::post(self->socket_.get_executor(),
                 [self, response = std::move(response), keep_alive, version]() mutable {
                   self->send(std::move(response), keep_alive, version);
                 });
    };
    if (!pool_->try_submit(std::move(job))) {
      Response busy = handle_error(503, "Busy");
      busy.headers.push_back({"Retry-After", "1"});
      send(std::move(busy), keep_alive, version);
    }
  }

  void answer_and_close(Response response) { send(std::move(response), false, 11); }

  // Writes the head and the body in one gather write.
  void send(Response out, bool keep_alive, unsigned version) {
    if (metrics_ != nullptr) {
      auto elapsed = started_ == Clock::time_point{} ? Clock::duration{0} : Clock::now() - started_;
      metrics_->record(match_.index, out.status, elapsed);
    }
    write_response_head(out, keep_alive, version, head_);
    body_ = std::move(out.body);
    deadline_ = Clock::now() + idle_timeout_;
    std::array<asio::const_buffer, 2> buffers{asio::buffer(head_), asio::buffer(body_)};
    asio::async_write(
        socket_, buffers,
        beast::bind_front_handler(&Session::on_write, shared_from_this(), keep_alive));
  }

  void on_write(bool keep_alive, beast::error_code ec, std::size_t) {
    body_lease_.reset();  // the next read_header drops the body it counted
    if (ec) return close();
    if (keep_alive) return read_header();
    drain_then_close();
  }

  // Half-closes, then reads away what the client still sends, within kDrainTimeout and
  // kDrainMaxBytes, then closes.
  void drain_then_close() {
    beast::error_code ignored;
    socket_.shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
    buffer_.consume(buffer_.size());
    set_deadline(Clock::now() + kDrainTimeout);
    drain();
  }

  void drain() {
    socket_.async_read_some(buffer_.prepare(16 * 1024),
                            beast::bind_front_handler(&Session::on_drain, shared_from_this()));
  }

  void on_drain(beast::error_code ec, std::size_t bytes) {
    drained_ += bytes;
    if (ec || drained_ > kDrainMaxBytes) return close();
    drain();
  }

  void shutdown_and_close() {
    beast::error_code ignored;
    socket_.shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
    close();
  }

  // Closes the socket (pending reads and writes end with operation_aborted) and stops the
  // watchdog, so nothing keeps the session alive.
  void close() {
    closed_ = true;
    beast::error_code ignored;
    socket_.close(ignored);
    watchdog_.cancel();
  }

  SessionSocket socket_;
  asio::basic_waitable_timer<Clock, asio::wait_traits<Clock>, asio::io_context::executor_type>
      watchdog_;
  Clock::time_point deadline_;
  bool watchdog_armed_ = false;
  bool closed_ = false;
  beast::flat_buffer buffer_;
  std::chrono::milliseconds idle_timeout_;
  ConnectionSlot slot_;
  BodyBudget& budget_;
  const Services* services_;
  WorkPool* pool_;
  Metrics* metrics_;
  RouteMatch match_;             // the request being answered, matched once when its header came
  Clock::time_point started_{};  // when its header arrived; zero before
  std::string client_;
  const TrustedProxies* trusted_;
  bool peer_trusted_ = false;
  std::string forwarded_client_;  // the current request's client named by a trusted proxy
  BodyLease body_lease_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::optional<http::response<http::empty_body>> continue_;
  std::string head_;
  std::string body_;
  size_t drained_ = 0;
};

}  // namespace

void start_session(SessionSocket socket, ConnectionSlot slot, const SessionShared& shared) {
  std::make_shared<Session>(std::move(socket), std::move(slot), shared)->start();
}

}  // namespace gb::server
