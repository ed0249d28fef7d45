// Multi-tick rules: timing of the ratchet, Settle span, the blaze window and bleed, batching,
// the end of the run and the events buffer.
#include <set>

#include "core/rng.h"
#include "glimfall/support.h"

namespace gb::glimfall {
namespace {

using namespace testing;

State running(uint32_t seed = 7) {
  State s = init(seed);
  s.status = Status::kRunning;
  return s;
}

TEST(GlimfallRatchet, RotatesAtLeastSixTicksApart_GF07) {
  State s = running();
  ASSERT_TRUE(apply(s, rotate_action(1)).ok);
  for (int i = 0; i < 5; ++i) {
    ticks(s, 1);
    State copy = s;
    EXPECT_EQ(apply(copy, rotate_action(1)).reason, "ratchet_locked") << "after " << i + 1;
  }
  ticks(s, 1);
  EXPECT_TRUE(apply(s, rotate_action(1)).ok);
  EXPECT_EQ(s.bracket, 2);
}

TEST(GlimfallRatchet, WaitingRotationIsUnlimited_GF13) {
  State s = init(3);
  for (int i = 0; i < 30; ++i) ASSERT_TRUE(apply(s, rotate_action(1)).ok);
  EXPECT_EQ(s.bracket, 30 % 12);
  for (int i = 0; i < 7; ++i) ASSERT_TRUE(apply(s, rotate_action(-1)).ok);
  EXPECT_EQ(s.bracket, wrap_bracket(30 - 7));
  State fresh = init(3);
  fresh.bracket = s.bracket;
  EXPECT_EQ(s, fresh);  // nothing but the bracket changed
}

// GF-Q07, GF-44: a rotate sent at tick T counts for the tick that brings tick to T+1.
TEST(GlimfallTiming, RotateSentAtTCountsForTPlus1_GFQ07_GF44) {
  State s = running();
  jump_to(s, 50);
  add_mote(s, 1, 51);
  State onto = s;
  ASSERT_TRUE(apply(onto, rotate_action(1)).ok);
  ticks(onto, 1);
  EXPECT_EQ(onto.motes[onto.mote_count - 1].state, MoteState::kSwept);
  State away = s;
  away.bracket = 1;
  ASSERT_TRUE(apply(away, rotate_action(1)).ok);
  ticks(away, 1);
  EXPECT_EQ(away.motes[away.mote_count - 1].state, MoteState::kMissed);
}

TEST(GlimfallTiming, MoteDecidedExactlyOnItsTick_GF44) {
  State s = running();
  jump_to(s, 50);
  add_mote(s, 0, 53);
  ticks(s, 2);
  EXPECT_EQ(s.motes[s.mote_count - 1].state, MoteState::kPending);
  ticks(s, 1);
  EXPECT_EQ(s.motes[s.mote_count - 1].state, MoteState::kSwept);
  ticks(s, 5);
  EXPECT_EQ(s.motes[s.mote_count - 1].state, MoteState::kSwept);  // leaves pending once
}

TEST(GlimfallTiming, RibResolvesOnItsArrivalTick_GF34_GF64) {
  for (uint32_t seed : {1u, 2u, 99u}) {
    State s = running(seed);
    EXPECT_EQ(s.ribs[0].arrive_tick, 105);
    ticks(s, 104);
    EXPECT_FALSE(s.ribs[0].resolved);
    EXPECT_EQ(s.ribs_descended, 0);
    ticks(s, 1);
    EXPECT_EQ(s.tick, 105);
    EXPECT_TRUE(s.ribs[0].resolved);
    EXPECT_EQ(s.ribs_descended, 1);
    const int outcomes = count_events(s, EventType::kThread) + count_events(s, EventType::kKnock) +
                         count_events(s, EventType::kPhase);
    EXPECT_EQ(outcomes, 1);
  }
}

// GF-Q08, GF-41: a knock on K phases arrivals on K+1..K+60; K+61 is judged again.
TEST(GlimfallSettle, SpanIsKPlus1ToKPlus60_GFQ08_GF41) {
  State s = before_first_arrival();
  const int64_t k = s.ribs[0].arrive_tick;
  make_plain(s.ribs[0], 2);
  make_plain(s.ribs[1], 2);
  make_plain(s.ribs[2], 2);
  s.ribs[1].arrive_tick = k + 60;
  s.ribs[2].arrive_tick = k + 61;
  for (int i = 0; i < s.mote_count; ++i) s.motes[i].state = MoteState::kMissed;
  s.bracket = 9;  // stone for all three
  ticks(s, 1);
  EXPECT_EQ(s.sparks, 2);
  EXPECT_EQ(s.settle, 60);
  ticks(s, 59);
  EXPECT_EQ(s.settle, 1);
  ticks(s, 1);  // tick K+60: rib 1 phases
  EXPECT_TRUE(s.ribs[1].resolved);
  EXPECT_EQ(count_events(s, EventType::kPhase), 1);
  EXPECT_EQ(s.sparks, 2);
  EXPECT_EQ(s.settle, 0);
  ticks(s, 1);  // tick K+61: rib 2 knocks
  EXPECT_EQ(count_events(s, EventType::kKnock), 1);
  EXPECT_EQ(s.sparks, 1);
}

// GF-Q09, GF-55: a window set on K lapses on K+60 (-4), then bleeds on K+90 and K+120.
TEST(GlimfallBlaze, WindowAndBleedTicks_GFQ09_GF55) {
  State s = running();
  jump_to(s, 1000);
  s.ribs[0].arrive_tick = 5000;  // keep arrivals out of the way
  s.ribs[1].arrive_tick = 5001;
  s.ribs[2].arrive_tick = 5002;
  for (int i = 0; i < s.mote_count; ++i) s.motes[i].state = MoteState::kMissed;
  add_mote(s, 0, 1001, kRichMotePay);
  s.blaze = 9;
  ticks(s, 1);  // K = 1001: blaze 12, window 60
  ASSERT_EQ(s.blaze, 12);
  ticks(s, 59);  // K+59
  EXPECT_EQ(s.blaze, 12);
  EXPECT_EQ(s.blaze_window, 1);
  ticks(s, 1);  // K+60
  EXPECT_EQ(s.blaze, 8);
  ticks(s, 29);  // K+89
  EXPECT_EQ(s.blaze, 8);
  ticks(s, 1);  // K+90
  EXPECT_EQ(s.blaze, 4);
  ticks(s, 30);  // K+120
  EXPECT_EQ(s.blaze, 0);
  EXPECT_EQ(s.bleed_timer, 0);
  ticks(s, 100);
  EXPECT_EQ(s.blaze, 0);
}

TEST(GlimfallBlaze, MultiplierTable_GF51) {
  const int expected[] = {1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
                          4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6};
  for (int b = 0; b <= 35; ++b) EXPECT_EQ(multiplier(b), expected[b]) << b;
}

TEST(GlimfallBlaze, RotateAndReachNeverRaise_GF53) {
  State s = running();
  s.blaze = 7;
  apply(s, rotate_action(1));
  EXPECT_EQ(s.blaze, 7);
  EXPECT_EQ(s.blaze_window, 0);
}

TEST(GlimfallCollar, AngularDistance_GF03) {
  EXPECT_EQ(angular_distance(0, 6), 6);
  EXPECT_EQ(angular_distance(0, 11), 1);
  EXPECT_EQ(angular_distance(2, 10), 4);
  for (int a = 0; a < 12; ++a) {
    for (int b = 0; b < 12; ++b) {
      EXPECT_EQ(angular_distance(a, b), angular_distance(b, a));
      EXPECT_LE(angular_distance(a, b), 6);
      EXPECT_EQ(angular_distance(a, b) == 0, a == b);
    }
  }
}

TEST(GlimfallCollar, BracketAlwaysInRange_GF01) {
  State s = running();
  for (int i = 0; i < 40; ++i) {
    apply(s, rotate_action(i % 3 == 0 ? -1 : 1));
    ticks(s, 6);
    ASSERT_GE(s.bracket, 0);
    ASSERT_LT(s.bracket, 12);
  }
}

TEST(GlimfallTime, CountIsExactlyNSingleTicks_GF17_GF18) {
  State a = running(11), b = running(11);
  apply(a, tick_action(37));
  for (int i = 0; i < 37; ++i) {
    const int64_t t = b.tick;
    apply(b, tick_action());
    ASSERT_EQ(b.tick, t + 1);
  }
  EXPECT_EQ(a, b);
  State c = running(11);
  apply(c, Action{ActionType::kTick, 0, 1});
  EXPECT_EQ(c.tick, 1);
}

TEST(GlimfallTime, InProcessCountClamps_GF19) {
  const std::pair<int64_t, int64_t> cases[] = {{0, 1},     {-5, 1},    {1, 1},
                                               {600, 600}, {601, 600}, {1000000000, 600}};
  for (auto [count, ticks_run] : cases) {
    State s = running(5);
    s.sparks = 3;
    ASSERT_TRUE(apply(s, tick_action(count)).ok);
    State singles = running(5);
    for (int64_t i = 0; i < ticks_run && singles.status == Status::kRunning; ++i) run_tick(singles);
    EXPECT_EQ(s, singles) << "count " << count;
  }
}

// GF-21: from many running states, a batch of a random size lands on the single-tick state.
TEST(GlimfallTime, BatchEqualsSingles_GF21) {
  uint64_t counter = 0;
  for (uint32_t seed = 1; seed <= 60; ++seed) {
    State s = running(seed);
    for (int round = 0; round < 12 && s.status == Status::kRunning; ++round) {
      const int64_t n = 1 + below(draw(seed, counter++), 600);
      State batch = s, single = s;
      apply(batch, tick_action(n));
      for (int64_t i = 0; i < n; ++i) apply(single, tick_action());
      ASSERT_EQ(encode(batch), encode(single)) << "seed " << seed << " n " << n;
      s = batch;
      if (s.turn_lock == 0) apply(s, rotate_action(draw(seed, counter++) % 2 ? 1 : -1));
    }
  }
}

// GF-22, GF-Q24: a batch that ends the run stops at the knock and is answered ok.
TEST(GlimfallTime, BatchEndingMidwayStopsAtTheKnock_GF22_GFQ24) {
  State s = before_first_arrival();
  make_plain(s.ribs[0], 2);
  s.bracket = 9;
  s.sparks = 1;
  const int64_t k = s.ribs[0].arrive_tick;
  const Outcome o = apply(s, tick_action(50));
  EXPECT_TRUE(o.ok);
  EXPECT_EQ(s.tick, k);
  EXPECT_EQ(s.status, Status::kDone);
  EXPECT_EQ(count_events(s, EventType::kOver), 1);
}

// GF-15, GF-23: done refuses everything with game_over and changes nothing.
TEST(GlimfallStatus, DoneRefusesEverything_GF15_GF23) {
  State s = running();
  s.sparks = 0;
  s.status = Status::kDone;
  for (const Action& a :
       {start_action(), tick_action(), tick_action(9), rotate_action(1), rotate_action(-1)}) {
    State copy = s;
    const Outcome o = apply(copy, a);
    EXPECT_EQ(o.reason, "game_over");
    EXPECT_EQ(copy, s);
  }
  ActionList legal;
  legal_actions(s, legal);
  EXPECT_EQ(legal.size, 0);
}

// GF-Q22, GF-92: a malformed action is unknown_action even on a done state, and changes nothing.
TEST(GlimfallStatus, MalformedBeatsGameOver_GFQ22_GF92) {
  State s = running();
  s.sparks = 0;
  s.status = Status::kDone;
  for (const Action& a : {Action{ActionType::kUnknown, 0, 1}, Action{ActionType::kRotate, 0, 1},
                          Action{ActionType::kRotate, 2, 1}, Action{ActionType::kRotate, -3, 1}}) {
    State copy = s;
    EXPECT_EQ(apply(copy, a).reason, "unknown_action");
    EXPECT_EQ(copy, s);
    State run = running();
    State before = run;
    EXPECT_EQ(apply(run, a).reason, "unknown_action");
    EXPECT_EQ(run, before);
  }
}

// GF-14: the run goes on while sparks remain, whatever else happens.
TEST(GlimfallStatus, EndsOnlyAtZeroSparks_GF14) {
  State s = running(21);
  while (s.status == Status::kRunning && s.tick < 200000) {
    const int8_t sparks = s.sparks;
    apply(s, tick_action(1));
    if (s.status == Status::kDone) {
      EXPECT_EQ(s.sparks, 0);
      EXPECT_EQ(sparks, 1);
    } else {
      EXPECT_GT(s.sparks, 0);
    }
  }
  EXPECT_EQ(s.status, Status::kDone);  // standing still on bracket 0 knocks eventually
}

// GF-82, GF-83: events are emptied at the top of each tick and carry that tick; a batch leaves
// only its last tick's events.
TEST(GlimfallEvents, OneTickBuffer_GF82_GF83) {
  State s = before_first_arrival();
  s.bracket = static_cast<int8_t>(stone_of(s.ribs[0]));
  ticks(s, 1);
  ASSERT_GT(s.event_count, 0);
  for (int i = 0; i < s.event_count; ++i) EXPECT_EQ(s.events[i].t, s.tick);
  ticks(s, 1);
  EXPECT_EQ(count_events(s, EventType::kKnock), 0);
  for (int i = 0; i < s.event_count; ++i) EXPECT_EQ(s.events[i].t, s.tick);
  State batch = before_first_arrival();
  batch.bracket = s.bracket;
  apply(batch, tick_action(2));
  EXPECT_EQ(count_events(batch, EventType::kKnock), 0);
  EXPECT_EQ(encode(batch), encode(s));
}

// GF-Q20, GF-82: at most 24 events in one tick; later ones are dropped; start and rotate neither
// add nor clear events.
TEST(GlimfallEvents, BoundedAt24_GFQ20_GF82) {
  State s = running();
  jump_to(s, 50);
  s.mote_count = 0;
  for (int i = 0; i < 30; ++i) add_mote(s, 3, 51);
  ticks(s, 1);
  EXPECT_EQ(s.event_count, kMaxEvents);
  EXPECT_EQ(count_events(s, EventType::kMiss), kMaxEvents);
  State r = s;
  r.turn_lock = 0;
  apply(r, rotate_action(1));
  EXPECT_EQ(r.event_count, kMaxEvents);
}

// GF-90: over many states every refusal reason is one of the five, and each one occurs.
TEST(GlimfallRefusals, OnlyTheFiveReasons_GF90) {
  std::set<std::string> seen;
  const std::set<std::string> allowed = {"not_waiting", "clock_not_running", "ratchet_locked",
                                         "game_over", "unknown_action"};
  const Action probes[] = {start_action(),
                           tick_action(),
                           rotate_action(1),
                           rotate_action(-1),
                           Action{ActionType::kRotate, 0, 1},
                           Action{ActionType::kUnknown, 0, 1}};
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    State s = init(seed);
    for (int step = 0; step < 3000 && s.status != Status::kDone; ++step) {
      for (const Action& a : probes) {
        State copy = s;
        const Outcome o = apply(copy, a);
        if (o.ok) continue;
        EXPECT_TRUE(allowed.count(std::string(o.reason))) << o.reason;
        seen.insert(std::string(o.reason));
      }
      apply(s, step % 7 == 0 ? rotate_action(1) : (step == 3 ? start_action() : tick_action()));
    }
    State done = s;
    done.status = Status::kDone;
    done.sparks = 0;
    for (const Action& a : probes) {
      State copy = done;
      seen.insert(std::string(apply(copy, a).reason));
    }
  }
  EXPECT_EQ(seen, allowed);
}

// GF-99, GF-58: every award is an exact whole multiple: a thread 50 x m, a bright break 120 x m,
// a beacon 80 x m, a mote 10 x m or 30 x m (m in 1..6), a Reach 250 + 50R + 100 x sparks.
TEST(GlimfallAwards, ExactIntegers_GF99_GF58) {
  int checked = 0;
  for (uint32_t seed = 1; seed <= 30; ++seed) {
    State s = init(seed);
    while (s.status != Status::kDone && s.tick < 20000) {
      const State before = s;
      apply(s, bot_action(s));
      int64_t paid = 0;
      for (int i = 0; i < s.event_count && s.tick != before.tick; ++i) {
        const Event& e = s.events[i];
        const int64_t m = multiplier(before.blaze);
        switch (e.type) {
          case EventType::kThread:
            EXPECT_EQ(e.value, 50 * m);
            break;
          case EventType::kBright:
            EXPECT_EQ(e.value, 120 * m);
            break;
          case EventType::kBeacon:
            EXPECT_EQ(e.value, 80 * m);
            break;
          case EventType::kReach:
            EXPECT_EQ(e.value % 50, 0);
            EXPECT_GE(e.value, 250 + 50 * e.ref);
            EXPECT_LE(e.value, 250 + 50 * e.ref + 300);
            break;
          case EventType::kSweep:
            EXPECT_TRUE(e.value % 10 == 0 && e.value >= 10 && e.value <= 180) << e.value;
            break;
          default:
            continue;
        }
        paid += e.value;
        ++checked;
      }
      if (s.tick == before.tick + 1) {
        EXPECT_EQ(s.score - before.score, paid);
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

}  // namespace
}  // namespace gb::glimfall
