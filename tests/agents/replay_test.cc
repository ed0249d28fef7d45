// Replay files written for eval runs re-apply to the same score through the JSON path; a
// tampered file fails loudly.
#include <gtest/gtest.h>

#include "harness/game_agents.h"
#include "harness/replay.h"

namespace gb::harness {
namespace {

TEST(Replay, RecordedRunsReplayToTheSameScore) {
  for (const GameAgents* game : all_game_agents()) {
    agents::RunResult run = game->run(9, {"planner", 0, 16, 80}, nullptr);
    ReplayReport r = replay_text(replay_json(game->slug(), run));
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.slug, game->slug());
    EXPECT_EQ(r.seed, 9u);
    EXPECT_EQ(r.score, run.score);
    EXPECT_EQ(r.actions, run.length);
    EXPECT_EQ(r.state_hash.size(), 16u);
    // The cap's end action or the rules ended it; Glimfall stops at the cap while running.
    EXPECT_EQ(r.game_over, game->has_end_action() || run.end_reason == "over") << game->slug();
  }
}

TEST(Replay, ScoreIsOptionalAndTheHashIsStable) {
  std::string text = R"({"slug":"stormlark","seed":1,"actions":[{"type":"VENT"},{"type":"UP"}]})";
  ReplayReport a = replay_text(text);
  ReplayReport b = replay_text(text);
  ASSERT_TRUE(a.ok) << a.error;
  EXPECT_EQ(a.actions, 2);
  EXPECT_EQ(a.state_hash, b.state_hash);
  ReplayReport shorter =
      replay_text(R"({"slug":"stormlark","seed":1,"actions":[{"type":"VENT"}]})");
  EXPECT_NE(shorter.state_hash, a.state_hash);
}

TEST(Replay, TamperedScoreFails) {
  const GameAgents* game = all_game_agents()[0];
  agents::RunResult run = game->run(2, {"greedy", 0, 0, 50}, nullptr);
  run.score += 1;
  ReplayReport r = replay_text(replay_json(game->slug(), run));
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("score mismatch"), std::string::npos) << r.error;
}

TEST(Replay, RefusedOrInvalidActionsFail) {
  // NEXT_REACH while flying is refused by the rules.
  ReplayReport refused =
      replay_text(R"({"slug":"stormlark","seed":1,"actions":[{"type":"NEXT_REACH"}]})");
  EXPECT_FALSE(refused.ok);
  EXPECT_NE(refused.error.find("action 1"), std::string::npos) << refused.error;
  EXPECT_NE(refused.error.find("not_at_gate"), std::string::npos) << refused.error;
  ReplayReport invalid =
      replay_text(R"({"slug":"stormlark","seed":1,"actions":[{"type":"JUMP"}]})");
  EXPECT_FALSE(invalid.ok);
  EXPECT_NE(invalid.error.find("Invalid body"), std::string::npos) << invalid.error;
}

TEST(Replay, MalformedFilesFail) {
  for (const char* bad :
       {"", "[]", R"({"seed":1,"actions":[]})", R"({"slug":"stormlark","actions":[]})",
        R"({"slug":"stormlark","seed":-1,"actions":[]})", R"({"slug":"stormlark","seed":1})",
        R"({"slug":"nope","seed":1,"actions":[]})",
        R"({"slug":"stormlark","seed":1,"actions":[],"score":"x"})"}) {
    EXPECT_FALSE(replay_text(bad).ok) << bad;
  }
}

}  // namespace
}  // namespace gb::harness
