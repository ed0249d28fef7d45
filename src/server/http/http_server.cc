#include "server/http/http_server.h"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include <algorithm>
#include <csignal>
#include <optional>

#include "server/http/connection_slot.h"
#include "server/http/session.h"
#include "server/routes/routes.h"

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

// One io_context per thread, each run by exactly that thread: a connection lives on one context,
// so its handlers never race and need no strand, and the threads share no scheduler lock (under
// load, the shared context's mutex and the strands' executor copies were about a tenth of the
// server's samples). The acceptor lives on the first context and hands connections round robin.
//
// Member order matters: the io_contexts are destroyed before the connection counter and the body
// budget, because destroying them destroys the sessions still queued on them, and they release
// their slots and leases.
struct Server::Impl {
  using WorkGuard = asio::executor_work_guard<asio::io_context::executor_type>;

  explicit Impl(ServerOptions o)
      : options(std::move(o)),
        threads_wanted(resolve_thread_count(options.threads)),
        budget(options.body_budget_bytes),
        metrics(route_table()),
        trusted(options.trusted_proxies),
        shared{options.idle_timeout, budget, options.services, nullptr, &metrics, &trusted} {
    for (unsigned i = 0; i < threads_wanted; ++i) {
      contexts.push_back(std::make_unique<asio::io_context>(1));
      // A context with no connection yet must keep running rather than return at once.
      guards.emplace_back(contexts.back()->get_executor());
    }
    acceptor.emplace(*contexts[0]);
    backoff.emplace(*contexts[0]);
    if (options.services != nullptr) {
      pool = std::make_unique<WorkPool>(options.work_threads, options.work_queue);
      shared.pool = pool.get();
      metrics.set_work_pool(pool.get());
    }
  }

  // The executor of the context that serves the next connection.
  asio::io_context::executor_type next_executor() {
    asio::io_context& io = *contexts[next % contexts.size()];
    ++next;
    return io.get_executor();
  }

  // Accepts the next connection; over the cap it is closed at once, otherwise served.
  void accept() {
    acceptor->async_accept(next_executor(), [this](boost::system::error_code ec,
                                                   SessionSocket socket) {
      if (ec == asio::error::operation_aborted || !acceptor->is_open()) return;
      if (ec) {
        backoff->expires_after(kAcceptBackoff);
        backoff->async_wait([this](boost::system::error_code) { accept(); });
        return;
      }
      if (metrics.open_connections().load(std::memory_order_relaxed) >= options.max_connections) {
        boost::system::error_code ignored;
        socket.close(ignored);
      } else {
        boost::system::error_code ignored;
        socket.set_option(tcp::no_delay(true), ignored);
        start_session(std::move(socket), ConnectionSlot(metrics.open_connections()), shared);
      }
      accept();
    });
  }

  // Stops every context; their run() calls return.
  void stop_all() {
    for (auto& io : contexts) io->stop();
  }

  ServerOptions options;
  unsigned threads_wanted;
  BodyBudget budget;
  Metrics metrics;  // holds the count of open connections, so it outlives the contexts
  TrustedProxies trusted;
  SessionShared shared;
  std::vector<std::unique_ptr<asio::io_context>> contexts;
  std::vector<WorkGuard> guards;
  size_t next = 0;  // touched only by the acceptor's thread
  std::optional<tcp::acceptor> acceptor;
  std::optional<asio::steady_timer> backoff;
  std::optional<asio::signal_set> signals;
  std::vector<std::thread> threads;
  std::mutex join_mutex;
  // Declared after the contexts so it is destroyed (its jobs finished) before them: a job holds
  // a session whose socket belongs to a context.
  std::unique_ptr<WorkPool> pool;

  ~Impl() {
    // The acceptor, timer and signal set belong to contexts[0]: destroy them first.
    signals.reset();
    backoff.reset();
    acceptor.reset();
  }
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}

Server::~Server() {
  stop();
}

uint16_t Server::start() {
  Impl& s = *impl_;
  tcp::resolver resolver(*s.contexts[0]);
  auto endpoints = resolver.resolve(s.options.host, std::to_string(s.options.port));
  tcp::endpoint endpoint = endpoints.begin()->endpoint();
  s.acceptor->open(endpoint.protocol());
  s.acceptor->set_option(asio::socket_base::reuse_address(true));
  s.acceptor->bind(endpoint);
  s.acceptor->listen(asio::socket_base::max_listen_connections);
  uint16_t port = s.acceptor->local_endpoint().port();
  s.accept();
  for (auto& io : s.contexts) {
    s.threads.emplace_back([&io = *io] { io.run(); });
  }
  return port;
}

void Server::stop_on_signals() {
  Impl& s = *impl_;
  s.signals.emplace(*s.contexts[0], SIGINT, SIGTERM);
  s.signals->async_wait([&s](boost::system::error_code ec, int) {
    if (!ec) s.stop_all();
  });
}

void Server::wait() {
  std::lock_guard lock(impl_->join_mutex);
  for (std::thread& t : impl_->threads) {
    if (t.joinable()) t.join();
  }
}

void Server::stop() {
  impl_->stop_all();
  wait();
}

size_t Server::open_connections() const {
  return impl_->metrics.open_connections().load(std::memory_order_relaxed);
}

size_t Server::work_queued() const {
  return impl_->pool ? impl_->pool->queued() : 0;
}

size_t Server::body_bytes_in_flight() const {
  return impl_->budget.used();
}

unsigned Server::thread_count() const {
  return impl_->threads_wanted;
}

}  // namespace gb::server
