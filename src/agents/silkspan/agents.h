// Silkspan's reference agents for the eval harness.
//   random   uniform over the legal actions (endRun left out): tick 1, a heading, release
//   greedy   one spinner step ahead: for each heading, set it and tick to the next step; most
//            points, then most spools; ties drawn from the agent's seed
//   planner  beam search (width 4) over whole weaves (weaves.h): sampled rectangular excursions
//            and short walks along the silk, simulated exactly; value = score + 20000 per spool,
//            minus 2000 while a thread is left open; --budget counts simulated options per
//            decision (default 64)
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "agents/common/agent.h"
#include "games/silkspan/traits.h"

namespace gb::silkspan {

inline constexpr int64_t kPlannerDefaultBudget = 64;

// The run-length cap of `eval` (agent actions): a planner action is a heading or a merged tick,
// about six per weave.
inline constexpr int64_t kRunCap = 600;

// The action the harness appends at the cap so the run's score is final, or nullopt when the
// game has no end action.
inline std::optional<Action> end_action() {
  return Action{ActionType::kEndRun};
}

// Returns the named agent, or nullptr for an unknown name.
std::unique_ptr<agents::Agent<Traits>> make_agent(std::string_view name,
                                                  const agents::AgentOptions& options);

// True for endRun, the one action that ends a run by choice.
bool is_voluntary_end(const Action& a);

}  // namespace gb::silkspan
