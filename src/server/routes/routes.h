// The route table: every route the service answers, with every fact about it, in one place.
#pragma once

#include <span>

#include "server/http/router.h"

namespace gb::server {

// All routes, in match order (also the order of /openapi.json's paths and of /metrics' series).
std::span<const Route> route_table();

}  // namespace gb::server
