// Recomputes each suite's reference means (SPEC section 14) by playing the reference agents on
// the open-v1 seeds at the suite's caps: the `random` agent with agent seed 0 and the `planner`
// at its default budget. A rules or agent change that moves a mean fails here, and the fix is a
// new suite id, never an edited constant under an old one.
#include <gtest/gtest.h>

#include "harness/eval_runner.h"
#include "scorecards/suite.h"

namespace gb::scorecards {
namespace {

// The sum of `agent`'s scores over the game's open seeds at its cap.
int64_t score_sum(const SuiteGame& game, const std::string& agent) {
  harness::EvalJob job;
  job.game = harness::find_game_agents(game.slug);
  job.seeds.assign(game.seeds.begin(), game.seeds.end());
  job.jobs = 2;
  job.settings.agent = agent;
  job.settings.budget = job.game->default_budget();
  job.settings.max_actions = game.max_actions;
  int64_t sum = 0;
  for (const agents::RunResult& r : harness::run_eval(job)) sum += r.score;
  return sum;
}

TEST(ScorecardReference, OpenV1MeansAreWhatTheReferenceAgentsScore) {
  const Suite* suite = find_suite("open-v1");
  ASSERT_NE(suite, nullptr);
  for (const SuiteGame& g : suite->games) {
    EXPECT_EQ(g.random.n, static_cast<int64_t>(g.seeds.size()));
    EXPECT_EQ(g.planner.n, static_cast<int64_t>(g.seeds.size()));
    EXPECT_EQ(score_sum(g, "random"), g.random.sum) << g.slug << " random";
    EXPECT_EQ(score_sum(g, "planner"), g.planner.sum) << g.slug << " planner";
  }
}

}  // namespace
}  // namespace gb::scorecards
