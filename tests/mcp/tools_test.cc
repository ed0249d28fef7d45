// The MCP tools over a real SQLite store (SPEC section 10): held games played to their end with a
// scripted policy, refusals as isError results with the legal actions, batches stopping at the
// first refusal, `expect` refusing a retried call, the per-client bound, games surviving a
// restart, and submit_run on the agents' board with the score replay gives. Scorecards: a card's
// slots each with a game bound to it, submit_run filling that slot (once, with the card's token),
// the slot's cap (and the end action past it) and a closed card refusing moves, and close_scorecard
// answering the card's statistics as GET /api/scorecards/{id} does.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>

#include "mcp/answer_doc.h"
#include "mcp/bound_games.h"
#include "mcp/held_games.h"
#include "mcp/rpc.h"
#include "registry/registry.h"
#include "runs/card_codec.h"
#include "runs/cards.h"
#include "runs/slot_cache.h"
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
    context_.secret = "test secret";
    slot_cache_ = std::make_unique<runs::SlotCache>();  // as serve shares its own with MCP
    context_.slot_cache = slot_cache_.get();
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
  std::unique_ptr<runs::SlotCache> slot_cache_;
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

// Scorecards through the tools: open-v1's slots 0..19 are stormlark's, 20..39 glimfall's and
// 40..59 silkspan's.
class CardToolsTest : public ToolsTest {
 protected:
  // Opens a card of open-v1 for "card bot", with `extra` arguments.
  AnswerDoc open_card(std::string_view extra = {}) {
    return call("open_scorecard", R"({"suite":"open-v1","name":"card bot")" + std::string(extra) +
                                      R"(,"agent":{"label":"tester","model":"m1"}})");
  }
  // The game_id of slot `slot` of the card `card` answers.
  std::string slot_game(const AnswerDoc& card, int slot) {
    return card.str("/result/structuredContent/slots/" + std::to_string(slot) + "/gameId");
  }
  // submit_run of game `id` with `token`, and `extra` arguments.
  AnswerDoc submit(const std::string& id, const std::string& token, std::string_view extra = {}) {
    return call("submit_run", R"({"game_id":")" + id + R"(","token":")" + token + "\"" +
                                  std::string(extra) + "}");
  }
};

