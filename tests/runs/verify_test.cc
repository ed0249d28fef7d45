// Verification replays (slug, seed, actions) through the action route's grammar check and apply:
// the score is the replay's, never the client's, and the first bad action is named by index.
#include <gtest/gtest.h>

#include "core/json_reader.h"
#include "harness/game_agents.h"
#include "harness/replay.h"
#include "runs/verify.h"

namespace gb::runs {
namespace {

// Parses `text` and keeps the document alive for the test.
struct Doc {
  simdjson::dom::parser parser;
  JsonValue root;
  explicit Doc(const std::string& text) {
    EXPECT_EQ(parser.parse(text).get(root), simdjson::SUCCESS) << text;
  }
};

TEST(Verify, AgentRunsOfEveryGameVerifyToTheirScoreAndTheJsonPathsHash) {
  for (const harness::GameAgents* game : harness::all_game_agents()) {
    agents::RunResult run = game->run(11, {"planner", 0, 16, 120}, nullptr);
    Doc actions(run.actions_json);
    Verification v = verify_run(game->slug(), 11, actions.root);
    ASSERT_TRUE(v.run) << game->slug() << ": " << v.issue;
    EXPECT_EQ(v.run->score, run.score) << game->slug();
    EXPECT_EQ(v.run->length, run.length) << game->slug();
    EXPECT_GE(v.run->steps, v.run->length);
    // The same final state as re-applying the replay file action by action through JSON.
    harness::ReplayReport json_path = harness::replay_text(harness::replay_json(game->slug(), run));
    ASSERT_TRUE(json_path.ok) << json_path.error;
    EXPECT_EQ(v.run->state_hash, json_path.state_hash) << game->slug();
    EXPECT_EQ(v.run->over, json_path.game_over) << game->slug();
  }
}

TEST(Verify, TheFirstRefusedActionIsNamedByIndexWithItsReason) {
  Doc actions(R"([{"type":"UP"},{"type":"UP"},{"type":"NEXT_REACH"},{"type":"UP"}])");
  Verification v = verify_run("stormlark", 1, actions.root);
  ASSERT_FALSE(v.run);
  EXPECT_EQ(v.issue, "actions[2]: refused: not_at_gate");
}

TEST(Verify, AMalformedActionIsNamedByIndexWithTheGrammarIssue) {
  Doc unknown(R"([{"type":"start"},{"type":"JUMP"}])");
  Verification v = verify_run("glimfall", 1, unknown.root);
  ASSERT_FALSE(v.run);
  EXPECT_TRUE(v.issue.starts_with("actions[1].type: ")) << v.issue;
  Doc count(R"([{"type":"start"},{"type":"tick","count":601}])");
  v = verify_run("glimfall", 1, count.root);
  ASSERT_FALSE(v.run);
  EXPECT_TRUE(v.issue.starts_with("actions[1].count: ")) << v.issue;
  Doc not_object(R"([5])");
  v = verify_run("stormlark", 1, not_object.root);
  ASSERT_FALSE(v.run);
  EXPECT_TRUE(v.issue.starts_with("actions[0]")) << v.issue;
}

TEST(Verify, UnknownGamesAndNonArraysAreRefused) {
  Doc empty("[]");
  Verification v = verify_run("tetris", 1, empty.root);
  ASSERT_FALSE(v.run);
  EXPECT_NE(v.issue.find("unknown game 'tetris'"), std::string::npos) << v.issue;
  EXPECT_NE(v.issue.find("stormlark"), std::string::npos) << v.issue;
  Doc object(R"({"type":"UP"})");
  v = verify_run("stormlark", 1, object.root);
  ASSERT_FALSE(v.run);
  EXPECT_EQ(v.issue, "actions: must be an array, not object");
}

TEST(Verify, AnEmptyRunIsTheInitialState) {
  Doc empty("[]");
  Verification v = verify_run("silkspan", 3, empty.root);
  ASSERT_TRUE(v.run) << v.issue;
  EXPECT_EQ(v.run->score, 0);
  EXPECT_EQ(v.run->length, 0);
  EXPECT_FALSE(v.run->over);
}

TEST(Verify, TheActionBoundIsChecked) {
  std::string text = "[";
  for (int i = 0; i < 11; ++i) text += std::string(i ? "," : "") + R"({"type":"VENT"})";
  text += "]";
  Doc actions(text);
  RunBounds bounds;
  bounds.max_actions = 10;
  Verification v = verify_run("stormlark", 1, actions.root, bounds);
  ASSERT_FALSE(v.run);
  EXPECT_EQ(v.issue, "actions: 11 actions, the bound is 10");
}

TEST(Verify, TheEngineStepBoundCountsTicksByTheirCount) {
  // start, then ticks of 600: the bound of 1000 steps is passed by the second tick.
  Doc actions(R"([{"type":"start"},{"type":"tick","count":600},{"type":"tick","count":600}])");
  RunBounds bounds;
  bounds.max_steps = 1000;
  Verification v = verify_run("silkspan", 1, actions.root, bounds);
  ASSERT_FALSE(v.run);
  EXPECT_EQ(v.issue, "actions[2]: the run exceeds 1000 engine steps");
  bounds.max_steps = 1201;
  v = verify_run("silkspan", 1, actions.root, bounds);
  ASSERT_TRUE(v.run) << v.issue;
  EXPECT_EQ(v.run->steps, 1201);
}

TEST(Verify, RulesVersionIsTheGamesCurrentOne) {
  Doc empty("[]");
  Verification v = verify_run("stormlark", 1, empty.root);
  ASSERT_TRUE(v.run);
  EXPECT_EQ(v.run->rules_version, 1u);
}

}  // namespace
}  // namespace gb::runs
