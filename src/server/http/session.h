// One client connection: reads requests with Beast under the limits, answers each through
// `handle`, keeps the connection alive when asked, and closes it cleanly otherwise.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <chrono>

#include "server/http/body_budget.h"
#include "server/http/connection_slot.h"
#include "server/http/metrics.h"
#include "server/http/services.h"
#include "server/http/trusted_proxies.h"
#include "server/http/work_pool.h"

namespace gb::server {

// A socket bound to its io_context's own executor type: Asio's default, the type-erased
// any_io_executor, costs a virtual call and an executor copy on every operation.
using SessionSocket =
    boost::asio::ip::tcp::socket::rebind_executor<boost::asio::io_context::executor_type>::other;

// What every session of one server shares; everything it points at outlives the sessions.
struct SessionShared {
  std::chrono::milliseconds idle_timeout;
  BodyBudget& budget;                       // request bodies are counted against it
  const Services* services = nullptr;       // the runs routes' store and limits, or null
  WorkPool* pool = nullptr;                 // where store routes run, off the connection thread
  Metrics* metrics = nullptr;               // counts every answer (GET /metrics), or null
  const TrustedProxies* trusted = nullptr;  // peers whose X-Forwarded-For is believed, or null
};

// Starts serving `socket` on its io_context, which one thread runs (so the session needs no
// strand); the session keeps itself alive until it closes.
void start_session(SessionSocket socket, ConnectionSlot slot, const SessionShared& shared);

}  // namespace gb::server