TEST_F(CardToolsTest, OpenScorecardDealsEverySlotAGameBoundToIt) {
  AnswerDoc card = open_card();
  ASSERT_EQ(card.raw("/result/isError"), "false") << card.raw("");
  std::string id = card.str("/result/structuredContent/id");
  ASSERT_EQ(id.size(), 25u);
  EXPECT_EQ(card.str("/result/structuredContent/status"), "open");
  EXPECT_EQ(card.str("/result/structuredContent/agent/model"), "m1");
  EXPECT_EQ(card.str("/result/structuredContent/token").size(), 64u) << "the name was new";
  ASSERT_EQ(card.size("/result/structuredContent/slots"), 60u);
  std::string text = card.str("/result/content/0/text");
  EXPECT_NE(text.find("slot 59: silkspan seed "), std::string::npos) << text;
  std::optional<store::Card> stored = store_->card(id);
  ASSERT_TRUE(stored);
  for (int i = 0; i < 60; ++i) {
    std::string game = slot_game(card, i);
    EXPECT_EQ(game, bound_game_id(context_.secret, id, i));
    EXPECT_NE(text.find(game), std::string::npos) << "the text lists slot " << i << "'s game";
    std::optional<SlotBinding> binding = slot_binding(context_.secret, game);
    ASSERT_TRUE(binding);
    EXPECT_EQ(binding->card_id, id);
    EXPECT_EQ(binding->slot, i);
  }

  // A slot's game is dealt at the slot's seed the first time it is used, held by the card: it
  // counts against no client's bound.
  AnswerDoc state = call("get_state", R"({"game_id":")" + slot_game(card, 41) + "\"}");
  ASSERT_EQ(state.raw("/result/isError"), "false") << state.raw("");
  EXPECT_EQ(state.str("/result/structuredContent/slug"), "silkspan");
  EXPECT_EQ(state.integer("/result/structuredContent/seed"), stored->slots[41].seed);
  EXPECT_EQ(state.integer("/result/structuredContent/length"), 0);
  EXPECT_EQ(store_->count_games("test"), 0);
  EXPECT_EQ(store_->count_games("card:" + id), 1);
  AnswerDoc moved = act(slot_game(card, 0), R"({"type":"VENT"})");
  ASSERT_EQ(moved.raw("/result/isError"), "false") << moved.raw("");
  EXPECT_EQ(moved.integer("/result/structuredContent/seed"), stored->slots[0].seed);
  EXPECT_EQ(store_->count_games("card:" + id), 2);

  // A handle is the server's to mint: another slot's index, another card or a changed tag name
  // no game.
  std::string game = slot_game(card, 0);
  std::string forged = game;
  forged.back() = forged.back() == '0' ? '1' : '0';
  EXPECT_FALSE(slot_binding(context_.secret, forged));
  EXPECT_FALSE(slot_binding("another secret", game));
  EXPECT_FALSE(slot_binding(context_.secret, "s" + id + "-1-" + game.substr(game.size() - 24)));
  EXPECT_FALSE(slot_binding(context_.secret, "s" + id + "-00-" + game.substr(game.size() - 24)));
  EXPECT_FALSE(slot_binding(context_.secret, "g0123456789abcdef01234567"));
  EXPECT_EQ(call("get_state", R"({"game_id":")" + forged + "\"}").integer("/error/code"), -32602);

  // Bad arguments are protocol errors; refused cards are isError results that say why.
  EXPECT_EQ(call("open_scorecard", R"({"suite":"open-v1"})").integer("/error/code"), -32602);
  AnswerDoc typed = call("open_scorecard", R"({"suite":"open-v1","name":"x","agent":3})");
  EXPECT_EQ(typed.str("/error/message"), "agent: must be an object, got integer");
  AnswerDoc unknown = call("open_scorecard", R"({"suite":"closed-v9","name":"card bot 2"})");
  EXPECT_EQ(unknown.raw("/result/isError"), "true");
  EXPECT_NE(unknown.str("/result/content/0/text").find("not opened: suite: "), std::string::npos);
  AnswerDoc taken = call("open_scorecard", R"({"suite":"open-v1","name":"card bot"})");
  EXPECT_EQ(taken.raw("/result/isError"), "true") << "the name is taken without its token";
  EXPECT_NE(taken.str("/result/content/0/text").find("is taken"), std::string::npos);
}

TEST_F(CardToolsTest, ABoundGameFillsItsSlotOnceWithTheCardsToken) {
  AnswerDoc card = open_card();
  std::string id = card.str("/result/structuredContent/id");
  std::string token = card.str("/result/structuredContent/token");
  std::string game = slot_game(card, 3);
  for (int i = 0; i < 4; ++i) act(game, R"({"type":"VENT"})");
  int64_t score = call("get_state", R"({"game_id":")" + game + "\"}")
                      .integer("/result/structuredContent/score");

  // The binding is the handle's: it survives a restart of the store.
  store_.reset();
  open();
  AnswerDoc wrong = submit(game, std::string(64, 'f'));
  EXPECT_EQ(wrong.raw("/result/isError"), "true");
  EXPECT_NE(wrong.str("/result/content/0/text").find("belongs to card bot"), std::string::npos)
      << wrong.str("/result/content/0/text");
  AnswerDoc none = call("submit_run", R"({"game_id":")" + game + "\"}");
  EXPECT_EQ(none.raw("/result/isError"), "true") << "no token";
  AnswerDoc other = submit(game, token, R"(,"name":"someone")");
  EXPECT_EQ(other.raw("/result/isError"), "true");
  EXPECT_NE(other.str("/result/content/0/text").find("scorecard: the card is card bot's"),
            std::string::npos)
      << other.str("/result/content/0/text");
  EXPECT_EQ(store_->card(id)->slots[3].run_id, 0) << "no refused call filled the slot";

  AnswerDoc filled = submit(game, token);
  ASSERT_EQ(filled.raw("/result/isError"), "false") << filled.raw("");
  EXPECT_EQ(filled.str("/result/structuredContent/scorecard"), id) << filled.raw("");
  EXPECT_EQ(filled.integer("/result/structuredContent/slot"), 3);
  EXPECT_EQ(filled.integer("/result/structuredContent/score"), score);
  EXPECT_EQ(filled.str("/result/structuredContent/name"), "card bot");
  EXPECT_NE(filled.str("/result/content/0/text").find("It fills slot 3 of scorecard " + id),
            std::string::npos);
  std::optional<store::Card> stored = store_->card(id);
  EXPECT_EQ(stored->slots[3].run_id, filled.integer("/result/structuredContent/id"));
  EXPECT_EQ(stored->slots[3].score, score);
  std::optional<store::StoredRun> run = store_->run(stored->slots[3].run_id);
  ASSERT_TRUE(run);
  EXPECT_EQ(run->kind, "agent");
  EXPECT_EQ(run->agent, "tester") << "the card's agent label by default";

  // The same run again is the same answer; a different run into the filled slot is refused.
  AnswerDoc again = submit(game, token);
  EXPECT_EQ(again.raw("/result/isError"), "false");
  EXPECT_EQ(again.str("/result/structuredContent/stored"), "existing");
  ASSERT_EQ(act(game, R"({"type":"UP"})").raw("/result/isError"), "false");
  AnswerDoc twice = submit(game, token);
  EXPECT_EQ(twice.raw("/result/isError"), "true");
  EXPECT_NE(twice.str("/result/content/0/text")
                .find("slot 3 of scorecard " + id + " already holds another run"),
            std::string::npos)
      << twice.str("/result/content/0/text");
  EXPECT_EQ(store_->card(id)->slots[3].run_id, stored->slots[3].run_id);

  // A plain game still needs a name, and cannot be passed off as a slot's.
  std::string plain = new_game("stormlark", store_->card(id)->slots[4].seed);
  EXPECT_EQ(call("submit_run", R"({"game_id":")" + plain + R"(","token":")" + token + "\"}")
                .integer("/error/code"),
            -32602);
}

