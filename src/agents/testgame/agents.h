// Testgame's agents for the eval harness (a game for tests only):
//   random   uniform over the legal actions (endRun left out)
//   greedy   start, then the largest take, else a tick
//   planner  beam search over single actions (endRun left out); value = score; --budget counts
//            simulated actions per move (default 32, beam 4)
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "agents/common/agent.h"
#include "games/testgame/traits.h"

namespace gb::testgame {

inline constexpr int64_t kPlannerDefaultBudget = 32;

// The run-length cap of `eval` (agent actions): a run lasts at most 60 turns.
inline constexpr int64_t kRunCap = 100;

// The action the harness appends at the cap so the run's score is final.
inline std::optional<Action> end_action() {
  return Action{ActionType::kEndRun, 0, false};
}

// Returns the named agent, or nullptr for an unknown name.
std::unique_ptr<agents::Agent<Traits>> make_agent(std::string_view name,
                                                  const agents::AgentOptions& options);

// True for endRun, the one action that ends a run by choice.
bool is_voluntary_end(const Action& a);

}  // namespace gb::testgame
