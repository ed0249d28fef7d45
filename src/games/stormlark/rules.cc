// The Stormlark resolution order: step 1 (validation) and steps 2..12 as named phase functions.
#include <algorithm>
#include <array>
#include <cstring>

#include "games/stormlark/stormlark.h"
#include "games/stormlark/turn.h"

namespace gb::stormlark {

using detail::Turn;

int64_t reach_quarters(int64_t reach) {
  return 3 + std::min<int64_t>(reach, kDifficultyCap);
}
int64_t chain_tenths(int64_t chain) {
  return 10 + std::min<int64_t>(chain, 20);
}

int64_t clear_award(int64_t base, int64_t chain, int64_t reach) {
  return (base * chain_tenths(chain) * reach_quarters(reach) + 20) / 40;
}

int64_t reach_award(int64_t amount, int64_t reach) {
  return (amount * reach_quarters(reach) + 2) / 4;
}

int64_t clear_base(Kind k) {
  switch (k) {
    case Kind::kKnot:
      return 50;
    case Kind::kDrifter:
      return 90;
    case Kind::kSparker:
      return 140;
    case Kind::kRimeshell:
      return 160;
    case Kind::kWarden:
      return 500;
    default:
      return 0;
  }
}

bool is_solid(Kind k) {
  return k <= Kind::kWarden;
}

int starting_hp(Kind k) {
  if (k == Kind::kRimeshell) return 2;
  if (k == Kind::kWarden) return 4;
  return 1;
}

int entity_at(const State& s, int lane, int col) {
  for (int i = 0; i < s.count; ++i) {
    if (s.entities[i].lane == lane && s.entities[i].col == col) return i;
  }
  return -1;
}

namespace detail {

void remove_at(State& s, int i) {
  std::copy(s.entities.begin() + i + 1, s.entities.begin() + s.count, s.entities.begin() + i);
  --s.count;
  s.entities[s.count] = Entity{};  // slots past count stay empty: equal games compare equal
}

void take_hull_damage(State& s, Turn& t) {
  if (s.hull > 0) --s.hull;
  s.chain = 0;
  s.reach_flawless = false;
  ++t.damage;
}

void add_score(State& s, Turn& t, int64_t award) {
  if (s.score + award > kPlausibilityGuard) {
    s.score = kPlausibilityGuard;
    t.score_capped = true;
  } else {
    s.score += award;
  }
}

// Step 2: FIRE's pulse meets the first entity in the ship's lane, columns 1..9, that is not a
// mote or a gate; crag and squall absorb it, nothing met resets the chain.
static void fire_pulse(State& s, Turn& t) {
  s.charge = static_cast<int8_t>(s.charge - kPulseCost);
  int hit = -1;
  for (int col = 1; col < kCols && hit < 0; ++col) {
    int i = entity_at(s, s.ship_lane, col);
    if (i >= 0 && s.entities[i].kind != Kind::kMote && s.entities[i].kind != Kind::kGate) hit = i;
  }
  if (hit < 0 || clear_base(s.entities[hit].kind) == 0) {
    s.chain = 0;  // nothing cleared: absorbed by a crag or squall, or met nothing
    return;
  }
  Entity& e = s.entities[hit];
  if (--e.hp > 0) return;  // a rimeshell or warden damaged but standing keeps the chain
  s.chain += 1;
  add_score(s, t, clear_award(clear_base(e.kind), s.chain, s.reach));
  remove_at(s, hit);
}

// Step 2: the player phase.
void step2_player(State& s, Turn& t) {
  switch (t.action) {
    case ActionType::kUp:
      --s.ship_lane;
      break;
    case ActionType::kDown:
      ++s.ship_lane;
      break;
    case ActionType::kVent:
      t.regen = 3;
      break;
    case ActionType::kFire:
      fire_pulse(s, t);
      break;
    default:
      break;
  }
}

// Step 3: every sparker in column 1 discharges along its lane and is spent.
void step3_discharge(State& s, Turn& t) {
  for (int i = 0; i < s.count;) {
    const Entity& e = s.entities[i];
    if (e.kind == Kind::kSparker && e.col == 1) {
      if (e.lane == s.ship_lane) take_hull_damage(s, t);
      remove_at(s, i);
    } else {
      ++i;
    }
  }
}

// Step 4: drifters and wardens move in ascending id order, each seeing the moves before it.
// A warden's age in world steps is 9 - col, so this step is its (10 - col)th: it moves on even
// ones.
void step4_movers(State& s, Turn&) {
  for (int i = 0; i < s.count; ++i) {
    Entity& e = s.entities[i];
    if (e.kind == Kind::kDrifter) {
      int target = e.lane + e.drift;
      if (target < 0 || target >= kLanes) {
        e.drift = static_cast<int8_t>(-e.drift);
        target = e.lane + e.drift;
      }
      if (entity_at(s, target, e.col) >= 0) {
        e.drift = static_cast<int8_t>(-e.drift);
      } else {
        e.lane = static_cast<int8_t>(target);
      }
    } else if (e.kind == Kind::kWarden && e.col % 2 == 0 && e.lane != s.ship_lane) {
      int target = e.lane + (s.ship_lane > e.lane ? 1 : -1);
      if (entity_at(s, target, e.col) < 0) e.lane = static_cast<int8_t>(target);
    }
  }
}

// Step 5: everything scrolls one column left; what leaves column 0 is gone at no cost.
void step5_scroll(State& s, Turn&) {
  // Without a branch per entity: each is moved to `kept` whole (one 16-byte move; a member-wise
  // copy was rebuilt through the stack and stalled on store forwarding), its column read from
  // where it was (reading it back from the move would chain every entity to the one before), and
  // `kept` advances only past one still on the board. The slots the dropped ones leave are then
  // emptied, so that equal games compare equal.
  const int n = s.count;
  int kept = 0;
  for (int i = 0; i < n; ++i) {
    const int col = s.entities[i].col;
    std::memmove(&s.entities[kept], &s.entities[i], sizeof(Entity));  // kept <= i
    s.entities[kept].col = static_cast<int8_t>(col - 1);
    kept += col > 0;
  }
  std::fill(s.entities.begin() + kept, s.entities.begin() + n, Entity{});
  s.count = static_cast<uint8_t>(kept);
}

// Step 6: a mote in the ship's cell is collected, a squall there dissipates.
void step6_pickups(State& s, Turn& t) {
  int i = entity_at(s, s.ship_lane, 0);
  if (i < 0) return;
  if (s.entities[i].kind == Kind::kMote) {
    s.charge = static_cast<int8_t>(std::min(kChargeMax, s.charge + 3));
    add_score(s, t, reach_award(10, s.reach));
    remove_at(s, i);
  } else if (s.entities[i].kind == Kind::kSquall) {
    s.charge = static_cast<int8_t>(std::max(0, s.charge - 3));
    remove_at(s, i);
  }
}

// Step 7: a solid in the ship's cell costs 1 hull and is sheared away whatever its hp.
void step7_collision(State& s, Turn& t) {
  int i = entity_at(s, s.ship_lane, 0);
  if (i < 0 || !is_solid(s.entities[i].kind)) return;
  take_hull_damage(s, t);
  remove_at(s, i);
}

// Step 8: charge regenerates after the collision.
void step8_regenerate(State& s, Turn& t) {
  s.charge = static_cast<int8_t>(std::min(kChargeMax, s.charge + t.regen));
}

// Step 9: a fresh column at column 9: the Gate after 20 content columns, content otherwise. The
// counter advances by the fixed budget whatever the column needed.
void step9_draw(State& s, Turn&) {
  if (s.columns_drawn >= kContentColumnsPerReach) {
    for (int lane = 0; lane < kLanes; ++lane) {
      s.entities[s.count++] = Entity{s.next_id++, Kind::kGate, static_cast<int8_t>(lane), 9, 1, 0};
    }
    s.columns_drawn = 0;
  } else {
    draw_content_column(s, drawing_reach(s), s.rng_state);
    ++s.columns_drawn;
  }
  s.rng_state = (s.rng_state + kRngBudget) % kRngModulus;
}

// Step 10: the survivability guarantee and its repair.
void step10_guarantee(State& s, Turn& t) {
  if (t.run_repair && !survivable(s)) repair(s);
}

// Step 11: counters update: the turn, the column award, and the Gate when it reaches column 0.
void step11_counters(State& s, Turn& t) {
  ++s.turn;
  add_score(s, t, reach_award(2, s.reach));
  bool gate_home = false;
  for (int i = 0; i < s.count; ++i) {
    gate_home = gate_home || (s.entities[i].kind == Kind::kGate && s.entities[i].col == 0);
  }
  if (gate_home && s.hull > 0) {
    s.phase = Phase::kReachClear;
    add_score(s, t, reach_award(40, s.reach));
    if (s.reach_flawless) add_score(s, t, reach_award(60, s.reach));
  }
}

// Step 12: at hull 0 the run is over; so is a run whose score reached the plausibility guard.
void step12_end(State& s, Turn& t) {
  if (s.hull == 0 || t.score_capped) s.phase = Phase::kOver;
}

}  // namespace detail

namespace {

using StepFn = void (*)(State&, Turn&);
constexpr std::array<StepFn, 11> kSteps = {
    detail::step2_player,     detail::step3_discharge, detail::step4_movers,
    detail::step5_scroll,     detail::step6_pickups,   detail::step7_collision,
    detail::step8_regenerate, detail::step9_draw,      detail::step10_guarantee,
    detail::step11_counters,  detail::step12_end};

// Step 1: validation, with SPEC 2 precedence: unknown action, run over, phase, specific rule.
Outcome step1_validate(const State& s, ActionType a) {
  if (a == ActionType::kUnknown) return Outcome::refuse("unknown_action");
  if (s.phase == Phase::kOver) return Outcome::refuse("run_over");
  if (a == ActionType::kEndRun) return Outcome::accept();
  if (s.phase == Phase::kReachClear) {
    return a == ActionType::kNextReach ? Outcome::accept() : Outcome::refuse("at_gate");
  }
  switch (a) {
    case ActionType::kNextReach:
      return Outcome::refuse("not_at_gate");
    case ActionType::kUp:
      return s.ship_lane > 0 ? Outcome::accept() : Outcome::refuse("lane_top");
    case ActionType::kDown:
      return s.ship_lane < kLanes - 1 ? Outcome::accept() : Outcome::refuse("lane_bottom");
    case ActionType::kFire:
      return s.charge >= kPulseCost ? Outcome::accept() : Outcome::refuse("low_charge");
    default:
      return Outcome::accept();
  }
}

}  // namespace

void scrolling_turn(State& s, ActionType a, bool run_repair) {
  Turn t;
  t.action = a;
  t.run_repair = run_repair;
  for (StepFn step : kSteps) step(s, t);
}

Outcome apply(State& s, Action a) {
  Outcome o = step1_validate(s, a.type);
  if (!o.ok) return o;
  switch (a.type) {
    case ActionType::kEndRun:
      s.phase = Phase::kOver;
      break;
    case ActionType::kNextReach:
      s.reach += 1;
      s.hull = static_cast<int8_t>(std::min(kHullMax, s.hull + 1));
      s.charge = kChargeMax;
      s.phase = Phase::kFlying;
      s.reach_flawless = true;
      break;
    default:
      scrolling_turn(s, a.type);
      break;
  }
  return o;
}

void legal_actions(const State& s, ActionList& out) {
  out.clear();
  for (int i = 0; i < static_cast<int>(kActionNames.size()); ++i) {
    auto type = static_cast<ActionType>(i);
    if (step1_validate(s, type).ok) out.push_back(Action{type});
  }
}

State init(uint32_t seed) {
  State s;
  s.seed = seed;
  Turn t;
  for (int c = 0; c < 9; ++c) {
    if (c > 0) detail::step5_scroll(s, t);
    draw_content_column(s, 1, s.rng_state);
    s.rng_state += kRngBudget;
    ++s.columns_drawn;
  }
  if (!survivable(s)) repair(s);
  return s;
}

}  // namespace gb::stormlark
