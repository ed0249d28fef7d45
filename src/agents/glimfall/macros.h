// Glimfall macro-actions for the planner: rotate one bracket (or hold), then tick to the eve of
// the next event, so that the next decision can still move the Glim before that event is judged
// (a rotate sent at tick T counts for T+1).
#pragma once

#include <cstdint>

#include "agents/common/option_agent.h"
#include "games/glimfall/traits.h"

namespace gb::glimfall {

// The tick of the next thing the bracket decides: the earliest pending mote or unresolved rib
// arrival after s.tick; s.tick + 1 when there is none.
int64_t next_event_tick(const State& s);

// Plays `dir` (-1 or 1; 0 holds) and then ticks up to the eve of the next event, stopping early
// when a rotate unlocks the ratchet. Returns an empty option when the rotate is refused.
agents::Expansion<Traits> play_macro(const State& s, int dir);

// The planner's heuristic for how well the Glim stands for the nearest rib: 0 when it is on an
// open bracket of the rib's arrival set, minus 10 per bracket away while reachable, and -1500
// when the ratchet can no longer get there in time.
int64_t alignment_value(const State& s);

}  // namespace gb::glimfall
