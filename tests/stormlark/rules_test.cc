// Stormlark rule table: one or more named cases per rule of ../shared/rules/stormlark.md. Each
// test names the SL IDs it covers. Boards use the observation legend (see board.h).
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "games/stormlark/traits.h"
#include "games/stormlark/turn.h"
#include "stormlark/board.h"

namespace gb::stormlark {
namespace {

using testing::act;
using testing::at;
using testing::board;
using testing::empty_board;
using AT = ActionType;

// ---- Board ------------------------------------------------------------------------------------

TEST(StormlarkBoard, SL01_SL02_SL06_InitIsSevenByTenWithShipInColumnZero) {
  for (uint32_t seed : {0u, 1u, 7u, 4294967295u}) {
    State s = init(seed);
    EXPECT_EQ(s.ship_lane, kStartLane);
    EXPECT_EQ(s.phase, Phase::kFlying);
    std::set<int> cols;
    for (int i = 0; i < s.count; ++i) {
      const Entity& e = s.entities[i];
      EXPECT_GE(e.lane, 0);
      EXPECT_LT(e.lane, kLanes);
      EXPECT_GE(e.col, 1) << "SL-06: column 0 is empty at init";
      EXPECT_LT(e.col, kCols);
      EXPECT_NE(e.kind, Kind::kGate) << "SL-06: reach 1 content only";
      cols.insert(e.col);
    }
    EXPECT_EQ(s.columns_drawn, 9) << "SL-06: nine content columns";
    EXPECT_EQ(board_text(s).size(), 7u * 11 - 1);
  }
}

TEST(StormlarkBoard, SL02_NoActionChangesTheShipColumn) {
  // The ship has no column field: it is drawn in column 0 after any action.
  State s = init(3);
  for (AT a : {AT::kUp, AT::kDown, AT::kFire, AT::kVent}) {
    act(s, a);
    EXPECT_EQ(board_text(s)[static_cast<size_t>(s.ship_lane) * 11], '>');
  }
}

TEST(StormlarkBoard, SL03_SL04_NeverTwoEntitiesInOneCellAndIdsUnique) {
  for (uint32_t seed = 1; seed <= 40; ++seed) {
    State s = init(seed);
    for (int turn = 0; turn < 200 && s.phase != Phase::kOver; ++turn) {
      if (s.phase == Phase::kReachClear) {
        act(s, AT::kNextReach);
        continue;
      }
      act(s, static_cast<AT>((seed + static_cast<uint32_t>(turn) * 7) % 4));
      std::set<std::pair<int, int>> cells;
      std::set<int64_t> ids;
      ASSERT_LE(s.count, kMaxEntities);
      for (int i = 0; i < s.count; ++i) {
        EXPECT_TRUE(cells.insert({s.entities[i].lane, s.entities[i].col}).second);
        EXPECT_TRUE(ids.insert(s.entities[i].id).second);
        if (i > 0) {
          EXPECT_LT(s.entities[i - 1].id, s.entities[i].id);
        }
      }
    }
  }
}

TEST(StormlarkBoard, SL05_NewEntityHpAndDrift) {
  EXPECT_EQ(starting_hp(Kind::kRimeshell), 2);
  EXPECT_EQ(starting_hp(Kind::kWarden), 4);
  for (Kind k : {Kind::kCrag, Kind::kKnot, Kind::kDrifter, Kind::kSparker, Kind::kSquall,
                 Kind::kMote, Kind::kGate}) {
    EXPECT_EQ(starting_hp(k), 1);
  }
  // Drawn entities: measured on generated columns at reach 13.
  State s = empty_board();
  for (uint64_t c = 0; c < 400; ++c) {
    s.count = 0;
    draw_content_column(s, 13, c * kRngBudget);
    for (int i = 0; i < s.count; ++i) {
      const Entity& e = s.entities[i];
      EXPECT_EQ(e.hp, starting_hp(e.kind));
      if (e.kind == Kind::kDrifter) {
        EXPECT_TRUE(e.drift == -1 || e.drift == 1);
      } else {
        EXPECT_EQ(e.drift, 0);
      }
    }
  }
}

TEST(StormlarkBoard, SL07_SL08_WorldMovesOnlyOnActionsOneColumnPerStep) {
  State s = board({"..........", "..........", "..........", ".........#", "..........",
                   "..........", ".........."});
  s.ship_lane = 0;
  State copy = s;
  EXPECT_EQ(copy, s) << "nothing changes without an action";
  for (int step = 1; step <= 9; ++step) {
    act(s, AT::kVent);
    const Entity* crag = nullptr;
    for (int i = 0; i < s.count; ++i) {
      if (s.entities[i].id == 0) crag = &s.entities[i];
    }
    ASSERT_NE(crag, nullptr) << "visible the whole way, step " << step;
    EXPECT_EQ(crag->col, 9 - step);
  }
  act(s, AT::kVent);
  for (int i = 0; i < s.count; ++i) EXPECT_NE(s.entities[i].id, 0) << "gone after column 0";
}

// ---- Actions and legality ---------------------------------------------------------------------

TEST(StormlarkActions, SL09_SL10_UpDownMoveFireVentKeepLane) {
  State s = empty_board(3);
  act(s, AT::kUp);
  EXPECT_EQ(s.ship_lane, 2);
  act(s, AT::kDown);
  EXPECT_EQ(s.ship_lane, 3);
  act(s, AT::kFire);
  EXPECT_EQ(s.ship_lane, 3);
  act(s, AT::kVent);
  EXPECT_EQ(s.ship_lane, 3);
}

TEST(StormlarkActions, SL11_LaneEdgesRefused) {
  State top = empty_board(0);
  State before = top;
  EXPECT_EQ(act(top, AT::kUp).reason, "lane_top");
  EXPECT_EQ(top, before);
  State bottom = empty_board(6);
  before = bottom;
  EXPECT_EQ(act(bottom, AT::kDown).reason, "lane_bottom");
  EXPECT_EQ(bottom, before);
}

TEST(StormlarkActions, SL12_FireNeedsThreeCharge) {
  for (int charge : {0, 1, 2}) {
    State s = empty_board();
    s.charge = static_cast<int8_t>(charge);
    EXPECT_EQ(act(s, AT::kFire).reason, "low_charge");
  }
  State s = empty_board();
  s.charge = 3;
  EXPECT_TRUE(act(s, AT::kFire).ok);
}

TEST(StormlarkActions, SL13_SL14_PhaseRefusals) {
  State flying = empty_board();
  EXPECT_EQ(act(flying, AT::kNextReach).reason, "not_at_gate");
  State gate = empty_board();
  gate.phase = Phase::kReachClear;
  for (AT a : {AT::kUp, AT::kDown, AT::kFire, AT::kVent}) {
    State copy = gate;
    EXPECT_EQ(act(copy, a).reason, "at_gate");
    EXPECT_EQ(copy, gate);
  }
  ActionList legal;
  legal_actions(gate, legal);
  ASSERT_EQ(legal.size, 2);
  EXPECT_EQ(legal.items[0].type, AT::kNextReach);
  EXPECT_EQ(legal.items[1].type, AT::kEndRun);
}

TEST(StormlarkActions, SL15_EndRunLegalInEveryFlyingAndGateState) {
  for (int lane = 0; lane < kLanes; ++lane) {
    for (int charge = 0; charge <= kChargeMax; ++charge) {
      for (Phase p : {Phase::kFlying, Phase::kReachClear}) {
        State s = init(static_cast<uint32_t>(lane * 10 + charge));
        s.ship_lane = static_cast<int8_t>(lane);
        s.charge = static_cast<int8_t>(charge);
        s.phase = p;
        EXPECT_TRUE(act(s, AT::kEndRun).ok);
        EXPECT_EQ(s.phase, Phase::kOver);
      }
    }
  }
}

TEST(StormlarkActions, SL16_OverRefusesEverything) {
  State s = init(5);
  act(s, AT::kEndRun);
  for (int a = 0; a < 6; ++a) {
    State copy = s;
    EXPECT_EQ(act(copy, static_cast<AT>(a)).reason, "run_over");
    EXPECT_EQ(copy, s);
  }
  ActionList legal;
  legal_actions(s, legal);
  EXPECT_EQ(legal.size, 0);
}

TEST(StormlarkActions, SL17_SL111_UnknownActionWinsOverEveryOtherRefusal) {
  State s = empty_board();
  EXPECT_EQ(act(s, AT::kUnknown).reason, "unknown_action");
  s.phase = Phase::kOver;
  EXPECT_EQ(act(s, AT::kUnknown).reason, "unknown_action") << "SPEC 2: unknown before run_over";
  State g = empty_board(0);
  g.phase = Phase::kReachClear;
  g.charge = 0;
  EXPECT_EQ(act(g, AT::kUp).reason, "at_gate") << "phase before lane";
  EXPECT_EQ(act(g, AT::kFire).reason, "at_gate") << "phase before charge";
  State o = empty_board(0);
  o.phase = Phase::kOver;
  EXPECT_EQ(act(o, AT::kUp).reason, "run_over") << "run over before lane";
}

TEST(StormlarkActions, SL18_SL22_RefusalSpendsNothing) {
  State s = init(9);
  s.ship_lane = 0;
  s.charge = 1;
  const State before = s;
  for (AT a : {AT::kUp, AT::kFire, AT::kNextReach}) {
    Outcome o = act(s, a);
    EXPECT_FALSE(o.ok);
    EXPECT_EQ(s, before) << o.reason;
  }
}

TEST(StormlarkActions, SL19_FlyingLegalSet) {
  for (int lane = 0; lane < kLanes; ++lane) {
    for (int charge = 0; charge <= kChargeMax; ++charge) {
      State s = empty_board(lane);
      s.charge = static_cast<int8_t>(charge);
      ActionList legal;
      legal_actions(s, legal);
      std::set<AT> types;
      for (const Action& a : legal) types.insert(a.type);
      EXPECT_TRUE(types.count(AT::kVent) && types.count(AT::kEndRun));
      EXPECT_EQ(types.count(AT::kUp), lane > 0 ? 1u : 0u);
      EXPECT_EQ(types.count(AT::kDown), lane < 6 ? 1u : 0u);
      EXPECT_EQ(types.count(AT::kFire), charge >= 3 ? 1u : 0u);
      EXPECT_EQ(types.count(AT::kNextReach), 0u);
      EXPECT_GE(legal.size, 3);
      EXPECT_LE(legal.size, 5);
    }
  }
}

TEST(StormlarkActions, SL20_SL112_LegalSetInGrammarOrderAndExact) {
  State s = empty_board(3);
  ActionList legal;
  legal_actions(s, legal);
  std::vector<AT> order;
  for (const Action& a : legal) order.push_back(a.type);
  EXPECT_EQ(order, (std::vector<AT>{AT::kUp, AT::kDown, AT::kFire, AT::kVent, AT::kEndRun}));
  // Exactness over random play is the conformance suite's legal-equals-accepted check.
}

// ---- Resolution order -------------------------------------------------------------------------

TEST(StormlarkOrder, SL21_SL23_FireScansTheBoardBeforeTheWorldMoves) {
  // A knot in column 1 is hit by the pulse before it could scroll into the ship (SL-49 too).
  State s = board({"..........", "..........", "..........", ">k........", "..........",
                   "..........", ".........."});
  act(s, AT::kFire);
  EXPECT_EQ(s.hull, 3) << "cleared in step 2, so no collision in step 7";
  EXPECT_EQ(s.chain, 1);
  EXPECT_EQ(s.charge, 7) << "9 - 3 + 1";
}

TEST(StormlarkOrder, SL23_PulsePassesMotesAndGatesAndStopsAtFirstBlocker) {
  State s = board({"..........", "..........", "..........", ">.*.k.k...", "..........",
                   "..........", ".........."});
  act(s, AT::kFire);
  ASSERT_NE(at(s, 3, 1), nullptr) << "the mote is untouched by the pulse (and scrolls on)";
  EXPECT_EQ(at(s, 3, 1)->kind, Kind::kMote);
  EXPECT_EQ(s.chain, 1) << "first knot cleared";
  EXPECT_NE(at(s, 3, 5), nullptr) << "the knot behind it is untouched (now at col 5)";
}

TEST(StormlarkOrder, SL23_ColumnZeroIsNeverScanned) {
  State s = board({"..........", "..........", "..........", "k.........", "..........",
                   "..........", ".........."});
  // Lane 3 holds a knot in column 0 beside the ship: the ship is drawn over it.
  s.ship_lane = 3;
  act(s, AT::kFire);
  EXPECT_EQ(s.chain, 0) << "nothing in columns 1..9: the pulse met nothing";
  EXPECT_EQ(s.hull, 3) << "the knot in column 0 scrolled away at no cost (SL-30, SL-31)";
}

TEST(StormlarkOrder, SL24_MoveHappensBeforeHazardsAndVentBanksThree) {
  State s = board({"..........", "..........", ".#........", ">.........", "..........",
                   "..........", ".........."});
  act(s, AT::kUp);
  EXPECT_EQ(s.hull, 2) << "moved into lane 2 in step 2, then the crag scrolled in";
  State v = empty_board();
  v.charge = 4;
  act(v, AT::kVent);
  EXPECT_EQ(v.charge, 7);
}

TEST(StormlarkOrder, SL25_SparkerInColumnOneDischargesIntoShipLane) {
  State s = board({"..........", "..........", "..........", ">.s.......", "..........",
                   "..........", ".........."});
  act(s, AT::kVent);  // sparker now in column 1
  EXPECT_EQ(s.hull, 3);
  s.chain = 4;
  act(s, AT::kVent);  // step 3: it discharges
  EXPECT_EQ(s.hull, 2);
  EXPECT_EQ(s.chain, 0);
  EXPECT_FALSE(s.reach_flawless);
  for (int i = 0; i < s.count; ++i) EXPECT_NE(s.entities[i].kind, Kind::kSparker);
}

TEST(StormlarkOrder, SL25_SparkerOutOfLaneIsSpentHarmlessly) {
  State s = board({"..........", "..........", ".s........", ">.........", "..........",
                   "..........", ".........."});
  act(s, AT::kVent);
  EXPECT_EQ(s.hull, 3);
  for (int i = 0; i < s.count; ++i) EXPECT_NE(s.entities[i].kind, Kind::kSparker);
}

TEST(StormlarkOrder, SL26_ClearedSparkerNeverDischargesAndLeavingTheLaneEscapes) {
  State s = board({"..........", "..........", "..........", ">s........", "..........",
                   "..........", ".........."});
  State fired = s;
  act(fired, AT::kFire);
  EXPECT_EQ(fired.hull, 3);
  EXPECT_EQ(fired.chain, 1);
  State moved = s;
  act(moved, AT::kUp);
  EXPECT_EQ(moved.hull, 3);
  State col2 = board({"..........", "..........", "..........", ">.s.......", "..........",
                      "..........", ".........."});
  act(col2, AT::kVent);
  EXPECT_EQ(col2.hull, 3) << "column 2 does not discharge this turn";
  EXPECT_NE(at(col2, 3, 1), nullptr);
}

TEST(StormlarkOrder, SL27_SL28_DrifterMovesAndFlipsAtEdgesAndWhenBlocked) {
  // A drifter at lane 0 drifting up flips and moves to lane 1.
  State s = board({"....^.....", "..........", "..........", "..........", "..........",
                   "..........", ">........."});
  act(s, AT::kVent);
  const Entity* d = at(s, 1, 3);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->drift, 1);
  // Blocked by a mote: flips and holds.
  State b = board({"..........", "....v.....", "....*.....", "..........", "..........",
                   "..........", ">........."});
  act(b, AT::kVent);
  const Entity* held = at(b, 1, 3);
  ASSERT_NE(held, nullptr);
  EXPECT_EQ(held->kind, Kind::kDrifter);
  EXPECT_EQ(held->drift, -1);
  // Ascending id order: the lower id moves first and the second sees it.
  State o = board({"..........", "....v.....", "..........", "....^.....", "..........",
                   "..........", ">........."});
  // id 0 is the lane-1 drifter (down), id 1 the lane-3 drifter (up): id 0 takes lane 2 first.
  act(o, AT::kVent);
  ASSERT_NE(at(o, 2, 3), nullptr);
  EXPECT_EQ(at(o, 2, 3)->id, 0);
  ASSERT_NE(at(o, 3, 3), nullptr) << "id 1 was blocked and held";
  EXPECT_EQ(at(o, 3, 3)->drift, 1);
}

TEST(StormlarkOrder, SL28_DrifterAtEdgeBlockedAfterFlipHolds) {
  State s = board({"....^.....", "....k.....", "..........", "..........", "..........",
                   "..........", ">........."});
  act(s, AT::kVent);
  const Entity* d = at(s, 0, 3);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->kind, Kind::kDrifter);
  EXPECT_EQ(d->drift, -1) << "flipped at the edge, then flipped again by the block";
}

