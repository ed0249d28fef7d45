// The scorecard suites (SPEC section 14): open-v1's seeds are the documented draw, its caps are
// the reference agents' default run lengths, and its slots come in suite order.
#include <gtest/gtest.h>

#include "harness/game_agents.h"
#include "scorecards/suite.h"

namespace gb::scorecards {
namespace {

TEST(ScorecardSuite, OpenV1SeedsAreTheDocumentedDraw) {
  const Suite* suite = find_suite("open-v1");
  ASSERT_NE(suite, nullptr);
  EXPECT_FALSE(suite->sealed);
  for (const SuiteGame& g : suite->games) {
    std::vector<uint32_t> drawn = drawn_open_seeds("open-v1", g.slug, 20);
    EXPECT_EQ(std::vector<uint32_t>(g.seeds.begin(), g.seeds.end()), drawn) << g.slug;
    EXPECT_EQ(g.count, 20) << g.slug;
  }
  EXPECT_EQ(suite->slot_count(), 60);
}

TEST(ScorecardSuite, CapsAreTheAgentsDefaultsAndEveryGameExists) {
  for (const Suite& suite : all_suites()) {
    for (const SuiteGame& g : suite.games) {
      const harness::GameAgents* agents = harness::find_game_agents(g.slug);
      ASSERT_NE(agents, nullptr) << suite.id << " names an unknown game " << g.slug;
      EXPECT_EQ(g.max_actions, agents->default_max_actions()) << suite.id << " " << g.slug;
      EXPECT_GT(g.planner.mean(), g.random.mean()) << "references cannot normalise " << g.slug;
    }
  }
}

TEST(ScorecardSuite, SealedV1HasOpenV1sShapeAndNoPublicSeeds) {
  const Suite* open = find_suite("open-v1");
  const Suite* sealed = find_suite("sealed-v1");
  ASSERT_NE(sealed, nullptr);
  EXPECT_TRUE(sealed->sealed);
  ASSERT_EQ(sealed->games.size(), open->games.size());
  for (size_t i = 0; i < sealed->games.size(); ++i) {
    EXPECT_EQ(sealed->games[i].slug, open->games[i].slug);
    EXPECT_EQ(sealed->games[i].count, open->games[i].count);
    EXPECT_EQ(sealed->games[i].max_actions, open->games[i].max_actions);
    EXPECT_TRUE(sealed->games[i].seeds.empty());
    EXPECT_EQ(sealed->games[i].planner.sum, open->games[i].planner.sum);
    EXPECT_EQ(sealed->games[i].random.sum, open->games[i].random.sum);
  }
}

TEST(ScorecardSuite, OpenSlotsComeInSuiteOrder) {
  const Suite* suite = find_suite("open-v1");
  std::vector<Slot> slots = open_slots(*suite);
  ASSERT_EQ(slots.size(), 60u);
  for (size_t i = 0; i < slots.size(); ++i) EXPECT_EQ(slots[i].index, static_cast<int>(i));
  EXPECT_EQ(slots[0].slug, suite->games[0].slug);
  EXPECT_EQ(slots[0].seed, suite->games[0].seeds[0]);
  EXPECT_EQ(slots[20].slug, suite->games[1].slug);
  EXPECT_EQ(slots[59].seed, suite->games[2].seeds[19]);
  EXPECT_EQ(slots[59].max_actions, suite->games[2].max_actions);
}

TEST(ScorecardSuite, UnknownSuite) {
  EXPECT_EQ(find_suite("open-v2"), nullptr);
  EXPECT_EQ(find_suite(""), nullptr);
}

}  // namespace
}  // namespace gb::scorecards
