// Helpers shared by the Glimfall tests: crafted running states, JSON round trips, one-liners.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "games/glimfall/traits.h"

namespace gb::glimfall::testing {

// Returns `s` encoded as JSON.
inline std::string encode(const State& s) {
  JsonWriter w;
  Traits::encode_state(s, w);
  return w.take();
}

// Decodes `json` as a state; on refusal returns false and the first issue in `first_issue`.
inline bool decode(const std::string& json, State& out, std::string* first_issue = nullptr) {
  Issues issues;
  auto v = parse_json(json, issues);
  if (!v) return false;
  bool ok = Traits::decode_state(*v, out, issues);
  if (!ok && first_issue && !issues.list().empty()) *first_issue = issues.list()[0];
  return ok;
}

// Marks every pending mote due at or before `t` as missed and sets tick to `t`, so the crafted
// state stays valid.
inline void jump_to(State& s, int64_t t) {
  s.tick = t;
  for (int i = 0; i < s.mote_count; ++i) {
    if (s.motes[i].state == MoteState::kPending && s.motes[i].tick <= t) {
      s.motes[i].state = MoteState::kMissed;
    }
  }
}

// A running state one tick before rib 0 arrives, with no mote due on that tick.
inline State before_first_arrival(uint32_t seed = 7) {
  State s = init(seed);
  s.status = Status::kRunning;
  jump_to(s, s.ribs[0].arrive_tick - 1);
  return s;
}

// Reshapes rib i into a plain rib whose single open bracket is `open`.
inline void make_plain(Rib& r, int open, int width = 1) {
  r.kind = RibKind::kPlain;
  r.gap_start = static_cast<int8_t>(open);
  r.gap_w = static_cast<int8_t>(width);
  r.turn_dir = -1;
  r.turn_every = -1;
  r.gap2_start = -1;
  r.bright_bracket = -1;
}

inline void make_split(Rib& r, int wide_start, int wide_w, int bright) {
  make_plain(r, wide_start, wide_w);
  r.kind = RibKind::kSplit;
  r.gap2_start = static_cast<int8_t>(bright);
}

inline void make_bloom(Rib& r, int beacon) {
  make_plain(r, 0);
  r.kind = RibKind::kBloom;
  r.gap_start = -1;
  r.gap_w = -1;
  r.bright_bracket = static_cast<int8_t>(beacon);
}

// Appends a pending mote (id above every other) at (bracket, tick).
inline void add_mote(State& s, int bracket, int64_t tick, int value = kMotePay) {
  int64_t id = s.mote_count > 0 ? s.motes[s.mote_count - 1].id + 1 : 0;
  s.motes[s.mote_count++] =
      Mote{id, static_cast<int8_t>(bracket), tick, static_cast<int8_t>(value), MoteState::kPending};
}

// Runs `n` single ticks through apply.
inline void ticks(State& s, int n) {
  for (int i = 0; i < n; ++i) apply(s, tick_action());
}

inline int count_events(const State& s, EventType type) {
  int n = 0;
  for (int i = 0; i < s.event_count; ++i) n += s.events[i].type == type;
  return n;
}

// The first stone bracket of a rib's arrival set.
inline int stone_of(const Rib& r) {
  for (int b = 0; b < kBrackets; ++b) {
    if (!((arrival_open(r) >> b) & 1u)) return b;
  }
  return -1;
}

}  // namespace gb::glimfall::testing

namespace gb::glimfall::testing {

// A simple deterministic player: heads for the nearest open bracket of the nearest live rib
// (the bright break or beacon when it is free to), one step whenever the ratchet allows.
inline Action bot_action(const State& s) {
  if (s.status == Status::kWaiting) return start_action();
  const int i = nearest_live_rib(s);
  if (s.turn_lock > 0 || i < 0) return tick_action();
  const Rib& r = s.ribs[i];
  const BracketMask open = arrival_open(r);
  int target = -1;
  for (int b = 0; b < kBrackets; ++b) {
    if (((open >> b) & 1u) &&
        (target < 0 || angular_distance(s.bracket, b) < angular_distance(s.bracket, target))) {
      target = b;
    }
  }
  if (r.kind == RibKind::kSplit) target = r.gap2_start;
  if (r.kind == RibKind::kBloom) target = r.bright_bracket;
  if (target == s.bracket || target < 0) return tick_action();
  return rotate_action(wrap_bracket(target - s.bracket) <= 6 ? 1 : -1);
}

// Plays the bot from init for up to `max_ticks` ticks (or until done).
inline State bot_run(uint32_t seed, int64_t max_ticks) {
  State s = init(seed);
  while (s.status != Status::kDone && s.tick < max_ticks) apply(s, bot_action(s));
  return s;
}

}  // namespace gb::glimfall::testing
