// The MCP tools over a real SQLite store (SPEC section 10): held games played to their end with a
// scripted policy, refusals as isError results with the legal actions, batches stopping at the
// first refusal, `expect` refusing a retried call, the per-client bound, games surviving a
// restart, and submit_run on the agents' board with the score replay gives.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "mcp/answer_doc.h"
#include "mcp/held_games.h"
#include "mcp/rpc.h"
#include "registry/registry.h"
#include "store/store.h"

namespace gb::mcp {
namespace {

using test::AnswerDoc;

class ToolsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("gb-mcp-tools-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    open();
  }
  void TearDown() override {
    store_.reset();
    std::filesystem::remove_all(dir_);
  }
  void open() {
    store_ = store::open_store("", dir_.string());
    context_.store = store_.get();
    context_.client = "test";
  }

  // Calls tool `name` with `arguments` (JSON text); returns the whole JSON-RPC answer.
  AnswerDoc call(std::string_view name, std::string_view arguments) {
    std::string message = R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":")" +
                          std::string(name) + R"(","arguments":)" + std::string(arguments) + "}}";
    std::optional<std::string> answer = answer_message(message, context_);
    EXPECT_TRUE(answer);
    return AnswerDoc(answer.value_or("null"));
  }

  std::string new_game(std::string_view slug, uint32_t seed) {
    AnswerDoc r = call("new_game", R"({"slug":")" + std::string(slug) + R"(","seed":)" +
                                       std::to_string(seed) + "}");
    EXPECT_EQ(r.raw("/result/isError"), "false");
    return r.str("/result/structuredContent/gameId");
  }

  AnswerDoc act(const std::string& id, const std::string& action) {
    return call("act", R"({"game_id":")" + id + R"(","action":)" + action + "}");
  }

  std::filesystem::path dir_;
  std::unique_ptr<store::Store> store_;
  ToolContext context_;
};

// The scripted policy: start, ticks (25 at a time on every third), the other legal moves in
// turn, and the end action after 60 moves.
std::string policy(const AnswerDoc& position, int turn) {
  std::string base = "/result/structuredContent/legalActions";
  std::vector<std::string> moves;
  for (size_t i = 0; i < position.size(base); ++i) {
    std::string type = position.str(base + "/" + std::to_string(i) + "/type");
    if ((type == "END_RUN" || type == "endRun") && turn >= 60) return R"({"type":")" + type + "\"}";
    if (type == "start") return R"({"type":"start"})";
    if (type == "tick") return turn % 3 ? R"({"type":"tick","count":25})" : R"({"type":"tick"})";
    if (type != "END_RUN" && type != "endRun") {
      moves.push_back(position.raw(base + "/" + std::to_string(i)));
    }
  }
  return moves.empty() ? "{}" : moves[static_cast<size_t>(turn) % moves.size()];
}

TEST_F(ToolsTest, EveryGamePlaysToItsEndAndItsReplayGivesTheSameScore) {
  for (const GameService* game : all_games()) {
    std::string slug(game->info().slug);
    std::string id = new_game(slug, 7);
    ASSERT_EQ(id.size(), 25u) << slug;
    AnswerDoc position = call("get_state", R"({"game_id":")" + id + "\"}");
    int turn = 0;
    std::string last;
    while (position.raw("/result/structuredContent/gameOver") != "true" && turn < 500) {
      last = policy(position, turn++);
      AnswerDoc next = act(id, last);
      ASSERT_EQ(next.raw("/result/isError"), "false") << slug << ": " << next.raw("");
      position = std::move(next);
    }
    ASSERT_EQ(position.raw("/result/structuredContent/gameOver"), "true") << slug;
    EXPECT_EQ(position.integer("/result/structuredContent/length"), turn);
    int64_t score = position.integer("/result/structuredContent/score");

    // After the end every move is refused: an error result that says why and lists the legal
    // actions; the game is unchanged.
    AnswerDoc refused = act(id, last);
    EXPECT_EQ(refused.raw("/result/isError"), "true") << slug;
    EXPECT_NE(refused.str("/result/content/0/text").find("refused: "), std::string::npos);
    EXPECT_NE(refused.str("/result/content/0/text").find("legal actions:"), std::string::npos);
    EXPECT_EQ(refused.integer("/result/structuredContent/length"), turn);

    // The replay file re-applies to the same score, through the registry's replay.
    AnswerDoc replay = call("get_replay", R"({"game_id":")" + id + "\"}");
    EXPECT_EQ(replay.str("/result/structuredContent/slug"), slug);
    EXPECT_EQ(replay.integer("/result/structuredContent/score"), score);
    EXPECT_EQ(replay.size("/result/structuredContent/actions"), static_cast<size_t>(turn));
    Issues issues;
    std::string actions = replay.raw("/result/structuredContent/actions");
    std::optional<JsonValue> parsed = parse_json(actions, issues);
    ASSERT_TRUE(parsed);
    RunReplay again = game->replay_run(7, parsed->get_array().value_unsafe(), {});
    ASSERT_TRUE(again.ok) << again.issue;
    EXPECT_EQ(again.score, score) << slug;
    EXPECT_TRUE(again.over);

    // The full state is given only when asked.
    AnswerDoc full = call("get_state", R"({"game_id":")" + id + R"(","format":"json"})");
    EXPECT_EQ(full.raw("/result/structuredContent/state"), full.str("/result/content/0/text"));
    EXPECT_EQ(full.raw("/result/structuredContent/state"), std::string(again.final_state.c_str()));
  }
}

