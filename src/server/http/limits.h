// The limits the server enforces on what a client sends. docs/api.md lists the same numbers.
#pragma once

#include <chrono>
#include <cstddef>

#include "core/json_reader.h"

namespace gb::server {

// A request body above this answers 413 (the JSON reader's own cap, so the two agree).
inline constexpr size_t kMaxBodyBytes = kMaxJsonBytes;
// The largest body any route accepts: the socket layer's cap before it knows the route (the
// route table checks every row's limit against it).
inline constexpr size_t kLargestBodyBytes = 8u << 20;
// The request line plus headers above this answers 431.
inline constexpr size_t kMaxHeaderBytes = 16 * 1024;
// The read buffer each connection reserves up front (a smaller one halves throughput).
inline constexpr size_t kReadBufferReserve = 64 * 1024;
// A connection that sends nothing for this long (mid-request or idle between requests) is closed.
inline constexpr std::chrono::milliseconds kDefaultIdleTimeout{15'000};
// Connections beyond this many open at once are accepted and closed at once.
inline constexpr size_t kDefaultMaxConnections = 1024;
// Request-body bytes all connections may hold at once (a body's Content-Length, or 1 MiB for a
// chunked one, counted from its header to its answer). A body beyond this answers 429.
inline constexpr size_t kDefaultBodyBudgetBytes = 64u << 20;

}  // namespace gb::server
