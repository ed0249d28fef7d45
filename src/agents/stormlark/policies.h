// Two simple Stormlark reference policies over the engine API, used to measure the balance
// target (SL-69): a dodger that never fires and a clearer that also fires. Both search the exact
// simulator a few turns ahead, value lost hull far above points, and prefer NEXT_REACH at a Gate.
#pragma once

#include "games/stormlark/stormlark.h"

namespace gb::stormlark {

// Chooses the action with the best outcome `depth` turns ahead: fewest hull lost, then most
// points. With allow_fire false the policy only moves and vents. Ties go to the earlier of
// VENT, UP, DOWN, FIRE.
Action lookahead_policy(const State& s, bool allow_fire, int depth);

// Plays a run with the policy until hull 0, or until `max_reaches` reaches are complete (then
// END_RUN). Returns the final state.
State play_policy(uint32_t seed, bool allow_fire, int depth, int max_reaches);

}  // namespace gb::stormlark
