// Crafted Silkspan positions for the rule tables: a running panel built from rectangles, moths,
// a thread and beetles, with the derived flags and walk rebuilt.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <utility>

#include "core/hash.h"
#include "games/silkspan/traits.h"

namespace gb::silkspan::testing {

// A running panel P with the fresh field, no moths, no beetles, the spinner at (23,35).
inline State running(int64_t panel = 1) {
  State s = init(7);
  s.status = Status::kRunning;
  s.panel = panel;
  s.panels_cleared = panel - 1;
  rebuild_derived(s);
  return s;
}

// Weaves (or darkens) every interior cell of the rectangle x0..x1, y0..y1.
inline void paint(State& s, int x0, int y0, int x1, int y1, bool woven) {
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      if (is_frame(x, y)) continue;
      s.cells[index_of(x, y)] = woven ? kWoven : 0;
    }
  }
}

inline void add_moth(State& s, int x, int y, int dx = 1, int dy = 1) {
  s.moths[s.moth_count++] = Moth{static_cast<int8_t>(x), static_cast<int8_t>(y),
                                 static_cast<int8_t>(dx), static_cast<int8_t>(dy), false};
}

// Sets the live thread (origin first) and puts the spinner on its last cell.
inline void set_thread(State& s, std::initializer_list<std::pair<int, int>> cells) {
  s.thread_len = 0;
  for (auto [x, y] : cells) s.thread[s.thread_len++] = static_cast<uint16_t>(index_of(x, y));
  const int last = s.thread[s.thread_len - 1];
  s.spinner = Cell{static_cast<int8_t>(cell_x(last)), static_cast<int8_t>(cell_y(last))};
}

inline void finish(State& s) {
  rebuild_derived(s);
}

inline std::string encode(const State& s) {
  JsonWriter w;
  Traits::encode_state(s, w);
  return w.take();
}

inline Action tick(int64_t n = 1) {
  return Action{ActionType::kTick, 0, n, true};
}
inline Action heading(int dir) {
  return Action{ActionType::kSetHeading, dir};
}

// Applies an action that must be accepted.
inline void play(State& s, const Action& a) {
  Outcome o = apply(s, a);
  ASSERT_TRUE(o.ok) << o.reason;
}

// Ticks single ticks until the panel tick is a multiple of 4 minus one, so the next tick steps.
inline void align_to_beat(State& s) {
  while ((s.tick + 1) % kStepPeriod != 0) play(s, tick(1));
}

inline int cell_count_woven(const State& s) {
  return woven_interior(s);
}

}  // namespace gb::silkspan::testing
