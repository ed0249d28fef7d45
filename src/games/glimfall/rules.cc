// The Glimfall resolution order: action validation, then one tick as named phase functions run in
// the SPEC 5 order by run_tick.
#include <algorithm>

#include "games/glimfall/glimfall.h"

namespace gb::glimfall {
namespace {

// What the phases of one tick tell each other.
struct TickContext {
  int glim = 0;             // the bracket held as the tick began (GF-Q07)
  bool began_in_settle;     // Settle covered this tick's arrival (GF-Q08)
  bool window_set = false;  // a raise or a thread set the window this tick
  bool rib_arrived = false;
};

// Appends an event for the current tick; the 25th and later events of one tick are dropped.
void emit(State& s, EventType type, int64_t ref, int64_t value) {
  if (s.event_count >= kMaxEvents) return;
  s.events[s.event_count++] = Event{s.tick, type, ref, value};
}

// Adds a non-negative award, holding the score at the plausibility guard.
void add_score(State& s, int64_t award) {
  s.score = std::min(kMaxScore, s.score + award);
}

// Raises blaze by `amount` (cap 35) and opens the window.
void raise_blaze(State& s, TickContext& c, int amount) {
  s.blaze = static_cast<int8_t>(std::min(kBlazeCap, s.blaze + amount));
  s.blaze_window = kBlazeWindow;
  s.bleed_timer = 0;
  c.window_set = true;
}

// Takes one bleed of 4 off blaze (floor 0); the bleed timer then runs only while blaze is above 0.
void bleed(State& s, EventType type) {
  s.blaze = static_cast<int8_t>(std::max(0, s.blaze - kBleedAmount));
  s.bleed_timer = s.blaze > 0 ? static_cast<int8_t>(kBleedEvery) : int8_t{0};
  emit(s, type, -1, s.blaze);
}

// Step 1: time passes and the one-tick event buffer empties.
void step1_advance_clock(State& s) {
  ++s.tick;
  for (int i = 0; i < s.event_count; ++i) s.events[i] = Event{};
  s.event_count = 0;
}

// Step 2: the ratchet loosens by one tick.
void step2_turn_lock(State& s) {
  if (s.turn_lock > 0) --s.turn_lock;
}

// Step 3: every pending mote due now is swept (Glim on its bracket) or missed. An award uses the
// multiplier before its own raise.
void step3_motes(State& s, TickContext& c) {
  bool decided = false;
  for (int i = 0; i < s.mote_count; ++i) {
    Mote& m = s.motes[i];
    if (m.state != MoteState::kPending || m.tick != s.tick) continue;
    decided = true;
    if (m.bracket != c.glim) {
      m.state = MoteState::kMissed;
      emit(s, EventType::kMiss, m.id, 0);
      continue;
    }
    m.state = MoteState::kSwept;
    const int64_t award = m.value * multiplier(s.blaze);
    add_score(s, award);
    raise_blaze(s, c, m.value == kRichMotePay ? kRichMoteRaise : kMoteRaise);
    emit(s, EventType::kSweep, m.id, award);
  }
  if (decided) prune_motes(s);
}

// Step 4a: threading pays 50 x mult, plus a bright break or beacon bonus at the same multiplier;
// the bonus raises blaze, a plain thread only opens the window.
void thread_rib(State& s, TickContext& c, const Rib& r) {
  const int64_t mult = multiplier(s.blaze);
  add_score(s, kThreadPay * mult);
  emit(s, EventType::kThread, r.id, kThreadPay * mult);
  s.blaze_window = kBlazeWindow;
  s.bleed_timer = 0;
  c.window_set = true;
  if (r.kind == RibKind::kSplit && c.glim == r.gap2_start) {
    add_score(s, kBrightPay * mult);
    raise_blaze(s, c, kBrightRaise);
    emit(s, EventType::kBright, r.id, kBrightPay * mult);
  } else if (r.kind == RibKind::kBloom && c.glim == r.bright_bracket) {
    add_score(s, kBeaconPay * mult);
    raise_blaze(s, c, kBeaconRaise);
    emit(s, EventType::kBeacon, r.id, kBeaconPay * mult);
  }
}

// Step 4b: a knock spends a spark, resets blaze and its window, and starts 60 ticks of Settle.
void knock_rib(State& s, const Rib& r) {
  --s.sparks;
  s.blaze = 0;
  s.blaze_window = 0;
  s.bleed_timer = 0;
  s.settle = kSettleTicks;
  emit(s, EventType::kKnock, r.id, s.sparks);
}

// Step 4c: the rib counts as descended; every tenth completes a Reach, paid with the sparks held
// now (after a knock on this tick), then a spark returns at R % 3 == 0 unless the run is ending.
void descend(State& s) {
  ++s.ribs_descended;
  if (s.ribs_descended % kRibsPerReach != 0) return;
  s.reach = 1 + s.ribs_descended / kRibsPerReach;
  const int64_t pay = reach_pay(s.reach, s.sparks);
  add_score(s, pay);
  emit(s, EventType::kReach, s.reach, pay);
  if (s.reach % 3 == 0 && s.sparks > 0) {
    s.sparks = static_cast<int8_t>(std::min(kMaxSparks, s.sparks + 1));
    emit(s, EventType::kRestore, s.reach, s.sparks);
  }
}

// Step 4: the live rib due now resolves as exactly one of thread, knock or phase.
void step4_rib(State& s, TickContext& c) {
  for (int i = 0; i < s.rib_count; ++i) {
    Rib& r = s.ribs[i];
    if (r.resolved || r.arrive_tick != s.tick) continue;
    r.resolved = true;
    c.rib_arrived = true;
    if (c.began_in_settle) {
      emit(s, EventType::kPhase, r.id, 0);
    } else if ((arrival_open(r) >> c.glim) & 1u) {
      thread_rib(s, c, r);
    } else {
      knock_rib(s, r);
    }
    descend(s);
  }
}

// Step 5: the window counts down the ticks after the one that set it; at 0 blaze bleeds 4, then
// again every 30 ticks while it stays lapsed and above 0.
void step5_blaze_window(State& s, const TickContext& c) {
  if (c.window_set) return;
  if (s.blaze_window > 0) {
    if (--s.blaze_window == 0) bleed(s, EventType::kLapse);
    return;
  }
  if (s.bleed_timer > 0 && --s.bleed_timer == 0) bleed(s, EventType::kBleed);
}

// Step 6: a tick that began in Settle uses up one of its ticks (the knock's own tick does not).
void step6_settle(State& s, const TickContext& c) {
  if (!c.began_in_settle || s.settle == 0) return;
  if (--s.settle == 0) emit(s, EventType::kSettled, -1, 0);
}

// Step 7: a resolved rib is replaced at once, so 3 stay live (also on the run's last knock).
void step7_refill(State& s, const TickContext& c) {
  if (!c.rib_arrived) return;
  while (live_rib_count(s) < kLiveRibs) {
    const int before = s.rib_count;
    spawn_next_rib(s, s.tick);
    if (s.rib_count == before) return;  // no room: only a crafted state could get here
    const Rib& r = s.ribs[s.rib_count - 1];
    emit(s, EventType::kSpawn, r.id, r.arrive_tick);
  }
}

// Step 8: the run ends when the last spark is spent.
void step8_end_check(State& s) {
  if (s.sparks > 0) return;
  s.status = Status::kDone;
  emit(s, EventType::kOver, -1, s.score);
}

Outcome apply_rotate(State& s, int dir) {
  if (s.status == Status::kRunning) {
    if (s.turn_lock > 0) return Outcome::refuse("ratchet_locked");
    s.turn_lock = kTurnLock;
  }
  s.bracket = static_cast<int8_t>(wrap_bracket(s.bracket + dir));
  return Outcome::accept();
}

Outcome apply_tick(State& s, int64_t count) {
  if (s.status == Status::kWaiting) return Outcome::refuse("clock_not_running");
  const int64_t n = std::clamp<int64_t>(count, 1, kMaxTickCount);
  for (int64_t i = 0; i < n && s.status == Status::kRunning; ++i) run_tick(s);
  return Outcome::accept();
}

bool well_formed(const Action& a) {
  switch (a.type) {
    case ActionType::kStart:
    case ActionType::kTick:
      return true;
    case ActionType::kRotate:
      return a.dir == -1 || a.dir == 1;
    default:
      return false;
  }
}

}  // namespace

int wrap_bracket(int64_t b) {
  return static_cast<int>(((b % kBrackets) + kBrackets) % kBrackets);
}

int angular_distance(int a, int b) {
  const int d = a > b ? a - b : b - a;
  return std::min(d, kBrackets - d);
}

int64_t multiplier(int blaze) {
  return std::min(kMaxMultiplier, 1 + blaze / 6);
}

int64_t reach_pay(int64_t reach, int sparks) {
  return 250 + 50 * reach + 100 * sparks;
}

void run_tick(State& s) {
  TickContext c{.glim = s.bracket, .began_in_settle = s.settle > 0};
  step1_advance_clock(s);
  step2_turn_lock(s);
  step3_motes(s, c);
  step4_rib(s, c);
  step5_blaze_window(s, c);
  step6_settle(s, c);
  step7_refill(s, c);
  step8_end_check(s);
}

Outcome apply(State& s, const Action& a) {
  if (!well_formed(a)) return Outcome::refuse("unknown_action");
  if (s.status == Status::kDone) return Outcome::refuse("game_over");
  switch (a.type) {
    case ActionType::kStart:
      if (s.status != Status::kWaiting) return Outcome::refuse("not_waiting");
      s.status = Status::kRunning;
      return Outcome::accept();
    case ActionType::kRotate:
      return apply_rotate(s, a.dir);
    default:
      return apply_tick(s, a.count);
  }
}

void legal_actions(const State& s, ActionList& out) {
  out.clear();
  if (s.status == Status::kDone) return;
  if (s.status == Status::kWaiting) {
    out.push_back(start_action());
  } else {
    out.push_back(tick_action());
  }
  if (s.status == Status::kWaiting || s.turn_lock == 0) {
    out.push_back(rotate_action(-1));
    out.push_back(rotate_action(1));
  }
}

}  // namespace gb::glimfall
