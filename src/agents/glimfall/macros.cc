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

Action macro_tick(const State& s, int dir) {
  int64_t wait = next_event_tick(s) - 1 - s.tick;
  if (dir != 0) wait = std::min<int64_t>(wait, kTurnLock);
  wait = std::clamp<int64_t>(wait, 1, kMaxTickCount);
  return tick_action(wait);
}

agents::Expansion<Traits> play_macro(const State& s, int dir) {
  agents::Expansion<Traits> e{{}, s};
  if (dir != 0) {
    if (!apply(e.state, rotate_action(dir)).ok) return {{}, s};
    e.actions.push_back(rotate_action(dir));
  }
  Action tick = macro_tick(e.state, dir);
  if (apply(e.state, tick).ok) e.actions.push_back(tick);
  return e;
}

void play_macros(const std::vector<const State*>& states, agents::ChildApplier<Traits>& applier,
                 std::vector<std::vector<agents::Expansion<Traits>>>& out) {
  constexpr int kDirs[] = {0, -1, 1};
  // Round 1: both rotates of every state.
  std::vector<State> rotated;
  std::vector<Action> rotates;
  for (const State* s : states) {
    for (int dir : {-1, 1}) {
      rotated.push_back(*s);
      rotates.push_back(rotate_action(dir));
    }
  }
  std::vector<uint8_t> rotate_ok;
  applier.apply_all(rotated, rotates, rotate_ok);
  // Round 2: each macro's tick, after its accepted rotate or from the state itself.
  std::vector<State> ticked;
  std::vector<Action> ticks;
  std::vector<size_t> owner;
  std::vector<int> owner_dir;
  for (size_t i = 0; i < states.size(); ++i) {
    for (int dir : kDirs) {
      const size_t r = 2 * i + (dir == -1 ? 0 : 1);
      if (dir != 0 && !rotate_ok[r]) continue;
      ticked.push_back(dir == 0 ? *states[i] : rotated[r]);
      ticks.push_back(macro_tick(ticked.back(), dir));
      owner.push_back(i);
      owner_dir.push_back(dir);
    }
  }
  std::vector<uint8_t> tick_ok;
  applier.apply_all(ticked, ticks, tick_ok);
  out.assign(states.size(), {});
  for (size_t j = 0; j < ticked.size(); ++j) {
    agents::Expansion<Traits> e{{}, std::move(ticked[j])};  // unchanged when the tick was refused
    if (owner_dir[j] != 0) e.actions.push_back(rotate_action(owner_dir[j]));
    if (tick_ok[j]) e.actions.push_back(ticks[j]);
    if (!e.actions.empty()) out[owner[j]].push_back(std::move(e));
  }
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
