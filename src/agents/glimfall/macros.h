// Glimfall macro-actions for the planner: rotate one bracket (or hold), then tick to the eve of
// the next event, so that the next decision can still move the Glim before that event is judged
// (a rotate sent at tick T counts for T+1).
#pragma once

#include <cstdint>
#include <vector>

#include "agents/common/child_applier.h"
#include "agents/common/option_agent.h"
#include "games/glimfall/traits.h"

namespace gb::glimfall {

// The tick of the next thing the bracket decides: the earliest pending mote or unresolved rib
// arrival after s.tick; s.tick + 1 when there is none.
int64_t next_event_tick(const State& s);

// The tick a macro plays from `s` (the state after its rotate, or the held state; dir 0 holds):
// up to the eve of the next event, after a rotate at most until the ratchet unlocks.
Action macro_tick(const State& s, int dir);

// Plays `dir` (-1 or 1; 0 holds) and then ticks up to the eve of the next event, stopping early
// when a rotate unlocks the ratchet. Returns an empty option when the rotate is refused.
agents::Expansion<Traits> play_macro(const State& s, int dir);

// The same macros (hold, -1, 1, in that order, empty options left out) for every state of
// `states` at once, through `applier` in two rounds (the rotates, then the ticks): out[i] holds
// the options of *states[i], equal to play_macro's.
void play_macros(const std::vector<const State*>& states, agents::ChildApplier<Traits>& applier,
                 std::vector<std::vector<agents::Expansion<Traits>>>& out);

// The planner's heuristic for how well the Glim stands for the nearest rib: 0 when it is on an
// open bracket of the rib's arrival set, minus 10 per bracket away while reachable, and -1500
// when the ratchet can no longer get there in time.
int64_t alignment_value(const State& s);

}  // namespace gb::glimfall
