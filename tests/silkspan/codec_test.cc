// Silkspan's codec and wire shapes: actions (SS-107, SS-137), state validation (SS-108, SS-109,
// SS-131), the response shapes (SS-92, SS-93, SS-105, SS-111).
#include <gtest/gtest.h>

#include "agents/silkspan/agents.h"
#include "core/json_writer.h"
#include "registry/registry.h"
#include "silkspan/fixtures.h"

namespace gb::silkspan {
namespace {

using namespace gb::silkspan::testing;

std::optional<Action> decode_action_text(std::string_view text, Issues& issues) {
  auto v = parse_json(text, issues);
  if (!v) return std::nullopt;
  return Traits::decode_action(*v, issues);
}

bool decode_state_text(const std::string& text, State& s, Issues& issues) {
  auto v = parse_json(text, issues);
  if (!v) return false;
  return Traits::decode_state(*v, s, issues);
}

TEST(SilkspanCodec, ActionGrammar_SS107_SS137_SS19) {
  const char* accepted[] = {
      R"({"type":"start"})",  R"({"type":"setHeading","dir":2})", R"({"type":"release"})",
      R"({"type":"tick"})",   R"({"type":"tick","count":600})",   R"({"type":"nextStage"})",
      R"({"type":"endRun"})", R"({"type":"start","dir":1})",  // SS-137: extra keys ignored
  };
  for (const char* t : accepted) {
    Issues issues;
    EXPECT_TRUE(decode_action_text(t, issues)) << t;
  }
  const char* refused[] = {
      R"({"type":"jump"})",
      R"({"type":"setHeading"})",
      R"({"type":"setHeading","dir":4})",
      R"({"type":"setHeading","dir":-1})",
      R"({"type":"setHeading","dir":"1"})",
      R"({"type":"tick","count":0})",
      R"({"type":"tick","count":601})",
      R"({"type":"tick","count":2.5})",
      R"({"type":"tick","count":"3"})",
      R"([])",
      R"({})",
      R"({"type":7})",
  };
  for (const char* t : refused) {
    Issues issues;
    EXPECT_FALSE(decode_action_text(t, issues)) << t;
    EXPECT_FALSE(issues.empty()) << t;
  }
  Issues issues;
  auto a = decode_action_text(R"({"type":"tick","count":17})", issues);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->count, 17);
}

TEST(SilkspanCodec, RoundTripAndFieldNames_SS92_SS129) {
  State s = init(99);
  play(s, Action{ActionType::kStart});
  play(s, heading(0));
  play(s, tick(41));
  const std::string text = encode(s);
  for (const char* key :
       {"seed", "rngState", "status", "panel", "tick", "score", "spools", "grid", "spinner",
        "heading", "thread", "moths", "beetles", "spark", "invulnerable", "still", "panelsCleared",
        "flawlessPanels", "panelFlawless"}) {
    EXPECT_NE(text.find(std::string("\"") + key + "\":"), std::string::npos) << key;
  }
  Issues issues;
  State back;
  ASSERT_TRUE(decode_state_text(text, back, issues)) << issues.list()[0];
  EXPECT_TRUE(back == s);
}

struct BadState {
  const char* name;
  std::string from, to;
  std::string_view issue;
};

TEST(SilkspanCodec, RefusesMalformedStates_SS108_SS131) {
  State s = running();
  add_moth(s, 30, 20);
  set_thread(s, {{23, 34}, {23, 33}, {22, 33}});
  s.beetles[0] = Beetle{1, 0, true, 0};
  s.beetle_count = 1;
  finish(s);
  const std::string good = encode(s);
  Issues ok_issues;
  State ok;
  ASSERT_TRUE(decode_state_text(good, ok, ok_issues)) << ok_issues.list()[0];
  const std::string row1 = "\"#" + std::string(46, '.') + "#\"";
  const BadState cases[] = {
      {"short row", row1, "\"#...#\"", "state.grid[1]: must be 48 characters"},
      {"bad char", row1, "\"#x" + std::string(45, '.') + "#\"", "state.grid[1]: character 1"},
      {"frame", row1, "\"." + std::string(46, '.') + "#\"", "is frame and must be woven"},
      {"thread gap", "{\"x\":23,\"y\":33},{\"x\":22", "{\"x\":23,\"y\":32},{\"x\":22",
       "orthogonal neighbour"},
      {"moth on thread", "\"moths\":[{\"x\":30,\"y\":20", "\"moths\":[{\"x\":23,\"y\":33",
       "state.moths[0]: stands on the thread"},
      {"moth course", "\"dx\":1", "\"dx\":0", "must each be -1 or 1"},
      {"spinner", "\"spinner\":{\"x\":22,\"y\":33}", "\"spinner\":{\"x\":22,\"y\":32}",
       "state.spinner: must stand on the last thread cell"},
      {"beetle off walk", "\"walkIndex\":0", "\"walkIndex\":5", "state.beetles[0]: (x, y) must be"},
      {"status", "\"running\"", "\"paused\"", "state.status"},
      {"score guard", "\"score\":0", "\"score\":1000000000000001", "state.score"},
      {"panel cap", "\"panel\":1", "\"panel\":6001", "state.panel"},
      {"cleared", "\"panelsCleared\":0", "\"panelsCleared\":1", "state.panelsCleared"},
      {"heading", "\"heading\":null", "\"heading\":5", "state.heading"},
      {"spark", "\"spark\":null", "\"spark\":{\"x\":1,\"y\":1,\"index\":0,\"timer\":0}",
       "state.spark"},
      {"spools", "\"spools\":3", "\"spools\":0", "state.spools: is 0"},
      {"rng", "\"rngState\":0", "\"rngState\":9007199254740992", "state.rngState"},
  };
  for (const auto& c : cases) {
    std::string text = good;
    const size_t at = text.find(c.from);
    ASSERT_NE(at, std::string::npos) << c.name;
    text.replace(at, c.from.size(), c.to);
    Issues issues;
    State out;
    EXPECT_FALSE(decode_state_text(text, out, issues)) << c.name;
    ASSERT_FALSE(issues.list().empty()) << c.name;
    bool named = false;
    for (const auto& i : issues.list()) named = named || i.find(c.issue) != std::string::npos;
    EXPECT_TRUE(named) << c.name << ": got " << issues.list()[0];
  }
}

TEST(SilkspanCodec, BoundsArrays_SS112_SS131) {
  State s = running();
  std::string text = encode(s);
  std::string moths = "\"moths\":[";
  for (int i = 0; i < kMaxMoths + 1; ++i) moths += std::string(i ? "," : "") + "{}";
  text.replace(text.find("\"moths\":["), 9, moths);
  Issues issues;
  State out;
  EXPECT_FALSE(decode_state_text(text, out, issues));
  EXPECT_NE(issues.list()[0].find("state.moths"), std::string::npos);
}

TEST(SilkspanCodec, UnreachableButWellFormedIsStepped_SS109) {
  State s = running(3);  // panel 3 with no moths and no beetles at all
  set_thread(s, {{5, 1}, {5, 2}});
  finish(s);
  Issues issues;
  State back;
  ASSERT_TRUE(decode_state_text(encode(s), back, issues)) << issues.list()[0];
  play(back, tick(20));
  EXPECT_EQ(back.tick, 20);
}

// Runs one action through the registry's adapter and returns (status, body).
std::pair<int, std::string> post(const std::string& state, const std::string& action) {
  const GameService* g = find_game("silkspan");
  EXPECT_NE(g, nullptr);
  Issues issues;
  const std::string body = "{\"state\":" + state + ",\"action\":" + action + "}";
  auto v = parse_json(body, issues);
  JsonWriter out;
  JsonValue st, ac;
  EXPECT_EQ(v->get_object().value_unsafe().at_key("state").get(st), simdjson::SUCCESS);
  EXPECT_EQ(v->get_object().value_unsafe().at_key("action").get(ac), simdjson::SUCCESS);
  const int code = g->write_action(st, ac, out);
  return {code, out.take()};
}

TEST(SilkspanWire, RefusalEchoesTheStateSent_SS105_SS93_SS12) {
  State s = init(5);
  const std::string sent = encode(s);
  auto [code, body] = post(sent, R"({"type":"tick"})");
  EXPECT_EQ(code, 200);
  EXPECT_NE(body.find("\"ok\":false,\"reason\":\"panel_not_running\""), std::string::npos);
  EXPECT_NE(body.find("\"state\":" + sent), std::string::npos);
  for (const char* key : {"\"observation\":{\"text\":", "\"player\":{", "\"legalActions\":[",
                          "\"score\":0", "\"gameOver\":false"}) {
    EXPECT_NE(body.find(key), std::string::npos) << key;
  }
  auto [code2, body2] = post(sent, R"({"type":"tick","count":601})");
  EXPECT_EQ(code2, 400);
  EXPECT_NE(body2.find("Invalid body"), std::string::npos);
  auto [code3, body3] = post(R"({"seed":1})", R"({"type":"start"})");
  EXPECT_EQ(code3, 400);
  EXPECT_NE(body3.find("Invalid state"), std::string::npos);
  JsonWriter init_out;
  find_game("silkspan")->write_init(5, init_out);
  EXPECT_NE(init_out.str().find("\"spec\":{\"slug\":\"silkspan\""), std::string::npos);
}

TEST(SilkspanWire, SpecCarriesTheSeedGrammar_SS111) {
  const GameInfo& info = Traits::info();
  Issues issues;
  auto v = parse_json(info.action_grammar, issues);
  ASSERT_TRUE(v);
  for (const char* t : {"start", "setHeading", "release", "tick", "nextStage", "endRun"}) {
    EXPECT_NE(info.action_grammar.find(std::string("{\"const\":\"") + t + "\"}"),
              std::string::npos);
  }
  EXPECT_NE(info.action_grammar.find("\"minimum\":1,\"maximum\":600"), std::string::npos);
  for (const char* word : {"border walk", "half up", "invulnerab", "spark", "confine"}) {
    EXPECT_NE(std::string(info.rules).find(word) != std::string::npos ||
                  std::string(info.scoring).find(word) != std::string::npos,
              false)
        << word;
  }
}

TEST(SilkspanWire, ObservationShowsWhatThePageDraws_SS96_SS93) {
  State s = running();
  add_moth(s, 30, 20);
  set_thread(s, {{23, 34}, {23, 33}, {23, 32}});
  s.spark = Spark{true, 1, 0};
  s.beetles[0] = Beetle{1, 0, true, 0};
  s.beetle_count = 1;
  finish(s);
  JsonWriter w;
  Traits::encode_observation(s, w);
  const std::string obs(w.str());
  for (const char* key :
       {"\"panel\":1", "\"tick\":0", "\"score\":0", "\"spools\":3", "\"spinnerX\":23",
        "\"spinnerY\":32", "\"heading\":-1", "\"threadLength\":3", "\"woven\":0",
        "\"coveragePct\":0", "\"targetPct\":60", "\"targetCells\":939", "\"invulnerable\":0",
        "\"sparkIndex\":1", "\"moths\":1", "\"beetles\":1", "\"moves\":[0,1,3]"}) {
    EXPECT_NE(obs.find(key), std::string::npos) << key;
  }
  const std::string text = field_text(s);
  EXPECT_EQ(text[1], 'B');
  EXPECT_EQ(text[33 * 49 + 23], '*');
  EXPECT_EQ(text[34 * 49 + 23], 'o');
  EXPECT_EQ(text[20 * 49 + 30], 'm');
  EXPECT_EQ(text[32 * 49 + 23], '@');
}

// SS-106, SS-110 and SS-112 are checked over HTTP for every game in
// tests/server/every_game_test.cc.

// The grid is read 8 characters at a time when a row is clean. Rows with a stray byte at every
// position (letters one bit away from '#' or '.', control bytes, UTF-8) in the top, a middle and
// the bottom row must be refused exactly when the rule says so (SS-108: only '#' and '.'; frame
// cells woven), and a clean row must give the same woven cells as reading it cell by cell.
TEST(SilkspanCodec, GridRowsAreReadExactlyLikeCellByCell_SS108) {
  State s = running();
  finish(s);
  const std::string good = encode(s);
  const std::string strays[] = {".", "#", "x", "c", "n", "\x03", std::string(1, '\0'), "\xC3\xA9"};
  int checked = 0;
  // Middle rows: the state's own, and one with both '#' and '.' in every 8-character word.
  std::string mixed = "#";
  for (int i = 1; i < kCols - 1; ++i) mixed += (i * 5) % 3 == 0 ? '#' : '.';
  mixed += "#";
  for (int y : {0, 17, 18, kRows - 1}) {
    for (int x = 0; x < kCols; ++x) {
      for (const std::string& stray : strays) {
        // Row y, one of its cells replaced by the stray (a two-byte stray also replaces the cell
        // after it, keeping 48 bytes).
        std::string row = mixed;
        if (y != 18) {
          for (int i = 0; i < kCols; ++i) row[i] = (s.cells[index_of(i, y)] & kWoven) ? '#' : '.';
        }
        if (x + stray.size() > static_cast<size_t>(kCols)) continue;
        row.replace(static_cast<size_t>(x), stray.size(), stray);
        bool rule_ok = true;
        for (int i = 0; i < kCols; ++i) {
          rule_ok &= row[i] == '#' || row[i] == '.';
          if (is_frame(i, y)) rule_ok &= row[i] == '#';
        }
        std::string text = good;
        const size_t grid = text.find("\"grid\":[");
        ASSERT_NE(grid, std::string::npos);
        const size_t at = grid + 8 + static_cast<size_t>(y) * (kCols + 3);  // "row",
        std::string quoted;
        append_json_string(quoted, row);
        text.replace(at, kCols + 2, quoted);
        Issues issues;
        State out;
        const bool decoded = decode_state_text(text, out, issues);
        bool grid_issue = false;
        for (const auto& i : issues.list()) grid_issue |= i.rfind("state.grid[", 0) == 0;
        ASSERT_EQ(grid_issue, !rule_ok) << "y " << y << " x " << x << " stray " << int(stray[0]);
        if (decoded) {  // the mixed row may break other rules (the spinner's walk): no cells
          for (int i = 0; i < kCols; ++i) {
            ASSERT_EQ(out.cells[index_of(i, y)] & kWoven, row[i] == '#' ? kWoven : 0) << i;
          }
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 4 * 47 * 8);
}

// SS-92: the state JSON carries the whole game. After every action of planner runs (weaves
// claimed, spools lost, panels opened), decoding the encoded state gives back exactly the
// engine's state, including the thread, walk, moth and beetle slots past their counts: a stateless
// server loses nothing between requests, and equal games compare equal. (Found by
// fuzz/state_fuzz.cc: a claim, a lost spool or a new panel used to leave stale slots.)
TEST(SilkspanCodec, SS92_DecodedStateEqualsTheEngineStateAfterEveryAction) {
  int checked = 0, claims = 0, spools_lost = 0, panels_opened = 0;
  for (uint32_t seed = 1; seed <= 6; ++seed) {
    auto agent = make_agent("planner", agents::AgentOptions{seed, 16});
    State s = init(seed);
    for (int step = 0; step < 250 && s.status != Status::kOver; ++step) {
      const State before = s;
      ASSERT_TRUE(apply(s, agent->act(s)).ok);
      claims += s.score > before.score && s.thread_len == 0 && before.thread_len > 0;
      spools_lost += s.spools < before.spools;
      panels_opened += s.panel > before.panel;
      State back{};
      Issues issues;
      ASSERT_TRUE(decode_state_text(encode(s), back, issues)) << issues.list()[0];
      ASSERT_TRUE(back == s) << "seed " << seed << " step " << step;
      ++checked;
    }
  }
  EXPECT_GT(checked, 1000);
  EXPECT_GT(claims, 20);
  EXPECT_GT(spools_lost, 0);
  EXPECT_GT(panels_opened, 3);
}

}  // namespace
}  // namespace gb::silkspan
