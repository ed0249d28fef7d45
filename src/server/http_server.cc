#include "server/http_server.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include <algorithm>
#include <csignal>
#include <optional>

#include "server/connection_slot.h"
#include "server/session.h"

namespace gb::server {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

unsigned resolve_thread_count(unsigned requested) {
  if (requested > 0) return requested;
  return std::max(2u, std::thread::hardware_concurrency());
}

// When accept fails for lack of resources (e.g. file descriptors), wait this long before the
// next try instead of spinning.
constexpr std::chrono::milliseconds kAcceptBackoff{50};

}  // namespace

// Member order matters: the io_context is destroyed before the connection counter, because
// destroying it destroys the sessions still queued on it, and they release their slots.
struct Server::Impl {
  explicit Impl(ServerOptions o)
      : options(std::move(o)),
        threads_wanted(resolve_thread_count(options.threads)),
        io(static_cast<int>(threads_wanted)),
        acceptor(io),
        backoff(io) {}

  // Accepts the next connection; over the cap it is closed at once, otherwise served.
  void accept() {
    acceptor.async_accept(
        asio::make_strand(io), [this](boost::system::error_code ec, tcp::socket socket) {
          if (ec == asio::error::operation_aborted || !acceptor.is_open()) return;
          if (ec) {
            backoff.expires_after(kAcceptBackoff);
            backoff.async_wait([this](boost::system::error_code) { accept(); });
            return;
          }
          if (open.load(std::memory_order_relaxed) >= options.max_connections) {
            boost::system::error_code ignored;
            socket.close(ignored);
          } else {
            boost::system::error_code ignored;
            socket.set_option(tcp::no_delay(true), ignored);
            start_session(std::move(socket), options.idle_timeout, ConnectionSlot(open));
          }
          accept();
        });
  }

  ServerOptions options;
  unsigned threads_wanted;
  std::atomic<size_t> open{0};
  asio::io_context io;
  tcp::acceptor acceptor;
  asio::steady_timer backoff;
  std::optional<asio::signal_set> signals;
  std::vector<std::thread> threads;
  std::mutex join_mutex;
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

Server::~Server() {
  stop();
}

uint16_t Server::start() {
  Impl& s = *impl_;
  tcp::resolver resolver(s.io);
  auto endpoints = resolver.resolve(s.options.host, std::to_string(s.options.port));
  tcp::endpoint endpoint = endpoints.begin()->endpoint();
  s.acceptor.open(endpoint.protocol());
  s.acceptor.set_option(asio::socket_base::reuse_address(true));
  s.acceptor.bind(endpoint);
  s.acceptor.listen(asio::socket_base::max_listen_connections);
  uint16_t port = s.acceptor.local_endpoint().port();
  s.accept();
  for (unsigned i = 0; i < s.threads_wanted; ++i) {
    s.threads.emplace_back([&io = s.io] { io.run(); });
  }
  return port;
}

void Server::stop_on_signals() {
  Impl& s = *impl_;
  s.signals.emplace(s.io, SIGINT, SIGTERM);
  s.signals->async_wait([&io = s.io](boost::system::error_code ec, int) {
    if (!ec) io.stop();
  });
}

void Server::wait() {
  std::lock_guard lock(impl_->join_mutex);
  for (std::thread& t : impl_->threads) {
    if (t.joinable()) t.join();
  }
}

void Server::stop() {
  impl_->io.stop();
  wait();
}

size_t Server::open_connections() const {
  return impl_->open.load(std::memory_order_relaxed);
}

unsigned Server::thread_count() const {
  return impl_->threads_wanted;
}

}  // namespace gb::server
