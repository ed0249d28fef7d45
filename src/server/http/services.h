// What the stateful routes (runs, leaderboards, the daily challenge) need beyond the registry.
// The pure handler takes it as a pointer; without it those routes answer 503.
#pragma once

#include <string>
#include <vector>

#include "registry/service.h"
#include "runs/card_cache.h"
#include "runs/slot_cache.h"
#include "server/http/rate_limiter.h"
#include "store/store.h"

namespace gb::server {

struct Services {
  store::Store* store = nullptr;
  RateLimiter* submit_limiter = nullptr;  // null: submissions are not limited
  std::string daily_secret;               // the key of the daily seed, kept in the store
  RunBounds bounds;
  std::vector<std::string> mcp_origins;   // browser origins POST /mcp accepts besides its own
  runs::CardCache* card_cache = nullptr;  // the scorecard reads' cache; null: none
  runs::SlotCache* slot_cache = nullptr;  // cards' slots for fills' checks; null: read the store
};

}  // namespace gb::server