TEST(StormlarkOrder, SL29_SL117_WardenMovesOnEverySecondStepTowardTheShip) {
  // Age is 9 - col: a warden in an even column moves this step, an odd one holds.
  State even = board({"....W.....", "..........", "..........", "..........", "..........",
                      "..........", ">........."});
  act(even, AT::kVent);
  ASSERT_NE(at(even, 1, 3), nullptr) << "moved one lane toward lane 6";
  State odd = board({".....W....", "..........", "..........", "..........", "..........",
                     "..........", ">........."});
  act(odd, AT::kVent);
  ASSERT_NE(at(odd, 0, 4), nullptr) << "held";
  act(odd, AT::kVent);
  ASSERT_NE(at(odd, 1, 3), nullptr) << "moves on the next step";
  // Aligned: holds; blocked: holds; drift stays 0.
  State aligned = board({"..........", "..........", "..........", ">...W.....", "..........",
                         "..........", ".........."});
  act(aligned, AT::kVent);
  ASSERT_NE(at(aligned, 3, 3), nullptr);
  State blocked = board({"....W.....", "....#.....", "..........", "..........", "..........",
                         "..........", ">........."});
  act(blocked, AT::kVent);
  ASSERT_NE(at(blocked, 0, 3), nullptr);
  EXPECT_EQ(at(blocked, 0, 3)->drift, 0);
}

