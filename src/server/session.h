// One client connection: reads requests with Beast under the limits, answers each through
// `handle`, keeps the connection alive when asked, and closes it cleanly otherwise.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <chrono>

#include "server/body_budget.h"
#include "server/connection_slot.h"

namespace gb::server {

// A socket bound to its io_context's own executor type: Asio's default, the type-erased
// any_io_executor, costs a virtual call and an executor copy on every operation.
using SessionSocket =
    boost::asio::ip::tcp::socket::rebind_executor<boost::asio::io_context::executor_type>::other;

// Starts serving `socket` on its io_context, which one thread runs (so the session needs no
// strand); the session keeps itself alive until it closes. Request bodies are counted against
// `budget`, which must outlive the session.
void start_session(SessionSocket socket, std::chrono::milliseconds idle_timeout,
                   ConnectionSlot slot, BodyBudget& budget);

}  // namespace gb::server
