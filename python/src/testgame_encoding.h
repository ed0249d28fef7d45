// Testgame in fixed shapes (a game for tests only): 6 actions, a [1, 1, 30] board and 5 features.
#pragma once

#include <array>
#include <cstring>
#include <string>
#include <string_view>

#include "encoding.h"
#include "games/testgame/traits.h"

namespace gb::py {

template <>
struct Encoding<testgame::Traits> {
  using State = testgame::State;
  using Action = testgame::Action;
  static constexpr int kActions = 6;
  static constexpr int kPlanes = 1;
  static constexpr int kHeight = 1;
  static constexpr int kWidth = static_cast<int>(testgame::kMaxPile);
  static constexpr int kFeatures = 5;
  static constexpr std::array<std::string_view, kActions> kActionNames = {
      "start", "take_1", "take_2", "take_3", "tick", "endRun"};
  static constexpr std::array<std::string_view, kPlanes> kPlaneNames = {"pebble"};
  static constexpr std::array<std::string_view, kFeatures> kFeatureNames = {"pile", "turn", "score",
                                                                            "started", "over"};

  // Index 0 is start, 1..3 take 1..3 pebbles, 4 is one tick, 5 is endRun.
  static Action action(int i) {
    using testgame::ActionType;
    if (i == 0) return Action{ActionType::kStart, 0, false};
    if (i <= 3) return Action{ActionType::kTake, i, true};
    if (i == 4) return Action{ActionType::kTick, 1, false};
    return Action{ActionType::kEndRun, 0, false};
  }
  // The index of an engine action (every tick maps to 4).
  static int index_of(const Action& a) {
    using testgame::ActionType;
    switch (a.type) {
      case ActionType::kStart:
        return 0;
      case ActionType::kTake:
        return static_cast<int>(a.count);
      case ActionType::kTick:
        return 4;
      case ActionType::kEndRun:
        return 5;
    }
    return -1;
  }
  static bool is_tick(int i) { return i == 4; }

  // Plane 0: 1 on each cell below the pile's size. Features: pile, turn, score, started, over.
  static void observe(const State& s, uint8_t* board, int32_t* f) {
    std::memset(board, 0, kPlanes * kHeight * kWidth);
    for (int64_t i = 0; i < s.pile; ++i) board[i] = 1;
    f[0] = saturate(s.pile);
    f[1] = saturate(s.turn);
    f[2] = saturate(s.score);
    f[3] = s.started ? 1 : 0;
    f[4] = s.over ? 1 : 0;
  }

  static std::string text(const State& s) { return testgame::board_text(s); }
};

}  // namespace gb::py
