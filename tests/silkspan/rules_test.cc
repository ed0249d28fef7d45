// The Silkspan rule table: one named case per rule sentence, each naming the SS IDs it covers.
#include <gtest/gtest.h>

#include <cstdlib>

#include "core/rng.h"
#include "silkspan/fixtures.h"

namespace gb::silkspan {
namespace {

using namespace gb::silkspan::testing;

// A panel-P position whose next beat (tick 4, heading up from (1,1) into the frame) claims
// exactly n cells: the first n interior cells in row-major order are dark with the thread on
// (1,1); the last `pocket` interior cells are a dark pocket holding a moth; the rest is woven.
State pocketed(int n, int pocket, int64_t panel = 1) {
  State s = running(panel);
  paint(s, 1, 1, 46, 34, true);
  for (int k = 0; k < n; ++k) s.cells[index_of(1 + k % 46, 1 + k / 46)] = 0;
  for (int k = 0; k < pocket; ++k) {
    const int j = kInterior - 1 - k;
    s.cells[index_of(1 + j % 46, 1 + j / 46)] = 0;
  }
  add_moth(s, 40, 34);
  set_thread(s, {{1, 1}});
  s.heading = 0;
  finish(s);
  return s;
}

// Cells needed for target T percent: the least w with 100w >= T*1564.
int target_cells(int pct) {
  return (pct * kInterior + 99) / 100;
}

// Finds a seed whose draws at counters c, c+3, ... (one per moth) all say "no re-aim" at `turn_pm`.
uint32_t seed_without_turn(uint64_t counter, int moths, int turn_pm) {
  for (uint32_t seed = 1;; ++seed) {
    bool ok = true;
    for (int m = 0; m < moths; ++m) {
      ok = ok && gb::below(draw(seed, counter + kMothDraws * m), 1000) >= uint32_t(turn_pm);
    }
    if (ok) return seed;
  }
}

// --- Field and actions -------------------------------------------------------------------------

TEST(SilkspanField, FreshPanel_SS01_SS02_SS03_SS04) {
  State s = init(3);
  play(s, Action{ActionType::kStart});
  int frame = 0;
  for (int y = 0; y < kRows; ++y) {
    for (int x = 0; x < kCols; ++x) {
      const bool woven = s.cells[index_of(x, y)] & kWoven;
      EXPECT_EQ(woven, is_frame(x, y)) << x << "," << y;
      frame += woven ? 1 : 0;
    }
  }
  EXPECT_EQ(frame, 164);
  EXPECT_EQ(woven_interior(s), 0);
  EXPECT_EQ(kInterior, 1564);
  const std::string json = encode(s);
  EXPECT_NE(json.find("\"grid\":[\"" + std::string(48, '#') + "\",\"#......"), std::string::npos);
}

TEST(SilkspanActions, LegalSetsPerStatus_SS08_SS09_SS16_SS133) {
  State s = init(1);
  ActionList l;
  legal_actions(s, l);
  ASSERT_EQ(l.size, 1);
  EXPECT_EQ(l.items[0].type, ActionType::kStart);
  play(s, Action{ActionType::kStart});
  EXPECT_EQ(s.status, Status::kRunning);
  EXPECT_EQ(s.panel, 1);
  legal_actions(s, l);
  ASSERT_EQ(l.size, 7);
  EXPECT_EQ(l.items[0].type, ActionType::kTick);
  EXPECT_FALSE(l.items[0].has_count);  // listed once as {type:'tick'}
  s.status = Status::kStageClear;
  legal_actions(s, l);
  ASSERT_EQ(l.size, 2);
  EXPECT_EQ(l.items[0].type, ActionType::kNextStage);
  s.status = Status::kOver;
  legal_actions(s, l);
  EXPECT_EQ(l.size, 0);
}

struct RefusalCase {
  const char* name;
  Status status;
  Action action;
  std::string_view reason;
};

TEST(SilkspanActions, RefusalTable_SS14_SS90_SS97_SS98_SS99_SS100_SS101_SS102_SS103_SS104_SS132) {
  const RefusalCase cases[] = {
      {"start running SS-97", Status::kRunning, {ActionType::kStart}, "already_started"},
      {"start stageClear SS-97", Status::kStageClear, {ActionType::kStart}, "already_started"},
      {"heading waiting SS-98", Status::kWaiting, heading(1), "panel_not_running"},
      {"release stageClear SS-98",
       Status::kStageClear,
       {ActionType::kRelease},
       "panel_not_running"},
      {"tick waiting SS-98", Status::kWaiting, tick(1), "panel_not_running"},
      {"bad dir waiting SS-132", Status::kWaiting, heading(7), "panel_not_running"},
      {"dir -1 SS-99", Status::kRunning, heading(-1), "bad_heading"},
      {"dir 4 SS-99", Status::kRunning, heading(4), "bad_heading"},
      {"count 0 SS-100", Status::kRunning, tick(0), "bad_tick_count"},
      {"count -5 SS-100", Status::kRunning, tick(-5), "bad_tick_count"},
      {"next waiting SS-101", Status::kWaiting, {ActionType::kNextStage}, "panel_not_cleared"},
      {"next running SS-101", Status::kRunning, {ActionType::kNextStage}, "panel_not_cleared"},
      {"end waiting SS-102", Status::kWaiting, {ActionType::kEndRun}, "nothing_to_keep"},
      {"tick over SS-103", Status::kOver, tick(1), "run_ended"},
      {"end over SS-103", Status::kOver, {ActionType::kEndRun}, "run_ended"},
      {"start over SS-103", Status::kOver, {ActionType::kStart}, "run_ended"},
      {"unknown SS-104", Status::kRunning, {ActionType::kUnknown}, "unknown_action"},
      {"unknown over SS-132", Status::kOver, {ActionType::kUnknown}, "unknown_action"},
  };
  for (const auto& c : cases) {
    State s = init(11);
    if (c.status != Status::kWaiting) {
      play(s, Action{ActionType::kStart});
      play(s, tick(13));
    }
    s.status = c.status;
    if (c.status == Status::kStageClear) s.panels_cleared = s.panel;
    const State before = s;
    Outcome o = apply(s, c.action);
    EXPECT_FALSE(o.ok) << c.name;
    EXPECT_EQ(o.reason, c.reason) << c.name;
    EXPECT_TRUE(s == before) << c.name << ": a refusal changed the state";
  }
}

TEST(SilkspanActions, HeadingAndReleaseChangeNothingElse_SS15) {
  State s = init(2);
  play(s, Action{ActionType::kStart});
  for (int dir : {0, 0, 3, 1, 2}) {
    State before = s;
    play(s, heading(dir));
    EXPECT_EQ(s.heading, dir);
    before.heading = s.heading;
    EXPECT_TRUE(s == before);
  }
  State before = s;
  play(s, Action{ActionType::kRelease});
  play(s, Action{ActionType::kRelease});
  EXPECT_EQ(s.heading, -1);
  before.heading = -1;
  EXPECT_TRUE(s == before);
}

TEST(SilkspanActions, EndRunKeepsEverything_SS11_SS12_SS136) {
  State s = running();
  add_moth(s, 30, 20);
  set_thread(s, {{23, 34}, {23, 33}});
  s.score = 1234;
  finish(s);
  State before = s;
  play(s, Action{ActionType::kEndRun});
  EXPECT_TRUE(Traits::game_over(s));
  before.status = Status::kOver;
  EXPECT_TRUE(s == before);  // thread kept, nothing paid, no spool spent
  State c = running();
  c.status = Status::kStageClear;
  c.panels_cleared = 1;
  play(c, Action{ActionType::kEndRun});
  EXPECT_EQ(c.status, Status::kOver);
}

// --- Clock and movement ------------------------------------------------------------------------

TEST(SilkspanClock, MultiTickEqualsSingles_SS18_SS19_SS17) {
  State a = init(5), b = init(5);
  play(a, Action{ActionType::kStart});
  play(b, Action{ActionType::kStart});
  play(a, heading(0));
  play(b, heading(0));
  play(a, tick(77));
  for (int i = 0; i < 77; ++i) play(b, tick(1));
  EXPECT_EQ(encode(a), encode(b));
  State c600 = a, c601 = a, c10k = a, none = a, one = a;
  play(c600, tick(600));
  play(c601, tick(601));
  play(c10k, tick(10000));
  EXPECT_EQ(encode(c600), encode(c601));
  EXPECT_EQ(encode(c600), encode(c10k));
  play(none, Action{ActionType::kTick});
  play(one, tick(1));
  EXPECT_EQ(encode(none), encode(one));
}

TEST(SilkspanClock, StepsOnEveryFourthPanelTick_SS21_SS22_SS05) {
  State s = running();
  play(s, tick(5));
  play(s, heading(3));  // set after tick 5: first attempt on tick 8
  play(s, tick(2));
  EXPECT_EQ(s.spinner, (Cell{23, 35}));
  play(s, tick(1));
  EXPECT_EQ(s.tick, 8);
  EXPECT_EQ(s.spinner, (Cell{22, 35}));  // woven to woven, left is x-1
  play(s, heading(1));
  play(s, tick(4));
  EXPECT_EQ(s.spinner, (Cell{23, 35}));  // right is x+1
  play(s, Action{ActionType::kRelease});
  play(s, tick(40));
  EXPECT_EQ(s.spinner, (Cell{23, 35}));  // released: never moves
  play(s, heading(0));
  play(s, tick(4));
  EXPECT_EQ(s.spinner, (Cell{23, 34}));  // up is y-1
  play(s, heading(2));
  State t = running();
  t.spinner = Cell{23, 1};
  t.cells[index_of(23, 1)] = kWoven;
  t.heading = 2;
  play(t, tick(4));
  EXPECT_EQ(t.spinner, (Cell{23, 2}));  // down is y+1
}

TEST(SilkspanClock, OffGridHeadingIsKept_SS06_SS135) {
  State s = running();
  play(s, heading(2));
  play(s, tick(40));
  EXPECT_EQ(s.spinner, (Cell{23, 35}));
  EXPECT_EQ(s.heading, 2);
}

TEST(SilkspanClock, TickIsThePanelClock_SS114_SS78) {
  State c = running();
  c.status = Status::kStageClear;
  c.panels_cleared = 1;
  c.tick = 999;
  c.score = 10;
  c.spools = 2;
  play(c, Action{ActionType::kNextStage});
  EXPECT_EQ(c.tick, 0);
  EXPECT_EQ(c.panel, 2);
  EXPECT_EQ(c.score, 10);
  EXPECT_EQ(c.spools, 2);
  EXPECT_EQ(woven_interior(c), 0);
}

// --- The thread
// -----------------------------------------------------------------------------------

TEST(SilkspanThread, WeaveStartsAndExtends_SS23_SS24) {
  State s = running();
  play(s, heading(0));
  play(s, tick(4));
  ASSERT_EQ(s.thread_len, 1);
  EXPECT_EQ(s.thread[0], index_of(23, 34));
  play(s, tick(8));
  ASSERT_EQ(s.thread_len, 3);
  EXPECT_EQ(s.thread[2], index_of(23, 32));
  EXPECT_EQ(s.spinner, (Cell{23, 32}));
}

struct StepCase {
  const char* name;
  std::initializer_list<std::pair<int, int>> thread;
  int dir;
  bool taken;
};

TEST(SilkspanThread, StepRefusalTable_SS27_SS28_SS29_SS30_SS134) {
  const StepCase cases[] = {
      {"re-enter SS-27", {{10, 10}, {11, 10}}, 3, false},
      {"reverse after moving right SS-28 SS-134", {{10, 10}, {11, 10}, {12, 10}}, 3, false},
      {"touches earlier cell SS-29", {{10, 10}, {11, 10}, {11, 11}}, 3, false},
      {"touches earlier cell around a bend SS-29",
       {{10, 10}, {11, 10}, {12, 10}, {12, 11}},
       3,
       false},
      {"diagonal contact only SS-29", {{10, 10}, {10, 11}}, 1, true},
      {"straight on", {{10, 10}, {11, 10}}, 1, true},
      {"turn away", {{10, 10}, {11, 10}, {11, 11}}, 2, true},
  };
  for (const auto& c : cases) {
    State s = running();
    set_thread(s, c.thread);
    s.heading = static_cast<int8_t>(c.dir);
    finish(s);
    const Cell start = s.spinner;
    const int len = s.thread_len;
    play(s, tick(4));
    EXPECT_EQ(s.spinner != start, c.taken) << c.name;
    EXPECT_EQ(s.thread_len, len + (c.taken ? 1 : 0)) << c.name;
    EXPECT_EQ(s.heading, c.dir) << c.name;  // SS-30: the heading is kept
    if (!c.taken) {
      play(s, tick(4));  // the next beat tries the same heading again, and is refused again
      EXPECT_EQ(s.spinner, start) << c.name;
    }
  }
}

TEST(SilkspanThread, ClosingOnAnyWovenCell_SS26) {
  State s = running();
  add_moth(s, 30, 10);
  finish(s);
  play(s, heading(0));
  play(s, tick(4));  // origin (23,34)
  play(s, heading(2));
  play(s, tick(4));  // straight back onto the frame cell the weave left: closes
  EXPECT_EQ(s.thread_len, 0);
  EXPECT_EQ(s.spinner, (Cell{23, 35}));
  EXPECT_TRUE(s.cells[index_of(23, 34)] & kWoven);
  EXPECT_EQ(s.score, 5);  // one thread cell, the moth keeps the dark
}

// --- The claim and scoring
// -------------------------------------------------------------------------

TEST(SilkspanClaim, FillsPocketWithoutMoth_SS32_SS33_SS36) {
  State s = pocketed(40, 690);
  play(s, tick(4));
  EXPECT_EQ(s.thread_len, 0);
  EXPECT_EQ(woven_interior(s), kInterior - 690);
  EXPECT_EQ(s.score, claim_award(40));
  EXPECT_EQ(s.score, 200);
}

TEST(SilkspanClaim, PocketWithMothStaysDark_SS34_SS35) {
  State s = pocketed(40, 690);
  add_moth(s, 20, 1);  // a moth in the 40-cell pocket at the instant of closing
  finish(s);
  play(s, tick(4));
  EXPECT_EQ(woven_interior(s), kInterior - 690 - 39);  // only the thread cell turned woven
  EXPECT_EQ(s.score, 5 + 500);  // and that moth is now confined to 39 cells (SS-54)
}

TEST(SilkspanClaim, ThreadOnlyClaimPays50_SS37) {
  State s = running();
  paint(s, 1, 11, 46, 11, true);
  add_moth(s, 5, 5);
  add_moth(s, 20, 5);
  add_moth(s, 20, 20);
  set_thread(
      s,
      {{10, 1}, {10, 2}, {10, 3}, {10, 4}, {10, 5}, {10, 6}, {10, 7}, {10, 8}, {10, 9}, {10, 10}});
  s.heading = 2;
  finish(s);
  play(s, tick(4));
  EXPECT_EQ(s.thread_len, 0);
  EXPECT_EQ(s.score, 50);
}

struct ClaimCase {
  int n;
  int64_t points;
};

TEST(SilkspanScoring, MultiplierThresholdsAtExactCounts_SS38_SS39_SS40_SS41_SS46) {
  const ClaimCase cases[] = {{125, 625},  {126, 1260}, {234, 2340},
                             {235, 3525}, {390, 5850}, {391, 7820}};
  for (const auto& c : cases) {
    State s = pocketed(c.n, 690);
    play(s, tick(4));
    EXPECT_EQ(s.score, c.points) << "n=" << c.n;
    EXPECT_EQ(s.status, Status::kRunning);
  }
  EXPECT_EQ(multiplier(1), 1);
  EXPECT_EQ(multiplier(1564), 4);
}

struct ClearCase {
  int64_t panel;
  int64_t flawless;
  int64_t pays;
};

TEST(SilkspanScoring, ClearPaymentWithFlawlessBonusAndCap_SS42_SS43_SS44_SS76_SS10) {
  const ClearCase cases[] = {{1, 0, 300},  {2, 1, 660},  {2, 0, 600},
                             {6, 5, 2700}, {7, 6, 3150}, {4, 2, 1440}};
  for (const auto& c : cases) {
    EXPECT_EQ(clear_award(c.panel, c.flawless), c.pays);
    // End to end: a claim of 10 cells that lands exactly on the target (no overshoot).
    const int t = difficulty(c.panel).target_pct;
    State s = pocketed(10, kInterior - target_cells(t), c.panel);
    s.flawless_panels = c.flawless;
    s.panels_cleared = c.panel - 1;
    play(s, tick(600));
    EXPECT_EQ(s.status, Status::kStageClear) << c.panel;
    EXPECT_EQ(s.tick, 4) << "the rest of the multi-tick action is dropped (SS-20)";
    EXPECT_EQ(s.score, 50 + c.pays) << c.panel;
  }
}

TEST(SilkspanScoring, FlawlessCountsEarlierPanelsOnly_SS44) {
  State s = pocketed(10, kInterior - target_cells(60));
  s.panel_flawless = false;  // a spool was lost in this panel
  play(s, tick(4));
  EXPECT_EQ(s.flawless_panels, 0);
  EXPECT_EQ(s.panels_cleared, 1);
  State f = pocketed(10, kInterior - target_cells(60));
  play(f, tick(4));
  EXPECT_EQ(f.flawless_panels, 1);
  EXPECT_EQ(f.score, 50 + 300);  // its own flawlessness does not raise its own bonus
}

TEST(SilkspanScoring, OvershootWholePoints_SS45_SS20) {
  struct {
    int woven;
    int64_t pays;
  } cases[] = {{939, 0}, {954, 0}, {955, 30}, {970, 60}};
  for (const auto& c : cases) {
    EXPECT_EQ(overshoot_award(c.woven, 60), c.pays);
    State s = pocketed(10, kInterior - c.woven);
    play(s, tick(20));
    EXPECT_EQ(s.status, Status::kStageClear);
    EXPECT_EQ(s.score, 50 + 300 + c.pays) << c.woven;
  }
  EXPECT_FALSE(target_reached(938, 60));
  EXPECT_TRUE(target_reached(939, 60));
}

// Confinement layout: a 10-cell claim in row 1; pocket A of `a_cells` (row 10 onward, moth at
// (5,10)); the 690-cell pocket B (rows 20..34, moth at (40,34)).
State confinement(int a_cells) {
  State s = pocketed(10, 690);
  for (int k = 0; k < a_cells; ++k) s.cells[index_of(1 + k % 46, 10 + k / 46)] = 0;
  add_moth(s, 5, 10);
  finish(s);
  return s;
}

TEST(SilkspanScoring, ConfinementAt78Not79_SS54_SS55_SS56) {
  State s78 = confinement(78);
  play(s78, tick(4));
  EXPECT_EQ(s78.score, 50 + 500);
  EXPECT_TRUE(s78.moths[1].confined);
  EXPECT_FALSE(s78.moths[0].confined);
  State s79 = confinement(79);
  play(s79, tick(4));
  EXPECT_EQ(s79.score, 50);
  // SS-55: a later claim pays nothing more for the same moth.
  State again = s78;
  set_thread(again, {{23, 5}});
  again.cells[index_of(23, 5)] = 0;
  again.heading = 0;
  finish(again);
  play(again, tick(4));
  EXPECT_EQ(again.score, s78.score + 5);
  // SS-56: two moths in one 78-cell pocket pay 500 each; at panel 3, 1500 each.
  State two = confinement(78);
  add_moth(two, 30, 10);
  two.panel = 3;
  two.panels_cleared = 2;
  finish(two);
  play(two, tick(4));
  EXPECT_EQ(two.score, 50 + 2 * 1500);
}

// --- Moths
// -------------------------------------------------------------------------------------------

TEST(SilkspanMoths, BounceOffFrameCorner_SS50_SS116) {
  State s = running();
  add_moth(s, 1, 1, -1, -1);
  add_moth(s, 40, 5, 1, -1);
  s.seed = seed_without_turn(0, 2, difficulty(1).turn_pm);
  finish(s);
  play(s, tick(5));
  EXPECT_EQ(s.moths[0].x, 1);  // both sides woven: both axes flip, the move is spent
  EXPECT_EQ(s.moths[0].dx, 1);
  EXPECT_EQ(s.moths[0].dy, 1);
  EXPECT_EQ(s.moths[1].x, 41);  // free: it moves diagonally
  EXPECT_EQ(s.moths[1].y, 4);
  EXPECT_EQ(s.rng_state, uint64_t(2 * kMothDraws));  // SS-51: three draws per move
}

TEST(SilkspanMoths, TwoMothsMeetingTurnBack_SS116_SS130) {
  State s = running();
  add_moth(s, 10, 10, 1, 1);
  add_moth(s, 11, 11, -1, -1);
  s.seed = seed_without_turn(0, 2, difficulty(1).turn_pm);
  finish(s);
  play(s, tick(5));
  EXPECT_EQ(s.moths[0], (Moth{10, 10, -1, -1, false}));
  EXPECT_EQ(s.moths[1], (Moth{11, 11, 1, 1, false}));
}

TEST(SilkspanMoths, MovesOnlyEveryMothPeriod_SS49) {
  State s = running(8);  // mothPeriod 4
  add_moth(s, 20, 20);
  finish(s);
  for (int t = 1; t <= 40; ++t) {
    const Moth before = s.moths[0];
    play(s, tick(1));
    if (t % 4 != 0) {
      EXPECT_TRUE(s.moths[0] == before) << t;
    }
  }
}

TEST(SilkspanMoths, BiasPullsTowardThread_SS51_SS117) {
  int toward_with = 0, toward_without = 0;
  for (uint32_t seed = 1; seed <= 600; ++seed) {
    for (bool thread : {true, false}) {
      State s = running(20);
      s.seed = seed;
      add_moth(s, 10, 20, -1, -1);
      if (thread) set_thread(s, {{40, 30}});
      finish(s);
      play(s, tick(2));  // mothPeriod 2 at panel 20
      const bool toward = s.moths[0].dx == 1 && s.moths[0].dy == 1;
      (thread ? toward_with : toward_without) += toward ? 1 : 0;
    }
  }
  // Expected 0.5*(0.6+0.4/4) = 35% with a thread and 0.5/4 = 12.5% without.
  EXPECT_GT(toward_with, 170);
  EXPECT_LT(toward_without, 110);
}

TEST(SilkspanMoths, MothReachingThreadCostsSpool_SS52_SS70_SS118) {
  State s = running();
  add_moth(s, 10, 10, 1, 1);
  set_thread(s, {{11, 11}, {12, 11}});
  s.seed = seed_without_turn(0, 1, difficulty(1).turn_pm);
  finish(s);
  const int64_t score = s.score;
  play(s, tick(5));
  EXPECT_EQ(s.spools, 2);
  EXPECT_EQ(s.thread_len, 0);
  EXPECT_FALSE(s.cells[index_of(11, 11)] & (kWoven | kThread));  // erased, nothing filled
  EXPECT_EQ(s.score, score);
  EXPECT_FALSE(s.panel_flawless);
  // Invulnerable: no loss, the thread is a wall.
  State inv = running();
  add_moth(inv, 10, 10, 1, 1);
  set_thread(inv, {{11, 11}, {12, 11}});
  inv.seed = s.seed;
  inv.invulnerable = 50;
  finish(inv);
  play(inv, tick(5));
  EXPECT_EQ(inv.spools, 3);
  EXPECT_EQ(inv.moths[0], (Moth{10, 10, -1, -1, false}));
}

TEST(SilkspanMoths, SteppingIntoMothWhileWeaving_SS53_SS74) {
  State s = running();
  add_moth(s, 12, 10);
  set_thread(s, {{10, 10}, {11, 10}});
  s.heading = 1;
  finish(s);
  State inv = s;
  play(s, tick(4));
  EXPECT_EQ(s.spools, 2);
  inv.invulnerable = 20;
  play(inv, tick(4));
  EXPECT_EQ(inv.spools, 3);
  EXPECT_EQ(inv.spinner, (Cell{11, 10}));  // blocked while invulnerable
}

// --- Beetles and the border walk
// -------------------------------------------------------------------

int walk_index_of(const State& s, int x, int y) {
  for (int i = 0; i < s.walk_len; ++i) {
    if (s.walk[i] == index_of(x, y)) return i;
  }
  return -1;
}

TEST(SilkspanBeetles, FullFieldWalkIsTheFrameRing_SS119_SS57) {
  State s = running();
  ASSERT_EQ(s.walk_len, 160);
  EXPECT_EQ(s.walk[0], index_of(1, 0));
  EXPECT_EQ(s.walk[45], index_of(46, 0));
  EXPECT_EQ(s.walk[46], index_of(47, 1));  // clockwise on screen
  EXPECT_EQ(walk_index_of(s, 0, 0), -1);   // corners are not on the walk
}

TEST(SilkspanBeetles, WalkHolesPinchesAndSeveralRegions_SS119_SS120) {
  State hole = running();
  paint(hole, 10, 10, 12, 12, true);
  finish(hole);
  EXPECT_EQ(hole.walk_len, 160);  // a hole is not visited
  EXPECT_EQ(walk_index_of(hole, 11, 9), -1);

  State pinch = running();
  paint(pinch, 1, 1, 46, 34, true);
  paint(pinch, 1, 1, 5, 5, false);
  paint(pinch, 7, 1, 11, 5, false);
  paint(pinch, 6, 1, 6, 1, false);  // A and B joined along row 1 only
  finish(pinch);
  int seen = 0;
  for (int i = 0; i < pinch.walk_len; ++i) seen += pinch.walk[i] == index_of(6, 3) ? 1 : 0;
  EXPECT_EQ(seen, 2);  // the strip between the rooms is passed down and up

  State several = running();
  paint(several, 1, 1, 46, 34, true);
  paint(several, 1, 1, 2, 5, false);      // 10 cells
  paint(several, 20, 20, 23, 24, false);  // 20 cells: the largest
  finish(several);
  EXPECT_EQ(several.walk_len, 4 + 4 + 5 + 5);
  EXPECT_EQ(several.walk[0], index_of(20, 19));

  State tie = running();
  paint(tie, 1, 1, 46, 34, true);
  paint(tie, 30, 2, 31, 3, false);
  paint(tie, 2, 10, 3, 11, false);
  finish(tie);
  EXPECT_EQ(tie.walk[0], index_of(30, 1));  // equal sizes: the earlier first cell wins

  State diag = running();
  paint(diag, 1, 1, 46, 34, true);
  diag.cells[index_of(5, 5)] = 0;
  diag.cells[index_of(6, 6)] = 0;
  std::array<int16_t, kCells> label, size;
  EXPECT_EQ(label_regions(diag, label, size), 2);  // diagonal contact does not connect
}

TEST(SilkspanBeetles, PatrolDirectionAndContact_SS58_SS59_SS60) {
  State s = running();
  s.beetles[0] = Beetle{1, 0, true, 0};
  s.beetles[1] = Beetle{46, 0, false, 45};
  s.beetle_count = 2;
  finish(s);
  play(s, tick(6));
  EXPECT_EQ(s.beetles[0], (Beetle{2, 0, true, 1}));
  EXPECT_EQ(s.beetles[1], (Beetle{45, 0, false, 44}));
  // A beetle arriving on the spinner on woven ground costs a spool.
  State hit = running();
  const int at = walk_index_of(hit, 23, 35);
  hit.beetles[0] = Beetle{24, 35, true, static_cast<int16_t>(at - 1)};
  hit.beetles[0].x = static_cast<int8_t>(cell_x(hit.walk[at - 1]));
  hit.beetles[0].y = static_cast<int8_t>(cell_y(hit.walk[at - 1]));
  hit.beetle_count = 1;
  finish(hit);
  play(hit, tick(6));
  EXPECT_EQ(hit.spools, 2);
  EXPECT_EQ(hit.invulnerable, 90);
  // The same beetle passes under a weaving spinner's origin harmlessly.
  State weave = hit;
  weave.spools = 3;
  weave.invulnerable = 0;
  weave.beetles[0] =
      Beetle{static_cast<int8_t>(cell_x(hit.walk[at - 1])),
             static_cast<int8_t>(cell_y(hit.walk[at - 1])), true, static_cast<int16_t>(at - 1)};
  weave.spinner = Cell{23, 35};
  set_thread(weave, {{23, 34}, {23, 33}});
  finish(weave);
  play(weave, tick(30));
  EXPECT_EQ(weave.spools, 3);
}

TEST(SilkspanBeetles, RemappedToNearestWalkCellKeepingDirection_SS61) {
  State s = running();
  add_moth(s, 40, 30);
  s.thread_len = 0;
  for (int x = 1; x <= 46; ++x) s.thread[s.thread_len++] = static_cast<uint16_t>(index_of(x, 17));
  s.spinner = Cell{46, 17};
  s.heading = 1;
  s.beetles[0] = Beetle{10, 0, false, 9};
  s.beetles[1] = Beetle{47, 30, true, static_cast<int16_t>(walk_index_of(s, 47, 30))};
  s.beetle_count = 2;
  finish(s);
  play(s, tick(4));  // closes on the right frame: rows 1..16 fill, the walk shrinks to rows 17..35
  ASSERT_EQ(s.status, Status::kRunning);
  for (int i = 0; i < 2; ++i) {
    const Beetle& b = s.beetles[i];
    EXPECT_EQ(s.walk[b.walk_index], index_of(b.x, b.y));
  }
  EXPECT_EQ(s.beetles[0].x, 10);  // nearest new walk cell to (10,0)
  EXPECT_EQ(s.beetles[0].y, 17);
  EXPECT_FALSE(s.beetles[0].clockwise);
  EXPECT_EQ(s.beetles[1].x, 47);
  EXPECT_EQ(s.beetles[1].y, 30);
  EXPECT_TRUE(s.beetles[1].clockwise);
}

// --- The spark
// -----------------------------------------------------------------------------------------

// A three-cell weave up from (23,35), the last step taken on tick 12, then released.
State still_weave() {
  State s = running();
  s.heading = 0;
  play(s, tick(12));
  s.heading = -1;
  return s;
}

TEST(SilkspanSpark, LightsAtExactlyTheGracePeriod_SS62_SS121) {
  State s = still_weave();
  ASSERT_EQ(s.thread_len, 3);
  play(s, tick(39));
  EXPECT_FALSE(s.spark.lit);
  play(s, tick(1));
  EXPECT_TRUE(s.spark.lit);
  EXPECT_EQ(s.spark.index, 0);  // on the origin
  // A refused step counts the same as a released heading.
  State r = still_weave();
  r.heading = 2;  // reversal: refused every beat
  play(r, tick(40));
  EXPECT_TRUE(r.spark.lit);
}

TEST(SilkspanSpark, AdvancesEveryThirdTickAndCostsSpool_SS63_SS65_SS122) {
  State s = still_weave();
  play(s, tick(40));
  play(s, tick(2));
  EXPECT_EQ(s.spark.index, 0);
  play(s, tick(1));
  EXPECT_EQ(s.spark.index, 1);
  play(s, tick(3));  // reaches the spinner's cell
  EXPECT_EQ(s.spools, 2);
  EXPECT_FALSE(s.spark.lit);
  EXPECT_EQ(s.thread_len, 0);
  // Invulnerable: it waits on the spinner's cell.
  State inv = still_weave();
  play(inv, tick(40));
  inv.invulnerable = 30;
  play(inv, tick(10));
  EXPECT_EQ(inv.spools, 3);
  EXPECT_EQ(inv.spark.index, 2);
}

TEST(SilkspanSpark, GoesOutWhenTheWeaveCloses_SS64) {
  State s = still_weave();
  s.cells[index_of(22, 32)] = kWoven;
  play(s, tick(40));
  ASSERT_TRUE(s.spark.lit);
  play(s, heading(3));
  align_to_beat(s);
  play(s, tick(1));
  EXPECT_EQ(s.thread_len, 0);
  EXPECT_FALSE(s.spark.lit);
  EXPECT_NE(encode(s).find("\"spark\":null"), std::string::npos);
}

TEST(SilkspanSpark, NeverOnWovenGround_SS66) {
  State s = running();
  play(s, tick(600));
  EXPECT_FALSE(s.spark.lit);
  EXPECT_EQ(s.still, 0);
}

// --- Spools and invulnerability
// ----------------------------------------------------------------------

TEST(SilkspanSpools, LossReturnsToNearestBorderCellWithWindow_SS67_SS71_SS72_SS123_SS124) {
  State s = init(9);
  EXPECT_EQ(s.spools, 3);
  State w = still_weave();
  play(w, tick(40 + 6));
  EXPECT_EQ(w.spools, 2);
  EXPECT_EQ(w.spinner, (Cell{23, 35}));  // nearest woven cell touching the dark from (23,33)
  EXPECT_EQ(w.heading, -1);
  EXPECT_EQ(w.invulnerable, 90);
  play(w, tick(89));
  EXPECT_EQ(w.invulnerable, 1);  // the event's tick plus the next 89 are covered
  play(w, tick(1));
  EXPECT_EQ(w.invulnerable, 0);
}

TEST(SilkspanSpools, ClaimGivesFortyFiveKeepingLonger_SS73_SS124) {
  State s = pocketed(40, 690);
  play(s, tick(4));
  EXPECT_EQ(s.invulnerable, 45);
  State l = pocketed(40, 690);
  l.invulnerable = 80;
  play(l, tick(4));
  EXPECT_EQ(l.invulnerable, 76);
}

TEST(SilkspanSpools, LastSpoolEndsTheRun_SS75_SS20) {
  State s = still_weave();
  s.spools = 1;
  play(s, tick(600));
  EXPECT_EQ(s.spools, 0);
  EXPECT_EQ(s.status, Status::kOver);
  EXPECT_EQ(s.tick, 12 + 46);
  EXPECT_EQ(apply(s, tick(1)).reason, "run_ended");
}

TEST(SilkspanSpools, EveryThirdClearGrantsOneUpToFour_SS68_SS69_SS125) {
  struct {
    int64_t cleared_before;
    int spools;
    int expected;
  } cases[] = {{2, 2, 3}, {2, 4, 4}, {3, 2, 2}, {5, 3, 4}, {1, 3, 3}};
  for (const auto& c : cases) {
    State s = pocketed(10, kInterior - target_cells(difficulty(c.cleared_before + 1).target_pct),
                       c.cleared_before + 1);
    s.spools = static_cast<int8_t>(c.spools);
    play(s, tick(4));
    ASSERT_EQ(s.status, Status::kStageClear);
    EXPECT_EQ(s.spools, c.expected) << c.cleared_before;  // granted at the clearing instant
  }
}

// --- Panels and difficulty
// ----------------------------------------------------------------------------

struct DiffCase {
  int64_t panel;
  Difficulty d;
};

TEST(
    SilkspanDifficulty,
    AnchorAndInterpolatedPanels_SS77_SS78_SS79_SS80_SS81_SS82_SS83_SS84_SS85_SS86_SS87_SS126_SS127) {
  const DiffCase cases[] = {
      {1, {60, 5, 2, 6, 40, 230, 190, 1}},   {2, {61, 5, 2, 6, 38, 244, 212, 1}},
      {4, {64, 5, 3, 6, 34, 273, 255, 1}},   {5, {65, 5, 3, 6, 32, 287, 276, 1}},
      {6, {66, 5, 4, 6, 30, 301, 298, 1}},   {7, {67, 4, 4, 5, 28, 315, 319, 1}},
      {8, {68, 4, 4, 5, 26, 329, 341, 2}},   {12, {72, 3, 6, 4, 18, 386, 427, 3}},
      {13, {73, 3, 6, 4, 18, 401, 449, 3}},  {20, {80, 2, 8, 3, 18, 500, 600, 5}},
      {40, {80, 2, 8, 3, 18, 500, 600, 10}}, {100, {80, 2, 8, 3, 18, 500, 600, 25}},
  };
  for (const auto& c : cases) {
    const Difficulty d = difficulty(c.panel);
    EXPECT_EQ(d.target_pct, c.d.target_pct) << c.panel;
    EXPECT_EQ(d.moth_period, c.d.moth_period) << c.panel;
    EXPECT_EQ(d.beetles, c.d.beetles) << c.panel;
    EXPECT_EQ(d.beetle_period, c.d.beetle_period) << c.panel;
    EXPECT_EQ(d.spark_grace, c.d.spark_grace) << c.panel;
    EXPECT_EQ(d.turn_pm, c.d.turn_pm) << c.panel;
    EXPECT_EQ(d.bias_pm, c.d.bias_pm) << c.panel;
    EXPECT_EQ(d.moths, c.d.moths) << c.panel;
  }
  EXPECT_EQ(target_cells(60), 939);
  EXPECT_EQ(target_cells(64), 1001);
  EXPECT_EQ(target_cells(68), 1064);
  EXPECT_EQ(target_cells(72), 1127);
  EXPECT_EQ(target_cells(80), 1252);
  // SS-126 ties round half up: mothPeriod 4.5 -> 5 at panel 6, beetles 3.5 -> 4.
}

TEST(SilkspanPanels, NextStageOpensAFreshHarderPanel_SS07_SS78_SS87_SS131) {
  State s = init(4);
  play(s, Action{ActionType::kStart});
  s.status = Status::kStageClear;
  s.panel = 100;
  s.panels_cleared = 100;
  play(s, Action{ActionType::kNextStage});
  EXPECT_EQ(s.panel, 101);
  EXPECT_EQ(s.moth_count, 25);
  EXPECT_EQ(s.beetle_count, 8);
  EXPECT_EQ(s.status, Status::kRunning);
  for (int i = 0; i < s.moth_count; ++i) EXPECT_FALSE(s.moths[i].confined);  // SS-55 renews
  State cap = s;
  cap.status = Status::kStageClear;
  cap.panel = kMaxPanel;
  cap.panels_cleared = kMaxPanel;
  play(cap, Action{ActionType::kNextStage});
  EXPECT_EQ(cap.panel, kMaxPanel);  // SS-131: the panel number is held at 6000
  EXPECT_EQ(cap.moth_count, kMaxMoths);
}

TEST(SilkspanPanels, LayoutFromTheCounter_SS115_SS88) {
  State a = init(77), b = init(77), c = init(78);
  EXPECT_EQ(a.rng_state, 0u);
  EXPECT_EQ(a.moth_count, 0);
  play(a, Action{ActionType::kStart});
  play(b, Action{ActionType::kStart});
  play(c, Action{ActionType::kStart});
  EXPECT_TRUE(a == b);
  EXPECT_FALSE(a == c);
  EXPECT_EQ(a.rng_state, uint64_t(2 * 1 + 1 + 2));  // moth cell and course, offset, 2 beetles
  EXPECT_EQ(a.heading, -1);
  EXPECT_EQ(a.spinner, (Cell{23, 35}));
  const Moth& m = a.moths[0];
  EXPECT_GE(std::abs(m.x - 23) + std::abs(m.y - 35), 12);
  for (int i = 0; i < a.beetle_count; ++i) EXPECT_EQ(a.beetles[i].y, 0);
}

TEST(SilkspanOrder, ClearingClaimEndsTheTick_SS113) {
  State s = pocketed(10, kInterior - target_cells(60));
  s.tick = 19;  // tick 20 is a beat and a moth tick: the moth must not move after the clear
  play(s, tick(1));
  EXPECT_EQ(s.status, Status::kStageClear);
  EXPECT_EQ(s.rng_state, 0u);
}

// --- Determinism and observation
// ------------------------------------------------------------------------

TEST(SilkspanDeterminism, CopiesStayIdentical_SS25_SS88_SS89_SS91) {
  State a = init(12345);
  play(a, Action{ActionType::kStart});
  play(a, heading(0));
  State b = a;
  for (int i = 0; i < 30; ++i) {
    const Action act = i % 3 == 0 ? heading(i % 4) : tick(7 + i);
    if (a.status != Status::kRunning) break;
    play(a, act);
    play(b, act);
    ASSERT_EQ(encode(a), encode(b));
  }
  EXPECT_LT(a.rng_state, kRngModulus);
}

TEST(SilkspanObservation, TextAndMoves_SS94_SS95_SS128) {
  State s = running();
  add_moth(s, 5, 5);
  finish(s);
  const std::string text = field_text(s);
  size_t lines = 0, pos = 0;
  while (lines < 36) {
    const size_t nl = text.find('\n', pos);
    ASSERT_NE(nl, std::string::npos);
    EXPECT_EQ(nl - pos, 48u);
    pos = nl + 1;
    ++lines;
  }
  EXPECT_EQ(text.substr(pos), "moves: 0 up, 1 right, 3 left");
  EXPECT_EQ(text[35 * 49 + 23], '@');
  EXPECT_EQ(text[5 * 49 + 5], 'm');
  State w = running();
  set_thread(w, {{10, 10}, {11, 10}, {11, 11}});
  finish(w);
  EXPECT_EQ(field_text(w).substr(36 * 49), "moves: 1 right, 2 down");  // left and up refused
  EXPECT_EQ(field_text(w)[10 * 49 + 10], 'o');
}

// --- Property: random play keeps every invariant
// --------------------------------------------------------

TEST(SilkspanProperty, RandomPlayInvariants_SS31_SS47_SS48_SS57_SS68) {
  for (uint32_t seed = 1; seed <= 40; ++seed) {
    State s = init(seed);
    play(s, Action{ActionType::kStart});
    uint64_t c = 0;
    for (int step = 0; step < 400 && s.status != Status::kOver; ++step) {
      const uint32_t r = gb::below(draw(seed ^ 0xABCDu, c++), 10);
      const int64_t before = s.score;
      if (s.status == Status::kStageClear) {
        play(s, Action{ActionType::kNextStage});
      } else if (r < 4) {
        play(s, heading(static_cast<int>(gb::below(draw(seed, c++), 4))));
      } else {
        play(s, tick(1 + gb::below(draw(seed, c++), 12)));
      }
      ASSERT_GE(s.score, before);
      ASSERT_LE(s.spools, kMaxSpools);
      for (int i = 0; i < s.thread_len; ++i) {
        for (int j = i + 2; j < s.thread_len; ++j) {
          const int d = std::abs(cell_x(s.thread[i]) - cell_x(s.thread[j])) +
                        std::abs(cell_y(s.thread[i]) - cell_y(s.thread[j]));
          ASSERT_GT(d, 1) << "thread not simple, seed " << seed;
        }
      }
      for (int i = 0; i < s.moth_count; ++i) {
        ASSERT_FALSE(s.cells[index_of(s.moths[i].x, s.moths[i].y)] & (kWoven | kThread));
      }
      for (int i = 0; i < s.beetle_count; ++i) {
        ASSERT_EQ(s.walk[s.beetles[i].walk_index], index_of(s.beetles[i].x, s.beetles[i].y));
      }
    }
  }
}

}  // namespace
}  // namespace gb::silkspan
