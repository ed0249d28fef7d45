// Stormlark survivability guarantee and repair (SL-70..SL-75, SL-119, SL-120), checked by brute
// force with the real step rules.
#include <gtest/gtest.h>

#include <vector>

#include "agents/stormlark/policies.h"
#include "core/rng.h"
#include "games/stormlark/stormlark.h"
#include "stormlark/board.h"

namespace gb::stormlark {
namespace {

using testing::board;
using AT = ActionType;

// True when some start lane has a legal UP/DOWN/VENT triple that loses no hull under the real
// scrolling turn (repair switched off), continuing through a Gate as if NEXT_REACH followed.
bool brute_force_survivable(const State& s) {
  for (int lane = 0; lane < kLanes; ++lane) {
    for (int seq = 0; seq < 27; ++seq) {
      State c = s;
      c.ship_lane = static_cast<int8_t>(lane);
      c.hull = kHullMax;
      c.phase = Phase::kFlying;
      bool ok = true;
      int code = seq;
      for (int turn = 0; turn < 3 && ok; ++turn) {
        AT a = std::array<AT, 3>{AT::kUp, AT::kDown, AT::kVent}[code % 3];
        code /= 3;
        if ((a == AT::kUp && c.ship_lane == 0) || (a == AT::kDown && c.ship_lane == 6)) {
          ok = false;
          break;
        }
        int8_t hull = c.hull;
        scrolling_turn(c, a, /*run_repair=*/false);
        ok = c.hull == hull;
      }
      if (ok) return true;
    }
  }
  return false;
}

TEST(StormlarkGuarantee, SL70_SL75_BruteForceOnEveryTurnOfAThousandRuns) {
  // 1000 seeded runs; each starts at reach 1 + seed % 14 (a well-formed what-if start, so reaches
  // 1..14 with walls are all exercised) and plays 60 turns with a mix of dodging, firing and
  // random moves. Every state after init and after every scrolling turn must pass.
  int checked = 0;
  for (uint32_t seed = 1; seed <= 1000; ++seed) {
    State s = init(seed);
    s.reach = 1 + seed % 14;
    ASSERT_TRUE(brute_force_survivable(s)) << "seed " << seed << " at init";
    uint64_t pick = 0;
    for (int t = 0; t < 60 && s.phase != Phase::kOver; ++t) {
      if (s.phase == Phase::kReachClear) {
        apply(s, Action{AT::kNextReach});
        continue;
      }
      Action a = lookahead_policy(s, true, 1);
      if (below(draw(seed, pick++), 4) == 0) {
        ActionList legal;
        legal_actions(s, legal);
        a = legal.items[below(draw(seed, pick++), legal.size - 1u)];  // never END_RUN (last)
      }
      ASSERT_TRUE(apply(s, a).ok);
      ++checked;
      ASSERT_TRUE(brute_force_survivable(s)) << "seed " << seed << " turn " << s.turn;
    }
  }
  EXPECT_GT(checked, 40000);
}

TEST(StormlarkGuarantee, SL70_FastCheckAgreesWithBruteForce) {
  // The engine's check (lane sweep, warden search) agrees with brute force on raw generated
  // boards, repaired or not.
  int disagreements = 0, blocked = 0;
  for (uint32_t seed = 1; seed <= 300; ++seed) {
    State s = testing::empty_board();
    s.seed = seed;
    for (int c = 0; c < 10; ++c) {
      draw_content_column(s, 8 + seed % 6, (seed * 100 + static_cast<uint32_t>(c)) * kRngBudget);
      if (c < 9) {
        for (int i = 0; i < s.count; ++i) --s.entities[i].col;
        int kept = 0;
        for (int i = 0; i < s.count; ++i) {
          if (s.entities[i].col >= 0) s.entities[kept++] = s.entities[i];
        }
        s.count = static_cast<uint8_t>(kept);
      }
    }
    bool fast = survivable(s), brute = brute_force_survivable(s);
    disagreements += fast != brute;
    blocked += !brute;
  }
  EXPECT_EQ(disagreements, 0);
  EXPECT_GT(blocked, 0) << "the sample must include boards that need a repair";
}

TEST(StormlarkGuarantee, SL71_SL74_SL119_RepairDeletesTheFewestInColumnsOneToThree) {
  // Columns 1..3 sealed by three full crag walls with gaps that cannot be linked: lane 0 at
  // column 1, lane 6 at column 2. Column 3 is open. One deletion suffices.
  State s = board({">.#.......", "#.#.######", "##########", "##########", "##########",
                   "##########", "##.#######"});
  // Rows list lanes 0..6: column 1 has a gap at lane 0, column 2 at lane 6.
  State before = s;
  ASSERT_FALSE(survivable(s));
  int deleted = repair(s);
  EXPECT_GE(deleted, 1);
  EXPECT_TRUE(survivable(s));
  EXPECT_TRUE(brute_force_survivable(s));
  // Only columns 1..3 lost entities, and only solids; nothing was added or moved.
  int removed_far = 0;
  for (int i = 0; i < before.count; ++i) {
    const Entity& e = before.entities[i];
    bool kept = false;
    for (int j = 0; j < s.count; ++j) kept = kept || s.entities[j] == e;
    if (!kept) {
      EXPECT_GE(e.col, 1);
      EXPECT_LE(e.col, 3);
    }
    removed_far += !kept && (e.col > 3 || e.col < 1);
  }
  EXPECT_EQ(removed_far, 0);
  EXPECT_EQ(before.count - s.count, deleted);
  // Minimality: no smaller set of deletions from columns 1..3 works (exhaustive for size-1).
  if (deleted > 1) {
    for (int i = 0; i < before.count; ++i) {
      State t = before;
      std::copy(t.entities.begin() + i + 1, t.entities.begin() + t.count, t.entities.begin() + i);
      --t.count;
      EXPECT_FALSE(survivable(t));
    }
  }
  // Counters untouched.
  EXPECT_EQ(s.score, before.score);
  EXPECT_EQ(s.rng_state, before.rng_state);
  EXPECT_EQ(s.charge, before.charge);
}

TEST(StormlarkGuarantee, SL119_TieBreakTakesTheFirstSetInColumnThenLaneOrder) {
  // Every lane is blocked in column 1 only; deleting any one crag works. The first candidate in
  // (column, lane) order is lane 0 of column 1.
  State s = board({">#........", ".#........", ".#........", ".#........", ".#........",
                   ".#........", ".#........"});
  ASSERT_FALSE(survivable(s));
  EXPECT_EQ(repair(s), 1);
  EXPECT_EQ(testing::at(s, 0, 1), nullptr);
  for (int lane = 1; lane < kLanes; ++lane) EXPECT_NE(testing::at(s, lane, 1), nullptr);
}

TEST(StormlarkGuarantee, SL72_RepairedTurnsSpendTheSameBudget) {
  // Over many turns, repaired or not, rngState moves by exactly the budget.
  for (uint32_t seed = 1; seed <= 50; ++seed) {
    State s = init(seed);
    s.reach = 13;
    for (int t = 0; t < 40 && s.phase == Phase::kFlying; ++t) {
      uint64_t r = s.rng_state;
      apply(s, Action{AT::kVent});
      EXPECT_EQ(s.rng_state, r + kRngBudget);
    }
  }
}

TEST(StormlarkGuarantee, SL73_UnreachableSafeLaneIsNotRepaired) {
  // Lane 6 is open through columns 1..3; the ship in lane 0 cannot reach it by dodging, and the
  // engine repairs nothing because some lane passes.
  State s = board({">#........", "##........", "###.......", "###.......", "###.......",
                   "###.......", "..........."});
  ASSERT_TRUE(survivable(s));
  State before = s;
  EXPECT_EQ(repair(s), 0);
  EXPECT_EQ(s, before);
}

TEST(StormlarkGuarantee, SL74_ColumnsBeyondThreeMayBeSealed) {
  State s = board({">...#.....", "....#.....", "....#.....", "....#.....", "....#.....",
                   "....#.....", "....#....."});
  ASSERT_TRUE(survivable(s));
  EXPECT_EQ(repair(s), 0) << "a sealed column 4 is the player's problem";
}

TEST(StormlarkGuarantee, SL70_DischargesCountAsDamage) {
  // Sparkers in column 1 of every lane: no lane escapes the discharge in turn 1.
  State s = board({">s........", ".s........", ".s........", ".s........", ".s........",
                   ".s........", ".s........"});
  EXPECT_FALSE(survivable(s));
  EXPECT_FALSE(brute_force_survivable(s));
}

TEST(StormlarkGuarantee, SL120_GateInsideTheWindowBlocksNothing) {
  State s = board({">.|.......", "..|.......", "..|.......", "..|.......", "..|.......",
                   "..|.......", "..|......."});
  EXPECT_TRUE(survivable(s));
  // Right after the Gate arrives (reachClear) the check simulates on through the frozen Gate.
  State g = board({">|##......", ".|##......", ".|##......", ".|##......", ".|##......",
                   ".|##......", ".|##......"});
  EXPECT_FALSE(survivable(g));
  repair(g);
  EXPECT_TRUE(brute_force_survivable(g));
}

}  // namespace
}  // namespace gb::stormlark

namespace gb::stormlark {
namespace {

TEST(StormlarkGuarantee, SL36_StepTenRepairsTheBoardEveryScrollingTurnLeaves) {
  // After the scroll, columns 1..3 will be three sealed walls; step 10 must repair them.
  // Gaps: column 2 at lane 0, column 3 at lane 1, column 4 at lane 6.
  State s = testing::board({">..##.....", "..#.#.....", "..###.....", "..###.....", "..###.....",
                            "..###.....", "..##......"});
  ASSERT_TRUE(survivable(s)) << "columns 1..3 pass before the turn";
  State unrepaired = s;
  scrolling_turn(unrepaired, ActionType::kVent, /*run_repair=*/false);
  ASSERT_FALSE(survivable(unrepaired)) << "the turn seals the next three columns";
  ASSERT_TRUE(apply(s, Action{ActionType::kVent}).ok);
  EXPECT_TRUE(survivable(s));
  EXPECT_LT(s.count, unrepaired.count);
}

}  // namespace
}  // namespace gb::stormlark