TEST(StormlarkOrder, SL29_WardenUsesTheLaneSetInStepTwo) {
  State s = board({"..........", "..........", "....W.....", ">.........", "..........",
                   "..........", ".........."});
  act(s, AT::kUp);  // ship to lane 2: the warden is aligned and holds
  ASSERT_NE(at(s, 2, 3), nullptr);
}

TEST(StormlarkOrder, SL30_SL31_PassingBesideTheShipCostsNothing) {
  State s = board({"..........", "..........", "#.........", ">#........", "..........",
                   "..........", ".........."});
  act(s, AT::kUp);  // onto the crag's old cell in column 0: it has scrolled away
  EXPECT_EQ(s.hull, 3);
  EXPECT_EQ(s.score, 2);
}

TEST(StormlarkOrder, SL32_SL54_MoteAndSquallInTheShipCell) {
  State m = board({"..........", "..........", "..........", ">*........", "..........",
                   "..........", ".........."});
  m.charge = 5;
  act(m, AT::kVent);
  EXPECT_EQ(m.charge, 9) << "5 + 3 (mote) + 3 (vent), capped";
  EXPECT_EQ(m.score, 2 + 10);
  EXPECT_EQ(at(m, 3, 0), nullptr) << "collected";
  State q = board({"..........", "..........", "..........", ">~........", "..........",
                   "..........", ".........."});
  q.charge = 2;
  q.chain = 5;
  act(q, AT::kVent);
  EXPECT_EQ(q.charge, 3) << "2 - 3 floors at 0, then +3 VENT";
  EXPECT_EQ(q.hull, 3);
  EXPECT_EQ(q.chain, 5);
  EXPECT_EQ(q.score, 2) << "a squall pays nothing";
  EXPECT_EQ(at(q, 3, 0), nullptr) << "dissipated";
}

