// Glimfall's reference agents for the eval harness.
//   random   uniform over the legal actions: start or tick 1, and a rotate when unlocked
//   greedy   one tick ahead: stay, or rotate either way, then tick once; most points, then most
//            sparks; ties drawn from the agent's seed
//   planner  beam search (width 12) over macro-actions (macros.h): rotate (or not), then tick
//            to the eve of the next event (a mote or a rib arrival) or until the ratchet
//            unlocks; value = score + 3000 per spark, minus the angular distance to the nearest
//            rib's open arc (a large penalty when the ratchet can no longer reach it);
//            --budget counts simulated macro-actions per decision (default 128)
// Glimfall has no end action: a run stops at the action cap with its score as it stands.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "agents/common/agent.h"
#include "games/glimfall/traits.h"

namespace gb::glimfall {

inline constexpr int64_t kPlannerDefaultBudget = 128;

// The run-length cap of `eval` (agent actions): a planner action is a rotate or a merged tick, a
// few per rib.
inline constexpr int64_t kRunCap = 1500;

// The action the harness appends at the cap so the run's score is final, or nullopt when the
// game has no end action.
inline std::optional<Action> end_action() {
  return std::nullopt;
}

// Returns the named agent, or nullptr for an unknown name.
std::unique_ptr<agents::Agent<Traits>> make_agent(std::string_view name,
                                                  const agents::AgentOptions& options);

// Glimfall has no voluntary end; always false.
bool is_voluntary_end(const Action& a);

}  // namespace gb::glimfall
