// The request-body limit of each route. Most routes take at most kMaxBodyBytes (1 MiB); a route
// that needs more (a batch of states) names its own limit in one table (body_limit.cc), and both
// the socket layer (before reading a body) and the pure handler ask max_body_bytes.
#pragma once

#include <cstddef>
#include <string_view>

#include "server/limits.h"

namespace gb::server {

// The largest body any route accepts: the socket layer's cap before it knows the route.
inline constexpr size_t kMaxBatchBodyBytes = 8u << 20;
// A run submission (POST /api/runs): up to 100000 actions.
inline constexpr size_t kMaxRunBodyBytes = 4u << 20;
inline constexpr size_t kLargestBodyBytes = kMaxBatchBodyBytes;

// The most body bytes a request with this method and target (path plus optional query) may send;
// kMaxBodyBytes unless the route table of body_limit.cc names a larger limit for it.
size_t max_body_bytes(std::string_view method, std::string_view target);

}  // namespace gb::server
