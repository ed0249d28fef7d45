// Verification of a run: a pure function of (slug, seed, actions) over the registry. It replays
// the actions from init(seed) through the action route's grammar check and apply, and gives the
// score it computed, never one it was told. No storage, no HTTP: the route, the CLI, the MCP tool
// and the tests all call it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/json_reader.h"
#include "registry/service.h"

namespace gb::runs {

// A run that replayed to its end.
struct VerifiedRun {
  std::string slug;
  uint32_t seed = 0;
  std::string actions_json;  // the actions as sent, compact
  int64_t score = 0;
  int64_t length = 0;  // actions
  int64_t steps = 0;   // engine steps (a tick of count N counts N)
  bool over = false;
  std::string state_hash;  // fnv1a64 of the final state's JSON, 16 hex digits
  uint32_t rules_version = 0;
};

// The verdict: a verified run, or the first problem ("actions[17]: refused: low_charge").
struct Verification {
  std::optional<VerifiedRun> run;
  std::string issue;
};

// Replays `actions` (must be a JSON array) of game `slug` from `seed` within `bounds`.
Verification verify_run(std::string_view slug, uint32_t seed, JsonValue actions,
                        const RunBounds& bounds = {});

}  // namespace gb::runs
