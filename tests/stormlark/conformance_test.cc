// Stormlark runs the shared conformance suite: SL-18, SL-20, SL-55, SL-88, SL-90, SL-91.
#include "conformance/conformance.h"
#include "games/stormlark/traits.h"

namespace gb::stormlark {
namespace {

using conformance::Policy;

TEST(StormlarkConformance, RandomPlayouts_SL18_SL20_SL55_SL88_SL90_SL91) {
  for (uint32_t seed = 1; seed <= 120; ++seed) {
    conformance::check_playout<Traits>(seed, Policy::kRandom, 400);
    if (HasFailure()) FAIL() << "seed " << seed;
  }
}

TEST(StormlarkConformance, GreedyPlayouts_SL18_SL20_SL55_SL88_SL90_SL91) {
  for (uint32_t seed = 1; seed <= 60; ++seed) {
    conformance::check_playout<Traits>(seed, Policy::kGreedy, 400);
    if (HasFailure()) FAIL() << "seed " << seed;
  }
}

}  // namespace
}  // namespace gb::stormlark
