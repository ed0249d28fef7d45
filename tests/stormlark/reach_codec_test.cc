// Stormlark rule table, continued: reaches, difficulty, determinism, observation and the codec
// (SL-76..SL-129, in process; the HTTP side is in tests/server).
#include <gtest/gtest.h>

#include <map>

#include "agents/stormlark/policies.h"
#include "conformance/conformance.h"
#include "core/hash.h"
#include "core/rng.h"
#include "games/stormlark/traits.h"
#include "registry/service.h"
#include "stormlark/board.h"

namespace gb::stormlark {
namespace {

using testing::act;
using testing::board;
using testing::empty_board;
using AT = ActionType;

std::string encode(const State& s) {
  return conformance::encode<Traits>(s);
}

// Decodes JSON text into a state; returns the issues (empty when valid).
std::vector<std::string> decode_issues(const std::string& text, State* out = nullptr) {
  Issues issues;
  auto v = parse_json(text, issues);
  State s{};
  if (v) Traits::decode_state(*v, s, issues);
  if (out) *out = s;
  return issues.list();
}

// Replaces the first occurrence of `from` in `text` by `to`.
std::string edit(std::string text, const std::string& from, const std::string& to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// ---- Reaches ----------------------------------------------------------------------------------

TEST(StormlarkReaches, SL76_SL80_GateArrivesOnThe21stTurnAndNextContentIsVisible) {
  State s = init(31);
  for (int reach = 1; reach <= 3; ++reach) {
    int turns = 0;
    while (s.phase == Phase::kFlying) {
      apply(s, lookahead_policy(s, false, 2));
      ++turns;
    }
    ASSERT_EQ(s.phase, Phase::kReachClear) << "the dodger survives these reaches";
    EXPECT_EQ(turns, 21);
    EXPECT_EQ(s.columns_drawn, 9) << "SL-80: columns 1..9 hold the next reach's first nine";
    EXPECT_EQ(drawing_reach(s), reach + 1);
    act(s, AT::kNextReach);
  }
}

TEST(StormlarkReaches, SL77_SL78_ReachClearFreezesAndNextReachRestores) {
  State g = board({".|........", ".|........", ".|........", ">|........", ".|........",
                   ".|........", ".|.k......"});
  g.hull = 2;
  g.charge = 4;
  g.chain = 3;
  act(g, AT::kVent);
  ASSERT_EQ(g.phase, Phase::kReachClear);
  State frozen = g;
  act(g, AT::kUp);  // refused: nothing moves
  EXPECT_EQ(g, frozen);
  act(g, AT::kNextReach);
  EXPECT_EQ(g.reach, 2);
  EXPECT_EQ(g.hull, 3);
  EXPECT_EQ(g.charge, 9);
  EXPECT_EQ(g.chain, 3);
  EXPECT_EQ(g.phase, Phase::kFlying);
  EXPECT_EQ(g.rng_state, frozen.rng_state);
  EXPECT_EQ(g.turn, frozen.turn) << "SL-110: NEXT_REACH is not a scrolling turn";
  EXPECT_EQ(g.score, frozen.score);
  for (int i = 0; i < g.count; ++i) EXPECT_EQ(g.entities[i], frozen.entities[i]);
  for (int hull : {1, 3}) {
    State h = frozen;
    h.hull = static_cast<int8_t>(hull);
    act(h, AT::kNextReach);
    EXPECT_EQ(h.hull, std::min(3, hull + 1));
  }
}

TEST(StormlarkReaches, SL82_RunsGoOnPastReach14And20) {
  State s = init(5);
  s.reach = 20;
  for (int i = 0; i < 30 && s.phase != Phase::kOver; ++i) {
    if (s.phase == Phase::kReachClear) {
      act(s, AT::kNextReach);
    } else {
      apply(s, lookahead_policy(s, true, 2));
    }
  }
  EXPECT_GE(s.reach, 20);
  EXPECT_GT(s.turn, 0);
}

// ---- Difficulty -------------------------------------------------------------------------------

struct ColumnStats {
  double solids = 0, crag_share = 0, run_length = 0, motes = 0;
  std::map<Kind, int> kinds;
  int walls = 0;
};

// Measures the generator's output for one reach over `columns` consecutive columns.
ColumnStats measure(int64_t reach, uint32_t seed, int columns) {
  State s = empty_board();
  s.seed = seed;
  ColumnStats st;
  int solids = 0, crags = 0, motes = 0, runs = 0, run_cells = 0;
  for (int c = 0; c < columns; ++c) {
    for (int i = 0; i < s.count; ++i) --s.entities[i].col;
    int kept = 0;
    for (int i = 0; i < s.count; ++i) {
      if (s.entities[i].col >= 7) s.entities[kept++] = s.entities[i];
    }
    s.count = static_cast<uint8_t>(kept);
    int before = s.count;
    draw_content_column(s, reach, static_cast<uint64_t>(c) * kRngBudget);
    int solid_here = 0;
    for (int i = before; i < s.count; ++i) {
      const Entity& e = s.entities[i];
      ++st.kinds[e.kind];
      if (is_solid(e.kind)) ++solids, ++solid_here;
      if (e.kind == Kind::kCrag) {
        ++crags, ++run_cells;
        int left = entity_at(s, e.lane, 8);
        if (left < 0 || s.entities[left].kind != Kind::kCrag) ++runs;
      }
      motes += e.kind == Kind::kMote;
    }
    st.walls += solid_here == 6;
  }
  st.solids = static_cast<double>(solids) / columns;
  st.crag_share = static_cast<double>(crags) / std::max(1, solids);
  st.run_length = static_cast<double>(run_cells) / std::max(1, runs);
  st.motes = static_cast<double>(motes) / columns;
  return st;
}

TEST(StormlarkDifficulty, SL83_SL121_EveryReachIsHarderInTableAndMeasurement) {
  ColumnStats prev = measure(1, 7, 40000);
  for (int64_t r = 2; r <= 13; ++r) {
    Difficulty a = difficulty(r - 1), b = difficulty(r);
    EXPECT_GT(b.solid_pm, a.solid_pm);
    EXPECT_GT(b.crag_share_pm, a.crag_share_pm);
    EXPECT_GT(b.crag_run_pm, a.crag_run_pm);
    EXPECT_LT(b.mote_pm, a.mote_pm);
    ColumnStats cur = measure(r, 7, 40000);
    EXPECT_GT(cur.solids, prev.solids) << "reach " << r;
    EXPECT_GT(cur.crag_share, prev.crag_share) << "reach " << r;
    EXPECT_GT(cur.run_length, prev.run_length) << "reach " << r;
    EXPECT_LT(cur.motes, prev.motes) << "reach " << r;
    prev = cur;
  }
}

TEST(StormlarkDifficulty, SL84_SL85_SL122_KindsUnlockAtTheirReachAndWallsFromEight) {
  const std::pair<Kind, int> unlocks[] = {{Kind::kDrifter, 2},
                                          {Kind::kSquall, 3},
                                          {Kind::kRimeshell, 4},
                                          {Kind::kSparker, 5},
                                          {Kind::kWarden, 6}};
  for (int64_t r = 1; r <= 13; ++r) {
    ColumnStats st = measure(r, 11, 6000);
    for (auto [kind, at] : unlocks) {
      if (r < at) {
        EXPECT_EQ(st.kinds[kind], 0) << kKindNames[static_cast<int>(kind)] << " at reach " << r;
      } else {
        EXPECT_GT(st.kinds[kind], 0) << kKindNames[static_cast<int>(kind)] << " at reach " << r;
      }
    }
    if (r == 1) {
      for (auto [kind, n] : st.kinds) {
        if (n == 0) continue;
        EXPECT_TRUE(kind == Kind::kCrag || kind == Kind::kKnot || kind == Kind::kMote);
      }
    }
    if (r < 8) {
      EXPECT_EQ(difficulty(r).wall_pm, 0);
    } else {
      EXPECT_GT(st.walls, 0) << "reach " << r;
    }
  }
  // A wall (the column's wall roll, slot 0, came up): six crags or knots and one open lane,
  // which may hold a mote and never a squall.
  State s = empty_board();
  int walls = 0;
  for (uint64_t c = 0; c < 4000; ++c) {
    s.count = 0;
    draw_content_column(s, 13, c * kRngBudget);
    bool wall =
        below(draw(s.seed, c * kRngBudget), 1000) < static_cast<uint32_t>(difficulty(13).wall_pm);
    int solids = 0;
    for (int i = 0; i < s.count; ++i) solids += is_solid(s.entities[i].kind);
    if (wall) {
      ++walls;
      EXPECT_EQ(solids, 6);
      for (int i = 0; i < s.count; ++i) {
        Kind k = s.entities[i].kind;
        EXPECT_TRUE(k == Kind::kCrag || k == Kind::kKnot || k == Kind::kMote);
      }
    }
  }
  EXPECT_GT(walls, 0);
}

TEST(StormlarkDifficulty, SL84_ColumnsCountByTheReachTheyBelongTo) {
  // After the Gate is drawn, the next columns use the next reach's difficulty.
  State s = init(2);
  s.columns_drawn = kContentColumnsPerReach;
  act(s, AT::kVent);  // draws the Gate
  EXPECT_EQ(drawing_reach(s), 2);
}

TEST(StormlarkDifficulty, SL86_SL123_Reach14AndAboveUseReach13) {
  for (int64_t r : {14, 20, 1000}) {
    Difficulty a = difficulty(13), b = difficulty(r);
    EXPECT_EQ(a.solid_pm, b.solid_pm);
    EXPECT_EQ(a.crag_share_pm, b.crag_share_pm);
    EXPECT_EQ(a.crag_run_pm, b.crag_run_pm);
    EXPECT_EQ(a.mote_pm, b.mote_pm);
    EXPECT_EQ(a.wall_pm, b.wall_pm);
    EXPECT_EQ(reach_quarters(r), 16);
  }
  // Fresh draws, not a copy: the same counter gives the same column at reach 13 and 14.
  State a = empty_board(), b = empty_board();
  draw_content_column(a, 13, 4800);
  draw_content_column(b, 14, 4800);
  EXPECT_EQ(a, b);
}

// ---- Determinism ------------------------------------------------------------------------------

TEST(StormlarkDeterminism, SL88_SL89_SameSeedAndActionsSameRun) {
  for (uint32_t seed : {1u, 99u, 123456u}) {
    State a = init(seed), b = init(seed);
    EXPECT_EQ(encode(a), encode(b));
    for (int i = 0; i < 200 && a.phase != Phase::kOver; ++i) {
      Action x =
          a.phase == Phase::kReachClear ? Action{AT::kNextReach} : lookahead_policy(a, true, 1);
      apply(a, x);
      apply(b, x);
      ASSERT_EQ(encode(a), encode(b));
    }
  }
  EXPECT_NE(encode(init(1)), encode(init(2)));
}

TEST(StormlarkDeterminism, SL91_NextReachEndRunAndRefusalsSpendNothing) {
  State g = empty_board();
  g.phase = Phase::kReachClear;
  uint64_t r = g.rng_state;
  act(g, AT::kNextReach);
  EXPECT_EQ(g.rng_state, r);
  act(g, AT::kEndRun);
  EXPECT_EQ(g.rng_state, r);
  State f = empty_board(0);
  act(f, AT::kUp);
  EXPECT_EQ(f.rng_state, r);
}

TEST(StormlarkDeterminism, SL92_SL109_RngStateStaysBelow2To53AndInitUsesNineBudgets) {
  EXPECT_EQ(init(77).rng_state, 9 * kRngBudget);
  State s = empty_board();
  s.rng_state = kRngModulus - 10;
  act(s, AT::kVent);
  EXPECT_EQ(s.rng_state, kRngBudget - 10) << "wraps modulo 2^53";
  EXPECT_LT(s.rng_state, kRngModulus);
}

// SL-98: the state JSON carries the whole game. After every turn of seeded runs of random legal
// actions (half of them with the reach raised to 13, so walls, wardens and repairs happen),
// decoding the encoded state gives back exactly the engine's state, slots past the live entities
// included: a stateless server loses nothing between requests, and equal games compare equal.
TEST(StormlarkCodec, SL98_DecodedStateEqualsTheEngineStateAfterEveryTurn) {
  uint64_t pick = 0;
  int checked = 0;
  for (uint32_t seed = 1; seed <= 160; ++seed) {
    State s = init(seed);
    if (seed % 2 == 0) s.reach = 13;
    for (int turn = 0; turn < 400 && s.phase != Phase::kOver; ++turn) {
      if (s.phase == Phase::kReachClear) {
        act(s, AT::kNextReach);
      } else {
        ActionList legal;
        legal_actions(s, legal);
        apply(s, legal.items[below(draw(0x5EED, pick++), legal.size - 1u)]);  // never END_RUN
      }
      State back;
      const std::vector<std::string> issues = decode_issues(encode(s), &back);
      ASSERT_TRUE(issues.empty()) << "seed " << seed << " turn " << turn << ": " << issues[0];
      ASSERT_TRUE(back == s) << "seed " << seed << " turn " << turn;
      ++checked;
    }
  }
  EXPECT_GT(checked, 4000);
}

// ---- Golden signatures ------------------------------------------------------------------------

// Fixed (seed, policy) runs with their final score and state hash. They pin the rules and the
// generator: any change to either shows up here and must be deliberate (update the numbers and
// say why in the commit).
TEST(StormlarkGolden, SignaturesOfFixedRuns) {
  struct Golden {
    uint32_t seed;
    bool fire;
    int64_t score;
    uint64_t hash;
  };
  const Golden goldens[] = {{1, true, 7277, 0x0C55BAEC108CAA8BULL},
                            {2, false, 1705, 0xD501F662B70C417FULL},
                            {3, true, 5256, 0x8ECA4725C9E567C7ULL},
                            {4000000000u, true, 5902, 0x54017BFC5633E56DULL}};
  for (const Golden& g : goldens) {
    State s = play_policy(g.seed, g.fire, 2, 6);
    uint64_t hash = fnv1a64(encode(s));
    EXPECT_EQ(s.score, g.score) << "seed " << g.seed;
    EXPECT_EQ(hash, g.hash) << "seed " << g.seed << " hash 0x" << std::hex << hash;
  }
}

// ---- Observation ------------------------------------------------------------------------------

TEST(StormlarkObservation, SL105_SL126_TextIsSevenLinesOfTenWithTheLegend) {
  State s = board({"#k^vRrsW~*", "..........", "..........", ">.........", "..........",
                   "..........", "....|....."});
  std::string text = board_text(s);
  EXPECT_EQ(text,
            "#k^vRrsW~*\n..........\n..........\n>.........\n..........\n..........\n....|.....");
  JsonWriter w;
  Traits::encode_observation(init(3), w);
  for (const char* key : {"\"reach\":1", "\"shipLane\":3", "\"hull\":3", "\"charge\":9",
                          "\"chain\":0", "\"score\":0", "\"turn\":0"}) {
    EXPECT_NE(w.str().find(key), std::string::npos) << key;
  }
}

// ---- Codec and validation ---------------------------------------------------------------------

TEST(StormlarkCodec, SL98_SL93_StateCarriesTheSeedNamesAndStartsRight) {
  std::string text = encode(init(7));
  for (const char* key : {"seed", "rngState", "phase", "reach", "shipLane", "hull", "charge",
                          "chain", "score", "turn", "entities"}) {
    EXPECT_NE(text.find(std::string("\"") + key + "\":"), std::string::npos) << key;
  }
  EXPECT_NE(text.find("\"phase\":\"flying\""), std::string::npos);
  EXPECT_NE(text.find("\"hull\":3,\"charge\":9,\"chain\":0,\"score\":0"), std::string::npos);
}

TEST(StormlarkCodec, SL97_SL127_ActionGrammar) {
  auto decode = [](const std::string& text) {
    Issues issues;
    auto v = parse_json(text, issues);
    return v ? Traits::decode_action(*v, issues) : std::nullopt;
  };
  EXPECT_TRUE(decode(R"({"type":"UP"})"));
  EXPECT_TRUE(decode(R"({"type":"END_RUN","x":1})")) << "SL-127: extra keys are ignored";
  EXPECT_FALSE(decode(R"({"type":"up"})"));
  EXPECT_FALSE(decode(R"({"type":5})"));
  EXPECT_FALSE(decode(R"({})"));
  EXPECT_FALSE(decode(R"("UP")"));
  EXPECT_FALSE(decode(R"(["UP"])"));
}

TEST(StormlarkCodec, SL99_CountersOutOfRangeOrWrongTypeAreInvalid) {
  const std::string good = encode(init(7));
  EXPECT_TRUE(decode_issues(good).empty());
  const std::pair<std::string, std::string> edits[] = {
      {"\"hull\":3", "\"hull\":7"},          {"\"hull\":3", "\"hull\":\"3\""},
      {"\"charge\":9", "\"charge\":-1"},     {"\"charge\":9", "\"charge\":10"},
      {"\"shipLane\":3", "\"shipLane\":7"},  {"\"phase\":\"flying\"", "\"phase\":\"paused\""},
      {"\"reach\":1", "\"reach\":0"},        {"\"chain\":0", "\"chain\":-2"},
      {"\"turn\":0", "\"turn\":-1"},         {"\"score\":0", "\"score\":-1"},
      {"\"seed\":7", "\"seed\":4294967296"}, {"\"rngState\":432", "\"rngState\":9007199254740992"},
      {"\"charge\":9", "\"charge\":9.5"},    {"\"reachFlawless\":true", "\"reachFlawless\":1"}};
  for (const auto& [from, to] : edits) {
    auto issues = decode_issues(edit(good, from, to));
    EXPECT_FALSE(issues.empty()) << to;
  }
  auto issues = decode_issues(edit(good, "\"hull\":3", "\"hull\":7"));
  ASSERT_FALSE(issues.empty());
  EXPECT_EQ(issues[0], "state.hull: must be in 0..3, got 7");
  auto missing = decode_issues(edit(good, "\"hull\":3,", ""));
  ASSERT_FALSE(missing.empty());
  EXPECT_EQ(missing[0], "state.hull: is missing");
}

TEST(StormlarkCodec, SL100_EntityChecks) {
  State s = board({"..........", "....#.....", "..........", ">...W.....", "....v.....",
                   "..........", ".........."});
  const std::string good = encode(s);
  ASSERT_TRUE(decode_issues(good).empty());
  const std::pair<std::string, std::string> edits[] = {
      {"\"kind\":\"crag\"", "\"kind\":\"dragon\""},
      {"\"lane\":1", "\"lane\":7"},
      {"\"col\":4", "\"col\":10"},
      {"\"kind\":\"crag\",\"lane\":1,\"col\":4,\"hp\":1",
       "\"kind\":\"crag\",\"lane\":1,\"col\":4,\"hp\":2"},
      {"\"hp\":4", "\"hp\":5"},
      {"\"drift\":1", "\"drift\":0"},
      {"\"kind\":\"crag\",\"lane\":1,\"col\":4,\"hp\":1,\"drift\":0",
       "\"kind\":\"crag\",\"lane\":1,\"col\":4,\"hp\":1,\"drift\":1"},
      {"\"id\":1", "\"id\":0"},
      {"\"lane\":1,\"col\":4", "\"lane\":3,\"col\":4"},
  };
  for (const auto& [from, to] : edits) {
    EXPECT_FALSE(decode_issues(edit(good, from, to)).empty()) << to;
  }
  // An entity's issue names its element: "state.entities[<i>].lane: ...".
  auto lane = decode_issues(edit(good, "\"lane\":1", "\"lane\":7"));
  ASSERT_EQ(lane.size(), 1u);
  const std::string prefix = "state.entities[";
  const size_t close = lane[0].find("].lane: ");
  ASSERT_EQ(lane[0].rfind(prefix, 0), 0u) << lane[0];
  ASSERT_NE(close, std::string::npos) << lane[0];
  const std::string index = lane[0].substr(prefix.size(), close - prefix.size());
  EXPECT_TRUE(!index.empty() && index.find_first_not_of("0123456789") == std::string::npos)
      << lane[0];
  auto shared = decode_issues(edit(good, "\"lane\":1,\"col\":4", "\"lane\":3,\"col\":4"));
  ASSERT_FALSE(shared.empty());
  EXPECT_NE(shared[0].find("shares lane 3 col 4"), std::string::npos) << shared[0];
}

TEST(StormlarkCodec, SL101_SL124_PlausibilityGuard) {
  State s = init(1);
  s.score = kPlausibilityGuard;
  EXPECT_TRUE(decode_issues(encode(s)).empty()) << "exactly the guard is accepted";
  std::string over = edit(encode(s), "\"score\":1000000", "\"score\":1000001");
  EXPECT_FALSE(decode_issues(over).empty());
  // SL-124: a real run that would pass the guard is held at it and ends.
  State near = board({"..........", "..........", "..........", ">...k.....", "..........",
                      "..........", ".........."});
  near.score = kPlausibilityGuard - 10;
  act(near, AT::kFire);
  EXPECT_EQ(near.score, kPlausibilityGuard);
  EXPECT_EQ(near.phase, Phase::kOver);
  EXPECT_TRUE(decode_issues(encode(near)).empty()) << "the engine never emits an invalid state";
}

TEST(StormlarkCodec, SL102_SL125_WellFormedButUnreachablePositionsAreStepped) {
  // A warden at reach 1, three wardens, reachClear with no Gate in column 0: accepted.
  State s = board({"..W.......", "...W......", "....W.....", ">.........", "..........",
                   "..........", ".........."});
  EXPECT_TRUE(decode_issues(encode(s)).empty());
  EXPECT_TRUE(act(s, AT::kVent).ok);
  State g = empty_board();
  g.phase = Phase::kReachClear;
  EXPECT_TRUE(decode_issues(encode(g)).empty());
  EXPECT_TRUE(act(g, AT::kNextReach).ok);
  // Unbounded-looking counters are bounded: reach, chain and turn above their caps are refused.
  const std::string good = encode(init(3));
  EXPECT_FALSE(decode_issues(edit(good, "\"reach\":1", "\"reach\":1000001")).empty());
  EXPECT_FALSE(decode_issues(edit(good, "\"chain\":0", "\"chain\":1000000001")).empty());
  EXPECT_FALSE(decode_issues(edit(good, "\"turn\":0", "\"turn\":1000000000001")).empty());
  // Invalid: a partial Gate column, and flying or reachClear at hull 0.
  State partial = board({".|........", ".|........", "..........", ">.........", "..........",
                         "..........", ".........."});
  auto issues = decode_issues(encode(partial));
  ASSERT_FALSE(issues.empty());
  EXPECT_EQ(issues[0], "state.entities: gate column 1 must fill all 7 lanes");
  State dead = init(3);
  dead.hull = 0;
  issues = decode_issues(encode(dead));
  ASSERT_FALSE(issues.empty());
  EXPECT_EQ(issues[0], "state.hull: is 0 but the phase is not over");
  dead.phase = Phase::kOver;
  EXPECT_TRUE(decode_issues(encode(dead)).empty());
}

TEST(StormlarkCodec, SL103_SL104_SL107_InitAnswerShape) {
  ServiceFor<Traits> service;
  JsonWriter w;
  service.write_init(7, w);
  Issues issues;
  auto v = parse_json(w.str(), issues);
  ASSERT_TRUE(v);
  ObjectReader r(*v, "answer", issues);
  bool ok = false, over = true;
  int64_t score = -1;
  EXPECT_TRUE(r.boolean("ok", ok) && ok);
  EXPECT_TRUE(r.boolean("gameOver", over));
  EXPECT_FALSE(over);
  EXPECT_TRUE(r.integer("score", 0, 0, score));
  auto legal = r.array("legalActions", 6);
  ASSERT_TRUE(legal);
  EXPECT_EQ(to_compact_json((*legal).at(0).value()), R"({"type":"UP"})");
  auto spec = r.get("spec");
  ASSERT_TRUE(spec);
  ObjectReader sr(*spec, "spec", issues);
  std::string_view slug;
  EXPECT_TRUE(sr.string("slug", slug));
  EXPECT_EQ(slug, "stormlark");
  for (const char* key : {"name", "goal", "scoring", "rules"}) {
    std::string_view text;
    EXPECT_TRUE(sr.string(key, text)) << key;
  }
  auto grammar = sr.get("actionGrammar");
  ASSERT_TRUE(grammar);
  EXPECT_EQ(to_compact_json(*grammar).rfind(
                R"({"type":"object","oneOf":[{"properties":{"type":{"const":"UP"}})", 0),
            0u);
  EXPECT_NE(to_compact_json(*grammar).find(R"({"const":"NEXT_REACH"})"), std::string::npos);
  EXPECT_TRUE(issues.empty());
}

TEST(StormlarkCodec, SL95_RefusalEchoesTheSentStateAndGameOverTracksThePhase) {
  ServiceFor<Traits> service;
  State s = empty_board(0);
  const std::string sent = encode(s);
  Issues issues;
  auto state_json = parse_json(sent, issues);
  ASSERT_TRUE(state_json);
  std::string state_copy = to_compact_json(*state_json);
  auto action_json = parse_json(R"({"type":"UP"})", issues);
  ASSERT_TRUE(action_json);
  // The second parse reuses the thread's parser, so re-parse the state into its own document.
  simdjson::dom::parser p;
  simdjson::dom::element st = p.parse(state_copy);
  JsonWriter w;
  EXPECT_EQ(service.write_action(st, *action_json, w), 200);
  EXPECT_NE(w.str().find(R"("ok":false,"reason":"lane_top","state":)" + sent), std::string::npos);
  EXPECT_NE(w.str().find(R"("gameOver":false)"), std::string::npos);
}

TEST(StormlarkOpen, SL110_TurnCountsScrollingTurnsOfTheRun) {
  State s = init(4);
  EXPECT_EQ(s.turn, 0);
  act(s, AT::kVent);
  act(s, AT::kUp);
  EXPECT_EQ(s.turn, 2);
  act(s, AT::kEndRun);
  EXPECT_EQ(s.turn, 2);
}

TEST(StormlarkOpen, SL113_NewIdsComeFromNextId) {
  State s = init(4);
  int64_t next = s.next_id;
  for (int i = 0; i < s.count; ++i) EXPECT_LT(s.entities[i].id, next);
  act(s, AT::kVent);
  for (int i = 0; i < s.count; ++i) {
    if (s.entities[i].col == 9) {
      EXPECT_GE(s.entities[i].id, next);
    }
  }
  std::string bad = edit(encode(init(4)), "\"nextId\":", "\"nextId\":0,\"x\":");
  auto issues = decode_issues(bad);
  ASSERT_FALSE(issues.empty());
  EXPECT_NE(issues[0].find("must be below nextId 0"), std::string::npos) << issues[0];
}

TEST(StormlarkOpen, SL114_FlawlessIsAStateField) {
  State s = board({"..........", "..........", "..........", ">#........", "..........",
                   "..........", ".........."});
  EXPECT_TRUE(s.reach_flawless);
  act(s, AT::kVent);
  EXPECT_FALSE(s.reach_flawless);
  EXPECT_NE(encode(s).find("\"reachFlawless\":false"), std::string::npos);
}

TEST(StormlarkOpen, SL118_TheGateIsDrawnAfterTwentyContentColumns) {
  State s = init(9);
  s.columns_drawn = kContentColumnsPerReach;
  act(s, AT::kVent);
  int gates = 0;
  for (int i = 0; i < s.count; ++i) {
    if (s.entities[i].kind == Kind::kGate) {
      EXPECT_EQ(s.entities[i].col, 9);
      ++gates;
    }
  }
  EXPECT_EQ(gates, 7);
  EXPECT_EQ(s.columns_drawn, 0);
}

}  // namespace
}  // namespace gb::stormlark
