// Silkspan runs the shared conformance suite (300 seeded playouts): SS-13, SS-14, SS-16, SS-17,
// SS-47, SS-89, SS-90, SS-91, SS-108 (round trip) on every probed step.
#include "conformance/conformance.h"
#include "agents/silkspan/agents.h"
#include "games/silkspan/traits.h"

namespace gb::silkspan {
namespace {

using conformance::Policy;

TEST(SilkspanConformance, RandomPlayouts_SS13_SS14_SS16_SS17_SS47_SS90_SS91) {
  for (uint32_t seed = 1; seed <= 200; ++seed) {
    conformance::check_playout<Traits>(seed, Policy::kRandom, 300);
    if (HasFailure()) FAIL() << "seed " << seed;
  }
}

// The greedy policy ticks (listed first) until beetles take every spool: long runs, so legality
// is probed every 16 steps.
TEST(SilkspanConformance, GreedyPlayouts_SS13_SS14_SS16_SS17_SS47_SS90_SS91) {
  for (uint32_t seed = 1; seed <= 100; ++seed) {
    conformance::check_playout<Traits>(seed, Policy::kGreedy, 600, false);
    if (HasFailure()) FAIL() << "seed " << seed;
  }
}

// Random and greedy play almost never closes a weave, so the planner plays too: claims, spark
// and spool losses, panel clears and new panels all pass through the same checks.
TEST(SilkspanConformance, PlannerPlayouts_SS13_SS14_SS16_SS17_SS47_SS90_SS91) {
  for (uint32_t seed = 1; seed <= 8; ++seed) {
    auto planner = make_agent("planner", agents::AgentOptions{seed, 8});
    auto next_action = [&](const State& s) { return planner->act(s); };
    conformance::check_playout_with<Traits>(seed, next_action, 120);
    if (HasFailure()) FAIL() << "seed " << seed;
  }
}

}  // namespace
}  // namespace gb::silkspan
