// The HTTP server: Boost.Beast over N io_contexts, one per thread. It owns sockets, limits and
// timeouts; every request goes through the pure `handle` function (handler.h).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/http/limits.h"
#include "server/http/services.h"

namespace gb::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;  // 0 picks a free port; start() returns it
  unsigned threads = 0;  // 0: one per hardware thread, at least 2
  std::chrono::milliseconds idle_timeout = kDefaultIdleTimeout;
  size_t max_connections = kDefaultMaxConnections;
  size_t body_budget_bytes = kDefaultBodyBudgetBytes;
  // The store, limits and daily secret of the runs routes; null serves without them (503).
  const Services* services = nullptr;
  unsigned work_threads = 4;  // the pool that verifies runs and talks to the store
  size_t work_queue = 64;     // jobs waiting beyond this answer 503 Busy
  // Peers (IP addresses) whose X-Forwarded-For names the client for the per-client limits.
  std::vector<std::string> trusted_proxies;
};

class Server {
 public:
  // Throws std::invalid_argument when a trusted proxy is not an IP address.
  explicit Server(ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Resolves and binds the host and port, starts accepting on the io threads, and returns the
  // bound port. Throws std::exception (with the reason) when the address cannot be bound.
  uint16_t start();
  // Makes SIGINT and SIGTERM stop the server (wait() then returns). Call after start().
  void stop_on_signals();
  // Blocks until the server stops: a signal, or stop() from another thread.
  void wait();
  // Stops accepting, drops every connection and joins the io threads. Idempotent.
  void stop();
  // The number of connections open right now.
  size_t open_connections() const;
  // Jobs waiting in the work pool right now (0 without services).
  size_t work_queued() const;
  // The request-body bytes counted against the body budget right now.
  size_t body_bytes_in_flight() const;
  unsigned thread_count() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gb::server