TEST(StormlarkOrder, SL33_SolidCostsOneHullWhateverItsHp) {
  State s = board({"..........", "..........", "..........", ">W........", "..........",
                   "..........", ".........."});
  s.chain = 7;
  act(s, AT::kVent);
  EXPECT_EQ(s.hull, 2);
  EXPECT_EQ(s.chain, 0);
  EXPECT_FALSE(s.reach_flawless);
  EXPECT_EQ(at(s, 3, 0), nullptr) << "sheared away";
  EXPECT_EQ(s.score, 2) << "pays only the column";
}

TEST(StormlarkOrder, SL34_RegenerationComesAfterTheCollision) {
  State f = empty_board();
  f.charge = 3;
  act(f, AT::kFire);
  EXPECT_EQ(f.charge, 1) << "FIRE at 3 ends the turn at 1";
  State q = board({"..........", "..........", "..........", ".~........", ">.........",
                   "..........", ".........."});
  q.charge = 2;
  act(q, AT::kUp);  // into lane 3 where the squall arrives
  EXPECT_EQ(q.charge, 1) << "2 - 3 -> 0, then +1";
  State hit = board({"..........", "..........", "..........", ">#........", "..........",
                     "..........", ".........."});
  hit.charge = 4;
  act(hit, AT::kVent);
  EXPECT_EQ(hit.hull, 2);
  EXPECT_EQ(hit.charge, 7) << "regeneration still happens on a damage turn";
}

