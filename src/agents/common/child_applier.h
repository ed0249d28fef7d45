// Where a planner's children are computed: by default the planner applies actions to copies of
// the state in process; remotely (gameboard eval --remote against a server offering the batch
// route) a ChildApplier sends a whole layer of (state, action) items in one request. The engine
// is deterministic, so both give the same children and the same run.
#pragma once

#include <cstdint>
#include <vector>

namespace gb::agents {

template <class G>
class ChildApplier {
 public:
  virtual ~ChildApplier() = default;
  // Applies actions[i] to states[i] for every i, in place. accepted[i] (resized to the item
  // count) says whether the rules accepted it; a refused item's state is left unchanged.
  // Requires states.size() == actions.size().
  virtual void apply_all(std::vector<typename G::State>& states,
                         const std::vector<typename G::Action>& actions,
                         std::vector<uint8_t>& accepted) = 0;
};

}  // namespace gb::agents