TEST_F(CardToolsTest, PastTheSlotsCapOnlyTheEndActionApplies) {
  AnswerDoc card = open_card();
  std::string game = slot_game(card, 40);  // silkspan, capped at 600 actions
  int64_t cap = card.integer("/result/structuredContent/slots/40/maxActions");
  ASSERT_EQ(cap, 600);
  std::string start = R"({"game_id":")" + game + R"(","actions":[{"type":"start"})";
  for (int64_t i = 1; i < cap; ++i) start += R"(,{"type":"setHeading","dir":0})";
  AnswerDoc full = call("act", start + R"(,{"type":"setHeading","dir":0}]})");
  EXPECT_EQ(full.raw("/result/isError"), "true");
  EXPECT_EQ(full.integer("/result/structuredContent/length"), cap) << full.raw("");
  EXPECT_NE(full.str("/result/content/0/text")
                .find("the scorecard slot's cap of 600 actions is "
                      "reached: past it only an action that ends "
                      "the run applies"),
            std::string::npos)
      << full.str("/result/content/0/text");
  EXPECT_EQ(full.raw("/result/structuredContent/gameOver"), "false");

  // The end action a run stopped at the cap gets applies, and the slot takes that run.
  AnswerDoc ended = act(game, R"({"type":"endRun"})");
  ASSERT_EQ(ended.raw("/result/isError"), "false") << ended.raw("");
  EXPECT_EQ(ended.integer("/result/structuredContent/length"), cap + 1);
  EXPECT_EQ(ended.raw("/result/structuredContent/gameOver"), "true");
  AnswerDoc filled = submit(game, card.str("/result/structuredContent/token"));
  EXPECT_EQ(filled.raw("/result/isError"), "false") << filled.raw("");
  EXPECT_EQ(filled.integer("/result/structuredContent/length"), cap + 1);
  EXPECT_EQ(act(game, R"({"type":"endRun"})").raw("/result/isError"), "true");
}

