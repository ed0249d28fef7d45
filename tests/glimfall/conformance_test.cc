// Glimfall runs the shared conformance suite (determinism, JSON round trip, refusals change
// nothing, legal set equals accepted set, score never falls) over 500 seeded playouts, plus
// deep-state batching and pinned golden signatures: GF-16, GF-21, GF-24, GF-81, GF-85, GF-86,
// GF-97, GF-98 (and the per-step invariant: GF-06, GF-63, GF-65, GF-82).
#include "conformance/conformance.h"
#include "core/hash.h"
#include "core/rng.h"
#include "glimfall/support.h"

namespace gb::glimfall {
namespace {

using conformance::Policy;
using namespace testing;

// The same game, but each playout starts deep in a run (the bot plays a seed-dependent stretch
// first) so later Reaches, Settle, bleeds and history pruning are all exercised.
struct DeepTraits : Traits {
  static State init(uint32_t seed) {
    return bot_run(seed, 300 + static_cast<int64_t>(draw(seed, 0) % 12000));
  }
};

TEST(GlimfallConformance, RandomPlayouts_GF81_GF85_GF86_GF97_GF98) {
  for (uint32_t seed = 1; seed <= 250; ++seed) {
    conformance::check_playout<Traits>(seed, Policy::kRandom, 300);
    if (HasFailure()) FAIL() << "seed " << seed;
  }
}

TEST(GlimfallConformance, GreedyPlayouts_GF81_GF85_GF86_GF97_GF98) {
  for (uint32_t seed = 1; seed <= 100; ++seed) {
    conformance::check_playout<Traits>(seed, Policy::kGreedy, 200);
    if (HasFailure()) FAIL() << "seed " << seed;
  }
}

TEST(GlimfallConformance, DeepPlayouts_GF81_GF85_GF86_GF97_GF98) {
  for (uint32_t seed = 1; seed <= 150; ++seed) {
    conformance::check_playout<DeepTraits>(seed, Policy::kRandom, 300);
    if (HasFailure()) FAIL() << "seed " << seed;
  }
}

// GF-21 deep: batches of random sizes from deep states equal the single ticks.
TEST(GlimfallConformance, DeepBatchEqualsSingles_GF21) {
  uint64_t counter = 0;
  for (uint32_t seed = 1; seed <= 40; ++seed) {
    State s = DeepTraits::init(seed);
    if (s.status != Status::kRunning) continue;
    for (int round = 0; round < 5; ++round) {
      const int64_t n = 1 + below(draw(seed, 1000 + counter++), 600);
      State batch = s, single = s;
      apply(batch, tick_action(n));
      for (int64_t i = 0; i < n; ++i) apply(single, tick_action());
      ASSERT_EQ(encode(batch), encode(single)) << "seed " << seed;
      s = batch;
      if (s.status != Status::kRunning) break;
      apply(s, bot_action(s));
    }
  }
}

// Golden signatures: fixed (seed, action list) runs with their final score and the FNV-1a hash of
// the encoded final state. They were computed once from this implementation and pinned; they
// catch any unintended change to the rules, the generator or the codec. A deliberate rule change
// must update them (and say why in its commit).
struct Golden {
  uint32_t seed;
  int64_t bot_ticks;  // the bot plays this long; 0 = use the explicit list below
  int64_t score;
  uint64_t hash;
};

State explicit_run() {
  State s = init(7);
  const Action list[] = {rotate_action(1),  rotate_action(1), start_action(),   tick_action(40),
                         rotate_action(-1), tick_action(65),  rotate_action(1), tick_action(600),
                         rotate_action(1),  tick_action(333), tick_action(600)};
  for (const Action& a : list) apply(s, a);
  return s;
}

TEST(GlimfallGolden, PinnedSignatures) {
  const Golden goldens[] = {
      {7, 0, 270, 0x737E89ABE53F1F24ULL},
      {1, 5000, 33220, 0x37E0D34430A8592DULL},
      {42, 20000, 353970, 0x89D581B3A184E540ULL},
      {4294967295u, 60000, 1884940, 0x308C697547834B84ULL},
  };
  for (const Golden& g : goldens) {
    const State s = g.bot_ticks == 0 ? explicit_run() : bot_run(g.seed, g.bot_ticks);
    const std::string json = encode(s);
    EXPECT_EQ(s.score, g.score) << "seed " << g.seed;
    EXPECT_EQ(fnv1a64(json), g.hash) << "seed " << g.seed;
  }
}

}  // namespace
}  // namespace gb::glimfall
