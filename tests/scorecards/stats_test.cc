// The statistics of a card (SPEC section 14) on cases computed by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "scorecards/card_table.h"
#include "scorecards/stats.h"

namespace gb::scorecards {
namespace {

GameInput game(std::string slug, std::vector<int64_t> scores, double random, double planner,
               std::optional<double> human = std::nullopt) {
  return GameInput{std::move(slug), std::move(scores), random, planner, human};
}

TEST(ScorecardStats, OneRunHasAMeanButNoInterval) {
  std::vector<GameInput> in = {game("a", {10}, 0, 20)};
  CardStats s = compute_stats(in);
  ASSERT_EQ(s.games.size(), 1u);
  EXPECT_EQ(s.games[0].n, 1);
  EXPECT_DOUBLE_EQ(s.games[0].mean, 10);
  EXPECT_DOUBLE_EQ(s.games[0].sd, 0);
  EXPECT_FALSE(s.games[0].ci95) << "a sample sd needs two runs";
  ASSERT_TRUE(s.games[0].normalised);
  EXPECT_DOUBLE_EQ(*s.games[0].normalised, 0.5);
  ASSERT_TRUE(s.overall.normalised);
  EXPECT_DOUBLE_EQ(*s.overall.normalised, 0.5);
  EXPECT_FALSE(s.overall.ci95);
}

TEST(ScorecardStats, AllEqualScoresGiveAZeroWidthInterval) {
  std::vector<GameInput> in = {game("a", {5, 5, 5, 5}, 1, 9)};
  CardStats s = compute_stats(in);
  EXPECT_DOUBLE_EQ(s.games[0].mean, 5);
  EXPECT_DOUBLE_EQ(s.games[0].sd, 0);
  ASSERT_TRUE(s.games[0].ci95);
  EXPECT_DOUBLE_EQ(s.games[0].ci95->lo, 5);
  EXPECT_DOUBLE_EQ(s.games[0].ci95->hi, 5);
  EXPECT_DOUBLE_EQ(*s.games[0].normalised, 0.5);
  ASSERT_TRUE(s.overall.ci95);
  EXPECT_DOUBLE_EQ(s.overall.ci95->lo, 0.5);
  EXPECT_DOUBLE_EQ(s.overall.ci95->hi, 0.5);
}

TEST(ScorecardStats, HumanNormalisedIsNullWithoutAHumanReference) {
  std::vector<GameInput> in = {game("a", {5, 5}, 1, 9), game("b", {5, 5}, 1, 9, 11.0)};
  CardStats s = compute_stats(in);
  EXPECT_FALSE(s.games[0].human_normalised);
  ASSERT_TRUE(s.games[1].human_normalised);
  EXPECT_DOUBLE_EQ(*s.games[1].human_normalised, 0.4);  // (5 - 1) / (11 - 1)
  EXPECT_DOUBLE_EQ(*s.overall.normalised, 0.5);         // people do not enter `overall`
}

TEST(ScorecardStats, MeanIntervalAndOverallByHand) {
  // Game a: mean 5, sample variance 32/7, sd 2.1380899..., half width 1.96 * sd / sqrt(8).
  // Game b: mean 5, sample variance 50, sd 7.0710678..., half width 1.96 * sd / sqrt(2).
  std::vector<GameInput> in = {game("a", {2, 4, 4, 4, 5, 5, 7, 9}, 1, 9),
                               game("b", {0, 10}, 0, 10)};
  CardStats s = compute_stats(in);
  EXPECT_DOUBLE_EQ(s.games[0].mean, 5);
  EXPECT_NEAR(s.games[0].sd, 2.1380899352993950, 1e-12);
  EXPECT_NEAR(s.games[0].ci95->lo, 5 - 1.4816207342, 1e-9);
  EXPECT_NEAR(s.games[0].ci95->hi, 5 + 1.4816207342, 1e-9);
  EXPECT_NEAR(s.games[1].ci95->hi, 5 + 9.8, 1e-9);  // 1.96 * sqrt(50) / sqrt(2) = 1.96 * 5
  EXPECT_DOUBLE_EQ(*s.games[0].normalised, 0.5);    // (5 - 1) / (9 - 1)
  EXPECT_DOUBLE_EQ(*s.games[1].normalised, 0.5);    // (5 - 0) / (10 - 0)
  // Overall: variances in normalised units, (32/7)/64/8 + 50/100/2 = 0.0089285714 + 0.25.
  const double half = 1.96 * std::sqrt(32.0 / 7.0 / 64.0 / 8.0 + 0.25) / 2.0;
  EXPECT_NEAR(half, 0.4986731, 1e-6);
  EXPECT_DOUBLE_EQ(*s.overall.normalised, 0.5);
  EXPECT_NEAR(s.overall.ci95->lo, 0.5 - half, 1e-12);
  EXPECT_NEAR(s.overall.ci95->hi, 0.5 + half, 1e-12);
}

TEST(ScorecardStats, EqualReferencesCannotNormalise) {
  std::vector<GameInput> in = {game("a", {3, 4}, 7, 7), game("b", {3, 4}, 0, 10)};
  CardStats s = compute_stats(in);
  EXPECT_FALSE(s.games[0].normalised);
  EXPECT_TRUE(s.games[1].normalised);
  EXPECT_FALSE(s.overall.normalised);
  EXPECT_FALSE(s.overall.ci95);
}

TEST(ScorecardStats, NoGamesAndNoRuns) {
  EXPECT_FALSE(compute_stats({}).overall.normalised);
  std::vector<GameInput> in = {game("a", {}, 0, 10)};
  CardStats s = compute_stats(in);
  EXPECT_EQ(s.games[0].n, 0);
  EXPECT_DOUBLE_EQ(s.games[0].mean, 0);
  EXPECT_FALSE(s.games[0].ci95);
  EXPECT_DOUBLE_EQ(*s.games[0].normalised, 0);
}

TEST(ScorecardStats, NormalisedScoresBelowRandomAreNegative) {
  std::vector<GameInput> in = {game("a", {0, 0}, 10, 30)};
  EXPECT_DOUBLE_EQ(*compute_stats(in).games[0].normalised, -0.5);
}

TEST(ScorecardTable, PrintsFixedDigitsAndDashesForUnknowns) {
  std::vector<GameInput> in = {game("a", {10}, 0, 20), game("b", {5, 5}, 1, 9, 11.0)};
  const std::string table = card_table(compute_stats(in));
  EXPECT_NE(table.find("10.0"), std::string::npos) << table;
  EXPECT_NE(table.find("0.500"), std::string::npos) << table;
  EXPECT_NE(table.find("[5.0, 5.0]"), std::string::npos) << table;
  EXPECT_NE(table.find("0.400"), std::string::npos) << table;
  EXPECT_NE(table.find("overall normalised 0.500, ci95 -"), std::string::npos) << table;
}

TEST(ScorecardTable, FormatFixedNeverPrintsMinusZero) {
  EXPECT_EQ(format_fixed(-0.0001, 3), "0.000");
  EXPECT_EQ(format_fixed(-0.0, 1), "0.0");
  EXPECT_EQ(format_fixed(-1.25, 1), "-1.2");  // round half to even, as printf does
  EXPECT_EQ(format_fixed(2.0 / 3.0, 3), "0.667");
}

}  // namespace
}  // namespace gb::scorecards