TEST_F(ToolsTest, ABatchStopsAtTheFirstRefusalAndKeepsWhatWentBefore) {
  std::string id = new_game("stormlark", 11);
  AnswerDoc r =
      call("act",
           R"({"game_id":")" + id +
               R"(","actions":[{"type":"VENT"},{"type":"VENT"},{"type":"WARP"},{"type":"VENT"}]})");
  EXPECT_EQ(r.raw("/result/isError"), "true");
  std::string text = r.str("/result/content/0/text");
  EXPECT_NE(text.find("invalid action: "), std::string::npos) << text;
  EXPECT_NE(text.find("at actions[2]; 2 of 4 actions applied"), std::string::npos) << text;
  EXPECT_EQ(r.integer("/result/structuredContent/length"), 2);
  EXPECT_EQ(r.size("/result/structuredContent/legalActions"), 5u);
  AnswerDoc state = call("get_state", R"({"game_id":")" + id + "\"}");
  EXPECT_EQ(state.integer("/result/structuredContent/length"), 2);
}

TEST_F(ToolsTest, ExpectGuardsARetriedCallAgainstApplyingTwice) {
  std::string id = new_game("stormlark", 11);
  std::string two = R"(,"actions":[{"type":"VENT"},{"type":"UP"}]})";
  AnswerDoc first = call("act", R"({"game_id":")" + id + R"(","expect":0)" + two);
  ASSERT_EQ(first.raw("/result/isError"), "false") << first.raw("");
  EXPECT_EQ(first.integer("/result/structuredContent/length"), 2);

  // The same call again (its answer was lost, say): the game holds 2 now, so nothing applies.
  AnswerDoc retried = call("act", R"({"game_id":")" + id + R"(","expect":0)" + two);
  EXPECT_EQ(retried.raw("/result/isError"), "true");
  std::string text = retried.str("/result/content/0/text");
  EXPECT_EQ(text.rfind("expect: the game holds 2 actions, not 0; 0 of 2 actions applied", 0), 0u)
      << text;
  EXPECT_NE(text.find("legal actions:"), std::string::npos) << "the position follows: " << text;
  EXPECT_EQ(retried.integer("/result/structuredContent/length"), 2);
  EXPECT_EQ(
      call("get_state", R"({"game_id":")" + id + "\"}").integer("/result/structuredContent/length"),
      2);

  // A single action with a larger expectation than the game holds is refused the same way.
  AnswerDoc ahead = call("act", R"({"game_id":")" + id + R"(","expect":5,"action":{"type":"UP"}})");
  EXPECT_EQ(ahead.raw("/result/isError"), "true");
  EXPECT_EQ(ahead.str("/result/content/0/text").rfind("expect: the game holds 2 actions, not 5", 0),
            0u);

  // The right expectation applies, and so does a call without one.
  AnswerDoc next = call("act", R"({"game_id":")" + id + R"(","expect":2,"action":{"type":"UP"}})");
  ASSERT_EQ(next.raw("/result/isError"), "false") << next.raw("");
  EXPECT_EQ(next.integer("/result/structuredContent/length"), 3);
  EXPECT_EQ(act(id, R"({"type":"DOWN"})").integer("/result/structuredContent/length"), 4);

  // A malformed expect is a bad argument, never applied.
  auto code = [&](const std::string& expect) {
    return call("act",
                R"({"game_id":")" + id + R"(","expect":)" + expect + R"(,"action":{"type":"UP"}})")
        .integer("/error/code");
  };
  EXPECT_EQ(code("-1"), -32602);
  EXPECT_EQ(code("\"4\""), -32602);
  EXPECT_EQ(code("4.5"), -32602);
  EXPECT_EQ(
      call("get_state", R"({"game_id":")" + id + "\"}").integer("/result/structuredContent/length"),
      4);
}

