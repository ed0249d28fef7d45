// The request-body limits of the routes that take more than kMaxBodyBytes (1 MiB). Each is the
// `body_limit` of its row in the route table (routes.cc), which the server reads from its one
// match of the request.
#pragma once

#include <cstddef>
#include <string_view>

#include "server/http/limits.h"

namespace gb::server {

// A batch of states (POST /api/games/{slug}/batch): 256 of the largest states with room to spare.
inline constexpr size_t kMaxBatchBodyBytes = 8u << 20;
// A run submission (POST /api/runs): up to 100000 actions.
inline constexpr size_t kMaxRunBodyBytes = 4u << 20;
static_assert(kMaxBatchBodyBytes <= kLargestBodyBytes && kMaxRunBodyBytes <= kLargestBodyBytes);

// The most body bytes a request with this method and target (path plus optional query) may send:
// its row's limit in the route table, kMaxBodyBytes when no row matches.
size_t max_body_bytes(std::string_view method, std::string_view target);

}  // namespace gb::server
