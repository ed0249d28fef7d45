// Internal to the Stormlark engine: the per-turn context and the world-step primitives shared by
// the resolution order (rules.cc) and the survivability check (guarantee.cc).
#pragma once

#include "games/stormlark/stormlark.h"

namespace gb::stormlark::detail {

// What one scrolling turn carries between its steps.
struct Turn {
  ActionType action = ActionType::kVent;
  int regen = 1;              // step 8 regeneration, 3 on a VENT turn
  int damage = 0;             // hull damage events this turn (discharges and collisions)
  bool score_capped = false;  // an award hit the plausibility guard
  bool run_repair = true;
};

// Removes the entity at index i, keeping ascending id order.
void remove_at(State& s, int i);
// Costs one hull (floored at 0), resets the chain and marks the reach as not flawless.
void take_hull_damage(State& s, Turn& t);
// Adds an award to the score, capping it at the plausibility guard.
void add_score(State& s, Turn& t, int64_t award);

// The steps of the resolution order, one signature, run in order by apply().
void step2_player(State& s, Turn& t);
void step3_discharge(State& s, Turn& t);
void step4_movers(State& s, Turn& t);
void step5_scroll(State& s, Turn& t);
void step6_pickups(State& s, Turn& t);
void step7_collision(State& s, Turn& t);
void step8_regenerate(State& s, Turn& t);
void step9_draw(State& s, Turn& t);
void step10_guarantee(State& s, Turn& t);
void step11_counters(State& s, Turn& t);
void step12_end(State& s, Turn& t);

}  // namespace gb::stormlark::detail
