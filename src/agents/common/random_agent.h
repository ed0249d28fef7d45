// The random agent: uniform over the legal actions, drawn from the agent's own seeded stream.
// Actions that end the run by choice (END_RUN, endRun) are left out, so a random run ends by the
// rules or at the action cap.
#pragma once

#include <cstdint>

#include "agents/common/agent.h"

namespace gb::agents {

// `is_voluntary_end(a)` names the actions the random agent never picks.
template <class G, bool (*is_voluntary_end)(const typename G::Action&)>
class RandomAgent final : public Agent<G> {
 public:
  explicit RandomAgent(uint64_t seed) : rng_(seed) {}

  // Returns a uniformly drawn legal action other than a voluntary end; the end action only when
  // nothing else is legal.
  typename G::Action act(const typename G::State& s) override {
    typename G::ActionList legal;
    G::legal_actions(s, legal);
    typename G::ActionList pool;
    for (const auto& a : legal) {
      if (!is_voluntary_end(a)) pool.push_back(a);
    }
    const auto& from = pool.begin() == pool.end() ? legal : pool;
    auto n = static_cast<uint32_t>(from.end() - from.begin());
    return *(from.begin() + rng_.below(n));
  }

 private:
  AgentRng rng_;
};

}  // namespace gb::agents