TEST(StormlarkOrder, SL35_SL90_EveryScrollingTurnDrawsColumnNineAndSpendsTheBudget) {
  State s = init(11);
  for (int i = 0; i < 50 && s.phase == Phase::kFlying; ++i) {
    uint64_t before = s.rng_state;
    int64_t next_id = s.next_id;
    act(s, AT::kVent);
    EXPECT_EQ(s.rng_state, before + kRngBudget);
    for (int e = 0; e < s.count; ++e) {
      if (s.entities[e].id >= next_id) {
        EXPECT_EQ(s.entities[e].col, 9);
      }
    }
  }
}

TEST(StormlarkOrder, SL37_SL48_GateReachingColumnZeroOpensReachClear) {
  State g = board({".|........", ".|........", ".|........", ">|........", ".|........",
                   ".|........", ".|........"});
  act(g, AT::kVent);
  EXPECT_EQ(g.phase, Phase::kReachClear);
  EXPECT_EQ(g.score, 2 + 40 + 60) << "column, Gate, flawless";
  EXPECT_EQ(g.hull, 3) << "gates do no damage";
}

TEST(StormlarkOrder, SL38_SL115_FatalTurnStillPaysTheColumnButNoGate) {
  // Play cannot kill the ship on a Gate turn (the Gate fills its column), so pose it in memory:
  // six gates and a crag in the ship's lane of column 1, hull 1.
  State f = board({".|........", ".|........", ".|........", ">#........", ".|........",
                   ".|........", ".|........"});
  f.hull = 1;
  act(f, AT::kVent);
  EXPECT_EQ(f.hull, 0) << "clamped at 0";
  EXPECT_EQ(f.phase, Phase::kOver);
  EXPECT_EQ(f.score, 2) << "the column award is paid; the Gate pays nothing";
  // A discharge and a collision in one turn at hull 1: hull stays at 0, never below.
  // A discharge and a collision in one turn at hull 1 leave hull at 0, never below.
  State both = board({"..........", "..........", ".v........", ">s........", "..........",
                      "..........", ".........."});
  both.hull = 1;
  // Step 3 removes the sparker (discharge), step 4 moves the drifter into lane 3, column 1, and
  // step 5 scrolls it into the ship: two hits on hull 1.
  act(both, AT::kVent);
  EXPECT_EQ(both.hull, 0);
  EXPECT_EQ(both.phase, Phase::kOver);
  EXPECT_EQ(both.score, 2);
}

