// The route table: every route the service answers, registered in one place.
#pragma once

#include <span>

#include "server/router.h"

namespace gb::server {

// All routes, in match order.
std::span<const Route> route_table();

}  // namespace gb::server
