// The per-step invariant the conformance suite checks after every accepted action.
#include "games/glimfall/traits.h"

namespace gb::glimfall {

std::string Traits::step_invariant_violation(const State& before, const Action& a,
                                             const State& after) {
  const bool running_rotate = a.type == ActionType::kRotate && before.status == Status::kRunning;
  if (running_rotate && after.turn_lock != kTurnLock) return "a running rotate must set turnLock 6";
  if (a.type == ActionType::kTick) {
    const int64_t ticks = after.tick - before.tick;
    if (ticks < 1 || ticks > kMaxTickCount) return "a tick must pass 1..600 ticks";
    if (after.turn_lock != std::max<int64_t>(0, before.turn_lock - ticks)) {
      return "turnLock must fall by exactly 1 per tick";
    }
  } else if (after.tick != before.tick || after.score != before.score) {
    return "only a tick passes time or scores";
  }
  if (after.sparks < 0 || after.sparks > kMaxSparks) return "sparks left 0..3";
  if (live_rib_count(after) != kLiveRibs) return "there must be 3 live ribs";
  for (int i = 0; i < after.event_count; ++i) {
    if (after.events[i].t != after.tick) return "an event carries a stale t";
  }
  return {};
}

}  // namespace gb::glimfall
