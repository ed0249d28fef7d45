// Replay files: {"slug": "...", "seed": N, "actions": [...], "score": N}, the format the
// browser's download button writes (`score` optional). `eval --record DIR` writes one per run;
// `gameboard replay FILE` re-applies one through the registry's JSON path.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "agents/common/run.h"

namespace gb::harness {

// Returns the replay file text for one run of game `slug`.
std::string replay_json(std::string_view slug, const agents::RunResult& run);

// What re-applying a replay found. `ok` is false with `error` set when the file is malformed,
// names an unknown game, an action is invalid or refused, or the final score differs from the
// recorded one.
struct ReplayReport {
  bool ok = false;
  std::string error;
  std::string slug;
  uint32_t seed = 0;
  int64_t actions = 0;     // actions applied
  int64_t score = 0;       // the final score
  bool game_over = false;  // whether the final state is over
  std::string state_hash;  // fnv1a64 of the final encoded state, hex
};

// Re-applies the replay in `text` in process: the registry's init, then for each action its
// decode_action + apply (GameService::write_action), exactly as the HTTP API would.
ReplayReport replay_text(std::string_view text);

}  // namespace gb::harness
