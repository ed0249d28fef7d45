// POST /api/games/{slug}/batch: many {state, action} items of one game in one request, so a
// planner expands a whole node (or beam layer) in one round trip (SPEC.md section 13).
#pragma once

#include <cstddef>

#include "server/http/router.h"

namespace gb::server {

// The number of items a batch may hold.
inline constexpr size_t kMinBatchItems = 1;
inline constexpr size_t kMaxBatchItems = 256;

// {items:[{state, action}, ...]} -> 200 {results:[...]} in item order, each result the action
// route's answer body for that item with its HTTP status first as "status" (200, refusals
// included, or 400). A malformed envelope (not JSON, no items array, 0 or more than
// kMaxBatchItems items, an item that is not an object) answers a plain 400 "Invalid body".
Response batch_route(const RouteContext& context);

}  // namespace gb::server