// SL-30: step 5 moves every entity one column left and removes those leaving column 0, keeping
// the rest in id order. The step is written without a branch per entity; it must agree with a
// plain filter on boards of every size with entities in every column, column 0 included.
TEST(StormlarkRules, SL30_ScrollKeepsTheOthersInOrderOneColumnLeft) {
  uint64_t bits = 0x5C2011;
  auto next = [&bits](uint64_t bound) {
    bits = bits * 6364136223846793005ULL + 1442695040888963407ULL;
    return (bits >> 33) % bound;
  };
  for (int round = 0; round < 2000; ++round) {
    State s = empty_board();
    s.count = static_cast<uint8_t>(next(kMaxEntities + 1));
    for (int i = 0; i < s.count; ++i) {
      s.entities[i] = Entity{1000 + i,
                             static_cast<Kind>(next(4)),
                             static_cast<int8_t>(next(kLanes)),
                             static_cast<int8_t>(next(kCols)),
                             static_cast<int8_t>(1 + next(3)),
                             static_cast<int8_t>(static_cast<int>(next(3)) - 1)};
    }
    std::vector<Entity> expected;
    for (int i = 0; i < s.count; ++i) {
      Entity e = s.entities[i];
      if (e.col == 0) continue;
      --e.col;
      expected.push_back(e);
    }
    detail::Turn t;
    detail::step5_scroll(s, t);
    ASSERT_EQ(s.count, expected.size()) << "round " << round;
    for (size_t i = 0; i < expected.size(); ++i) {
      ASSERT_EQ(s.entities[i], expected[i]) << "round " << round << " entity " << i;
    }
  }
}

}  // namespace
}  // namespace gb::stormlark

namespace gb::stormlark {
namespace {

TEST(StormlarkActions, SL96_RefusalReasonsAreExactlyTheSpecList) {
  std::set<std::string_view> seen;
  State lane0 = testing::empty_board(0), lane6 = testing::empty_board(6);
  State dry = testing::empty_board(), gate = testing::empty_board(), over = testing::empty_board();
  dry.charge = 0;
  gate.phase = Phase::kReachClear;
  over.phase = Phase::kOver;
  for (State base : {lane0, lane6, dry, gate, over, testing::empty_board()}) {
    for (int a = 0; a <= static_cast<int>(ActionType::kUnknown); ++a) {
      State s = base;
      Outcome o = apply(s, Action{static_cast<ActionType>(a)});
      if (!o.ok) seen.insert(o.reason);
    }
  }
  EXPECT_EQ(seen,
            (std::set<std::string_view>{"lane_top", "lane_bottom", "low_charge", "not_at_gate",
                                        "at_gate", "run_over", "unknown_action"}));
}

}  // namespace
}  // namespace gb::stormlark
