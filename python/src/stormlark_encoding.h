// Stormlark in fixed shapes: 6 actions, a [12, 7, 10] board (lane x column) and 10 features.
#pragma once

#include <array>
#include <cstring>
#include <string>
#include <string_view>

#include "encoding.h"
#include "games/stormlark/traits.h"

namespace gb::py {

template <>
struct Encoding<stormlark::Traits> {
  using State = stormlark::State;
  using Action = stormlark::Action;
  static constexpr int kActions = 6;
  static constexpr int kPlanes = 12;
  static constexpr int kHeight = stormlark::kLanes;
  static constexpr int kWidth = stormlark::kCols;
  static constexpr int kFeatures = 10;
  static constexpr std::array<std::string_view, kActions> kActionNames = {
      "UP", "DOWN", "FIRE", "VENT", "NEXT_REACH", "END_RUN"};
  static constexpr std::array<std::string_view, kPlanes> kPlaneNames = {
      "ship",   "crag",   "knot", "drifter", "rimeshell", "sparker",
      "warden", "squall", "mote", "gate",    "drifts_up", "drifts_down"};
  static constexpr std::array<std::string_view, kFeatures> kFeatureNames = {
      "phase", "reach", "ship_lane", "hull",          "charge",
      "chain", "score", "turn",      "columns_drawn", "reach_flawless"};

  // Action index i is the grammar's i-th type (UP, DOWN, FIRE, VENT, NEXT_REACH, END_RUN).
  static Action action(int i) { return Action{static_cast<stormlark::ActionType>(i)}; }
  // The index of an engine action, or -1 when it has none.
  static int index_of(const Action& a) {
    const int t = static_cast<int>(a.type);
    return t < kActions ? t : -1;
  }
  // Stormlark has no tick: ticks_per_step never repeats an action.
  static bool is_tick(int) { return false; }

  // Plane 0: 1 on the ship's cell. Planes 1..9: one per entity kind (crag .. gate) holding the
  // entity's hp (>= 1) on its cell. Planes 10/11: 1 on a drifter moving up (drift -1) / down.
  static void observe(const State& s, uint8_t* board, int32_t* f) {
    std::memset(board, 0, kPlanes * kHeight * kWidth);
    auto cell = [&](int plane, int lane, int col) -> uint8_t& {
      return board[(plane * kHeight + lane) * kWidth + col];
    };
    cell(0, s.ship_lane, 0) = 1;
    for (int i = 0; i < s.count; ++i) {
      const stormlark::Entity& e = s.entities[i];
      cell(1 + static_cast<int>(e.kind), e.lane, e.col) = static_cast<uint8_t>(e.hp);
      if (e.drift < 0) cell(10, e.lane, e.col) = 1;
      if (e.drift > 0) cell(11, e.lane, e.col) = 1;
    }
    f[0] = static_cast<int32_t>(s.phase);
    f[1] = saturate(s.reach);
    f[2] = s.ship_lane;
    f[3] = s.hull;
    f[4] = s.charge;
    f[5] = saturate(s.chain);
    f[6] = saturate(s.score);
    f[7] = saturate(s.turn);
    f[8] = s.columns_drawn;
    f[9] = s.reach_flawless ? 1 : 0;
  }

  static std::string text(const State& s) { return stormlark::board_text(s); }
};

}  // namespace gb::py
