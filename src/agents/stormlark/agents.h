// Stormlark's reference agents for the eval harness (the simple look-ahead policies used by the
// balance tests stay in policies.h).
//   random   uniform over the legal actions (END_RUN left out)
//   greedy   one turn ahead: most points, then most hull; ties drawn from the agent's seed
//   planner  beam search over turns on the exact simulator; value = score + 10000 per hull +
//            20 per charge; --budget counts simulated turns per move (default 256, beam 16)
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "agents/common/agent.h"
#include "games/stormlark/traits.h"

namespace gb::stormlark {

inline constexpr int64_t kPlannerDefaultBudget = 256;

// The run-length cap of `eval` (agent actions): a Stormlark action is one turn (a reach is about
// 21).
inline constexpr int64_t kRunCap = 2000;

// The action the harness appends at the cap so the run's score is final, or nullopt when the
// game has no end action.
inline std::optional<Action> end_action() {
  return Action{ActionType::kEndRun};
}

// Returns the named agent, or nullptr for an unknown name.
std::unique_ptr<agents::Agent<Traits>> make_agent(std::string_view name,
                                                  const agents::AgentOptions& options);

// True for END_RUN, the one action that ends a run by choice.
bool is_voluntary_end(const Action& a);

}  // namespace gb::stormlark