TEST_F(ToolsTest, BadActsAreInvalidParams) {
  std::string id = new_game("stormlark", 11);
  auto code = [&](const std::string& args) { return call("act", args).integer("/error/code"); };
  EXPECT_EQ(code(R"({"game_id":")" + id + "\"}"), -32602) << "neither action nor actions";
  EXPECT_EQ(code(R"({"game_id":")" + id + R"(","action":{"type":"UP"},"actions":[]})"), -32602);
  EXPECT_EQ(code(R"({"game_id":")" + id + R"(","actions":[]})"), -32602);
  EXPECT_EQ(code(R"({"game_id":")" + id + R"(","actions":[1]})"), -32602);
  EXPECT_EQ(code(R"({"game_id":")" + id + R"(","action":"UP"})"), -32602);
  std::string huge = R"({"game_id":")" + id + R"(","actions":[)";
  for (size_t i = 0; i <= kMaxActionsPerCall; ++i)
    huge += i ? R"(,{"type":"UP"})" : R"({"type":"UP"})";
  EXPECT_EQ(code(huge + "]}"), -32602) << "more actions than one call may hold";
  EXPECT_EQ(code(R"({"game_id":7,"action":{"type":"UP"}})"), -32602);
}

TEST_F(ToolsTest, GamesSurviveARestartAndAreBoundedPerClient) {
  std::string id = new_game("glimfall", 3);
  ASSERT_EQ(act(id, R"({"type":"start"})").raw("/result/isError"), "false");
  store_.reset();
  open();
  AnswerDoc state = call("get_state", R"({"game_id":")" + id + "\"}");
  EXPECT_EQ(state.integer("/result/structuredContent/length"), 1);
  for (int64_t i = 1; i < kMaxGamesPerClient; ++i) new_game("stormlark", 1);
  AnswerDoc over = call("new_game", R"({"slug":"stormlark"})");
  EXPECT_EQ(over.raw("/result/isError"), "true");
  EXPECT_NE(over.str("/result/content/0/text").find("already holds"), std::string::npos);
  context_.client = "someone else";
  EXPECT_EQ(call("new_game", R"({"slug":"stormlark"})").raw("/result/isError"), "false");
}

TEST_F(ToolsTest, SubmitRunPutsTheGameOnTheAgentsBoard) {
  std::string id = new_game("stormlark", 5);
  for (int i = 0; i < 6; ++i) act(id, R"({"type":"VENT"})");
  int64_t score =
      call("get_state", R"({"game_id":")" + id + "\"}").integer("/result/structuredContent/score");
  AnswerDoc bad = call("submit_run", R"({"game_id":")" + id + R"(","name":"<b>"})");
  EXPECT_EQ(bad.raw("/result/isError"), "true");
  AnswerDoc first =
      call("submit_run", R"({"game_id":")" + id + R"(","name":"mcp bot","agent":"t"})");
  ASSERT_EQ(first.raw("/result/isError"), "false") << first.raw("");
  EXPECT_EQ(first.integer("/result/structuredContent/score"), score);
  EXPECT_EQ(first.integer("/result/structuredContent/rank"), 1);
  std::string token = first.str("/result/structuredContent/token");
  EXPECT_EQ(token.size(), 64u);
  store::BoardQuery query;
  query.slug = "stormlark";
  query.kind = "agent";
  query.rules_version = find_game("stormlark")->info().rules_version;
  store::Board board = store_->leaderboard(query);
  ASSERT_EQ(board.entries.size(), 1u);
  EXPECT_EQ(board.entries[0].name, "mcp bot");
  EXPECT_EQ(board.entries[0].score, score);
  query.kind = "human";
  EXPECT_EQ(store_->leaderboard(query).total, 0) << "not on the people's board";
  std::string other = new_game("stormlark", 5);
  EXPECT_EQ(call("submit_run", R"({"game_id":")" + other + R"(","name":"mcp bot"})")
                .raw("/result/isError"),
            "true")
      << "the name is taken without its token";
  EXPECT_EQ(call("submit_run",
                 R"({"game_id":")" + other + R"(","name":"mcp bot","token":")" + token + "\"}")
                .raw("/result/isError"),
            "false");
}

}  // namespace
}  // namespace gb::mcp
