// The observation (strip text and player counters), legalActions and what state keeps.
#include <sstream>
#include <vector>

#include "glimfall/support.h"

namespace gb::glimfall {
namespace {

using namespace testing;

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

std::string cells(BracketMask open) {
  std::string s;
  for (int b = 0; b < kBrackets; ++b) s.push_back((open >> b) & 1u ? '.' : '#');
  return s;
}

// GF-76, GF-77, GF-Q21: status line, Collar row, one row per live rib nearest first with its
// arrival cells and t label, bright/beacon flags, then the next mote.
TEST(GlimfallStrip, Layout_GF76_GF77_GFQ21) {
  State s = before_first_arrival();
  jump_to(s, 10);
  make_split(s.ribs[0], 0, 3, 6);
  make_bloom(s.ribs[1], 4);
  Rib& t = s.ribs[2];
  t.kind = RibKind::kTurn;
  t.gap_start = 0;
  t.gap_w = 2;
  t.turn_dir = -1;
  t.turn_every = 10;
  t.spawn_tick = 0;
  s.bracket = 5;
  s.turn_lock = 3;
  const auto rows = lines(strip_text(s));
  ASSERT_GE(rows.size(), 5u);
  EXPECT_EQ(rows[0].rfind("running tick 10 sparks 3", 0), 0u) << rows[0];
  EXPECT_EQ(rows[1], "-----G------ collar lock 3");
  EXPECT_EQ(rows[2],
            "...###.##### t" + std::to_string(s.ribs[0].arrive_tick - 10) + " #0 split bright@6");
  EXPECT_EQ(rows[3],
            "............ t" + std::to_string(s.ribs[1].arrive_tick - 10) + " #1 bloom beacon@4");
  // the turn rib is drawn where it arrives: stepped -1 once per 10 ticks from 0 to arriveTick
  const int steps = static_cast<int>(t.arrive_tick / 10);
  EXPECT_EQ(rows[4].substr(0, 12), cells(break_mask(wrap_bracket(-steps), 2)));
  EXPECT_EQ(rows[4].substr(12), " t" + std::to_string(t.arrive_tick - 10) + " #2 turn");
  if (rows.size() > 5) {
    EXPECT_NE(rows[5].find("mote t"), std::string::npos);
  }
}

// GF-76: over play, every rib row equals the rib's arrival set, and that is what arrival judges.
TEST(GlimfallStrip, RowsAreTheArrivalSets_GF76_GF30) {
  for (uint32_t seed = 1; seed <= 30; ++seed) {
    State s = init(seed);
    apply(s, start_action());
    while (s.status == Status::kRunning && s.ribs_descended < 25) {
      const auto rows = lines(strip_text(s));
      const int i = nearest_live_rib(s);
      const Rib r = s.ribs[i];
      ASSERT_EQ(rows[2].substr(0, 12), cells(arrival_open(r)));
      ASSERT_EQ(rows[2].substr(12, 2 + std::to_string(r.arrive_tick - s.tick).size()),
                " t" + std::to_string(r.arrive_tick - s.tick));
      // step to the tick before arrival and check the row still matches what arrival judges
      apply(s, tick_action(r.arrive_tick - s.tick - 1));
      if (s.status != Status::kRunning) break;
      const bool open = (arrival_open(r) >> s.bracket) & 1u;
      const bool settle = s.settle > 0;
      apply(s, tick_action());
      if (!settle) {
        EXPECT_EQ(count_events(s, open ? EventType::kThread : EventType::kKnock), 1);
      }
      if (s.turn_lock == 0) apply(s, rotate_action(seed % 2 ? 1 : -1));
    }
  }
}

// GF-79, GF-Q17: the SPEC 5 formula, 6 in waiting, 0 in done.
TEST(GlimfallPlayer, BracketsReachable_GF79_GFQ17) {
  State s = before_first_arrival();
  const int64_t arrive = s.ribs[0].arrive_tick;
  struct Row {
    int64_t t;
    int lock;
    int expected;
  };
  const Row rows[] = {{1, 0, 1},  {1, 1, 0},  {6, 6, 0},   {7, 6, 1},  {12, 0, 2},
                      {13, 0, 3}, {37, 0, 6}, {100, 0, 6}, {10, 6, 1}, {13, 6, 2}};
  for (const Row& r : rows) {
    State c = s;
    jump_to(c, arrive - r.t);
    c.turn_lock = static_cast<int8_t>(r.lock);
    EXPECT_EQ(brackets_reachable(c), r.expected) << "T " << r.t << " L " << r.lock;
  }
  EXPECT_EQ(brackets_reachable(init(1)), 6);
  State done = s;
  done.status = Status::kDone;
  done.sparks = 0;
  EXPECT_EQ(brackets_reachable(done), 0);
}

// GF-78, GF-Q02, GF-Q15: player counters, nearest rib, live counts; done keeps 3 live ribs.
TEST(GlimfallPlayer, Counters_GF78_GFQ02_GFQ15) {
  State s = before_first_arrival();
  make_plain(s.ribs[0], 2);
  s.bracket = 9;
  s.sparks = 1;
  apply(s, tick_action());
  ASSERT_EQ(s.status, Status::kDone);
  JsonWriter w;
  Traits::encode_observation(s, w);
  Issues issues;
  auto v = parse_json(w.str(), issues);
  ASSERT_TRUE(v);
  simdjson::dom::element p = (*v)["player"].value_unsafe();
  for (const char* key : {"tick", "bracket", "turnLock", "sparks", "blaze", "score", "reach",
                          "ribsDescended", "settle", "blazeWindow", "bleedTimer", "multiplier",
                          "bracketsReachable", "nearestRibId", "ribs", "motes"}) {
    EXPECT_EQ(p[key].value_unsafe().type(), simdjson::dom::element_type::INT64) << key;
  }
  EXPECT_EQ(p["ribs"].get_int64().value_unsafe(), 3);
  EXPECT_EQ(p["nearestRibId"].get_int64().value_unsafe(), 1);
  EXPECT_EQ(p["bracketsReachable"].get_int64().value_unsafe(), 0);
  EXPECT_EQ(p["motes"].get_int64().value_unsafe(), pending_mote_count(s));
  EXPECT_EQ(p["settle"].get_int64().value_unsafe(), 60);
}

// GF-80, GF-Q26: the legal set per status and lock, in the fixed order.
TEST(GlimfallLegal, ExactSetsInOrder_GF80_GFQ26) {
  auto listed = [](const State& s) {
    ActionList l;
    legal_actions(s, l);
    std::string out;
    for (const Action& a : l) {
      JsonWriter w;
      Traits::encode_action(a, w);
      out += w.str();
    }
    return out;
  };
  State s = init(1);
  EXPECT_EQ(listed(s), R"({"type":"start"}{"type":"rotate","dir":-1}{"type":"rotate","dir":1})");
  s.turn_lock = 3;  // waiting ignores the lock
  EXPECT_EQ(listed(s), R"({"type":"start"}{"type":"rotate","dir":-1}{"type":"rotate","dir":1})");
  s.turn_lock = 0;
  s.status = Status::kRunning;
  EXPECT_EQ(listed(s), R"({"type":"tick"}{"type":"rotate","dir":-1}{"type":"rotate","dir":1})");
  s.turn_lock = 1;
  EXPECT_EQ(listed(s), R"({"type":"tick"})");
  s.status = Status::kDone;
  s.sparks = 0;
  EXPECT_EQ(listed(s), "");
}

// GF-75, GF-Q16, GF-27, GF-43: finished ribs and motes stay a while (at most 3 and 8), live ones
// are told by resolved/state, and fields other than resolved/state never change.
TEST(GlimfallState, HistoryAndImmutableFields_GF75_GFQ16_GF27_GF43) {
  State s = init(17);
  apply(s, start_action());
  std::vector<Rib> first_seen_ribs(400);
  std::vector<bool> rib_seen(400, false);
  bool saw_history = false;
  uint64_t tick = 0;
  while (s.status == Status::kRunning && s.ribs_descended < 300) {
    apply(s, tick_action());
    if (s.turn_lock == 0 && ++tick % 3 == 0) apply(s, rotate_action(1));
    int resolved = 0, finished = 0;
    for (int i = 0; i < s.rib_count; ++i) {
      Rib r = s.ribs[i];
      resolved += r.resolved;
      r.resolved = false;
      if (!rib_seen[r.id]) {
        rib_seen[r.id] = true;
        first_seen_ribs[r.id] = r;
      }
      ASSERT_EQ(r, first_seen_ribs[r.id]);
    }
    for (int i = 0; i < s.mote_count; ++i) finished += s.motes[i].state != MoteState::kPending;
    ASSERT_LE(resolved, kKeptResolvedRibs);
    ASSERT_LE(finished, kKeptFinishedMotes);
    saw_history = saw_history || (resolved > 0 && finished > 0);
  }
  EXPECT_TRUE(saw_history);
}

}  // namespace
}  // namespace gb::glimfall