TEST_F(CardToolsTest, CloseScorecardAnswersTheCardsStatistics) {
  AnswerDoc card = open_card();
  std::string id = card.str("/result/structuredContent/id");
  std::string token = card.str("/result/structuredContent/token");
  std::vector<int64_t> scores;
  for (int slot : {0, 1, 20}) {
    std::string game = slot_game(card, slot);
    std::string action = slot == 20 ? R"({"type":"start"})" : R"({"type":"FIRE"})";
    ASSERT_EQ(act(game, action).raw("/result/isError"), "false");
    AnswerDoc filled = submit(game, token);
    ASSERT_EQ(filled.raw("/result/isError"), "false") << filled.raw("");
    scores.push_back(filled.integer("/result/structuredContent/score"));
  }
  std::string unplayed = slot_game(card, 2);

  auto close = [&](const std::string& with) {
    return call("close_scorecard", R"({"scorecard":")" + id + R"(","token":")" + with +
                                       R"(","usage":{"promptTokens":12,"seconds":1.5}})");
  };
  EXPECT_EQ(slot_cache_->size(), 1u) << "the fills kept the card's slots";
  AnswerDoc wrong = close(std::string(64, 'f'));
  EXPECT_EQ(wrong.raw("/result/isError"), "true");
  EXPECT_NE(wrong.str("/result/content/0/text").find("not closed: "), std::string::npos);
  EXPECT_EQ(store_->card(id)->closed_at, "") << "still open";
  EXPECT_EQ(call("close_scorecard", R"({"scorecard":")" + id + "\"}").integer("/error/code"),
            -32602)
      << "the token is required";
  EXPECT_EQ(call("close_scorecard", R"({"scorecard":"cnope","token":"x"})").integer("/error/code"),
            -32602);
  EXPECT_EQ(close(token).raw("/result/isError"), "false");
  EXPECT_EQ(slot_cache_->size(), 0u) << "closing forgot them";

  // The answer is the card as GET /api/scorecards/{id} gives it, and the same as text.
  AnswerDoc closed = close(token);  // closing a closed card answers it as it is
  ASSERT_EQ(closed.raw("/result/isError"), "false") << closed.raw("");
  std::optional<runs::CardReport> report =
      runs::read_card(*store_, id, std::chrono::system_clock::now());
  ASSERT_TRUE(report);
  EXPECT_EQ(closed.raw("/result/structuredContent"), runs::encode_card(*report));
  EXPECT_EQ(closed.str("/result/structuredContent/status"), "closed");
  EXPECT_EQ(closed.raw("/result/structuredContent/usage"), R"({"promptTokens":12,"seconds":1.5})");
  EXPECT_EQ(closed.integer("/result/structuredContent/slots/0/score"), scores[0]);
  EXPECT_EQ(closed.integer("/result/structuredContent/slots/1/score"), scores[1]);
  EXPECT_EQ(closed.integer("/result/structuredContent/slots/20/score"), scores[2]);
  EXPECT_EQ(closed.raw("/result/structuredContent/slots/2/score"), "null");
  EXPECT_EQ(closed.integer("/result/structuredContent/games/stormlark/n"), 20);
  double mean = 0;
  simdjson::dom::parser parser;
  std::string stormlark = closed.raw("/result/structuredContent/games/stormlark");
  ASSERT_EQ(parser.parse(stormlark)["mean"].get_double().get(mean), simdjson::SUCCESS);
  EXPECT_DOUBLE_EQ(mean, static_cast<double>(scores[0] + scores[1]) / 20.0);
  std::string text = closed.str("/result/content/0/text");
  EXPECT_NE(text.find("is closed: 3 of 60 slots hold a run"), std::string::npos) << text;
  EXPECT_NE(text.find("overall normalised "), std::string::npos) << text;
  EXPECT_NE(text.find("stormlark"), std::string::npos) << text;

  // A closed card's games take no more moves or runs, and its unplayed slots are no games.
  AnswerDoc moved = act(slot_game(card, 0), R"({"type":"UP"})");
  EXPECT_EQ(moved.raw("/result/isError"), "true");
  EXPECT_NE(moved.str("/result/content/0/text").find("is closed"), std::string::npos);
  AnswerDoc late = submit(slot_game(card, 0), token);
  EXPECT_EQ(late.raw("/result/isError"), "true");
  EXPECT_NE(late.str("/result/content/0/text").find("is closed"), std::string::npos);
  EXPECT_EQ(call("get_state", R"({"game_id":")" + unplayed + "\"}").integer("/error/code"), -32602);
  EXPECT_EQ(
      call("get_state", R"({"game_id":")" + slot_game(card, 0) + "\"}").raw("/result/isError"),
      "false")
      << "a played slot's game can still be read";
}

}  // namespace
}  // namespace gb::mcp
