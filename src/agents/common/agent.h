// The agent interface shared by every game: an agent looks at a fully observed state and returns
// the next action. Agents use the engine API only (copy a state, apply, read the score) and never
// see JSON. Every agent is deterministic given its own seed: no wall clock, no global generator.
#pragma once

#include <cstdint>

#include "agents/common/child_applier.h"
#include "core/rng.h"

namespace gb::agents {

// What an agent is built with: its own random seed and its per-move compute budget, counted in
// simulated options (nodes) so that a budget plays the same on every machine.
struct AgentOptions {
  uint64_t seed = 0;
  int64_t budget = 0;  // 0 picks the agent's documented default
};

// One game's agent. `act` is called only on states that are not over, and returns an action the
// engine accepts on that state.
template <class G>
class Agent {
 public:
  virtual ~Agent() = default;
  virtual typename G::Action act(const typename G::State& s) = 0;
  // Lets an agent that searches compute its children through `applier` (which outlives the
  // agent's use of it) instead of in process; the default ignores it. Never changes a decision.
  virtual void use_child_applier(ChildApplier<G>* applier) { (void)applier; }
};

// An agent's private random stream: draw(seed, counter++), the same counter-based generator as
// the engines, so a run depends on nothing but the agent seed and the states it sees.
class AgentRng {
 public:
  explicit AgentRng(uint64_t seed) : seed_(seed) {}
  // Returns a value in 0..bound-1. Requires bound > 0.
  uint32_t below(uint32_t bound) { return gb::below(draw(seed_, counter_++), bound); }

 private:
  uint64_t seed_;
  uint64_t counter_ = 0;
};

}  // namespace gb::agents
