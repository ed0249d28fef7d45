#include "agents/glimfall/macros.h"

#include <algorithm>

namespace gb::glimfall {

int64_t next_event_tick(const State& s) {
  int64_t next = -1;
  auto consider = [&](int64_t t) {
    if (t > s.tick && (next < 0 || t < next)) next = t;
  };
  for (int i = 0; i < s.mote_count; ++i) {
    if (s.motes[i].state == MoteState::kPending) consider(s.motes[i].tick);
  }
  for (int i = 0; i < s.rib_count; ++i) {
    if (!s.ribs[i].resolved) consider(s.ribs[i].arrive_tick);
  }
  return next < 0 ? s.tick + 1 : next;
}

agents::Expansion<Traits> play_macro(const State& s, int dir) {
  agents::Expansion<Traits> e{{}, s};
  if (dir != 0) {
    if (!apply(e.state, rotate_action(dir)).ok) return {{}, s};
    e.actions.push_back(rotate_action(dir));
  }
  int64_t wait = next_event_tick(e.state) - 1 - e.state.tick;
  if (dir != 0) wait = std::min<int64_t>(wait, kTurnLock);
  wait = std::clamp<int64_t>(wait, 1, kMaxTickCount);
  Action tick = tick_action(wait);
  if (apply(e.state, tick).ok) e.actions.push_back(tick);
  return e;
}

int64_t alignment_value(const State& s) {
  int rib = nearest_live_rib(s);
  if (s.status != Status::kRunning || rib < 0) return 0;
  BracketMask open = arrival_open(s.ribs[rib]);
  int distance = kBrackets;
  for (int b = 0; b < kBrackets; ++b) {
    if (open & (1u << b)) distance = std::min(distance, angular_distance(s.bracket, b));
  }
  if (distance == 0) return 0;
  if (distance > brackets_reachable(s)) return -1500;
  return -10 * distance;
}

}  // namespace gb::glimfall
