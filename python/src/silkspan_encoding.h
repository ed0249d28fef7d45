// Silkspan in fixed shapes: 9 actions, an [8, 36, 48] board (row y x column x) and 20 features.
#pragma once

#include <array>
#include <cstring>
#include <string>
#include <string_view>

#include "encoding.h"
#include "games/silkspan/traits.h"

namespace gb::py {

template <>
struct Encoding<silkspan::Traits> {
  using State = silkspan::State;
  using Action = silkspan::Action;
  using Type = silkspan::ActionType;
  static constexpr int kActions = 9;
  static constexpr int kPlanes = 8;
  static constexpr int kHeight = silkspan::kRows;
  static constexpr int kWidth = silkspan::kCols;
  static constexpr int kFeatures = 20;
  static constexpr std::array<std::string_view, kActions> kActionNames = {
      "start",           "tick",
      "setHeading:up",   "setHeading:right",
      "setHeading:down", "setHeading:left",
      "release",         "nextStage",
      "endRun"};
  static constexpr std::array<std::string_view, kPlanes> kPlaneNames = {
      "woven", "thread", "spark", "moth", "moth_right", "moth_down", "beetle", "spinner"};
  static constexpr std::array<std::string_view, kFeatures> kFeatureNames = {
      "status",         "panel",        "tick",        "score",          "spools",
      "heading",        "invulnerable", "still",       "panels_cleared", "flawless_panels",
      "panel_flawless", "thread_len",   "moth_count",  "beetle_count",   "woven_interior",
      "target_pct",     "spark_lit",    "spark_index", "spinner_x",      "spinner_y"};

  // 0 start, 1 tick (one tick, no count), 2..5 setHeading 0..3 (up, right, down, left),
  // 6 release, 7 nextStage, 8 endRun.
  static Action action(int i) {
    if (i >= 2 && i <= 5) return Action{Type::kSetHeading, i - 2};
    static constexpr std::array<Type, kActions> kTypes = {
        Type::kStart,      Type::kTick,    Type::kSetHeading, Type::kSetHeading, Type::kSetHeading,
        Type::kSetHeading, Type::kRelease, Type::kNextStage,  Type::kEndRun};
    return Action{kTypes[i]};
  }
  // The index of an engine action (any tick count maps to 1), or -1 when it has none.
  static int index_of(const Action& a) {
    switch (a.type) {
      case Type::kStart:
        return 0;
      case Type::kTick:
        return 1;
      case Type::kSetHeading:
        return a.dir >= 0 && a.dir <= 3 ? 2 + static_cast<int>(a.dir) : -1;
      case Type::kRelease:
        return 6;
      case Type::kNextStage:
        return 7;
      case Type::kEndRun:
        return 8;
      default:
        return -1;
    }
  }
  static bool is_tick(int i) { return i == 1; }

  // Planes (1 where true): 0 woven, 1 live thread, 2 lit spark, 3 moth, 4 moth moving right
  // (dx +1), 5 moth moving down (dy +1), 6 beetle, 7 spinner.
  static void observe(const State& s, uint8_t* board, int32_t* f) {
    constexpr int kPlane = kHeight * kWidth;
    std::memset(board, 0, kPlanes * kPlane);
    for (int i = 0; i < silkspan::kCells; ++i) {
      const uint8_t c = s.cells[i];
      board[i] = c & silkspan::kWoven;
      board[kPlane + i] = (c & silkspan::kThread) ? 1 : 0;
    }
    if (s.spark.lit && s.spark.index < s.thread_len)
      board[2 * kPlane + s.thread[s.spark.index]] = 1;
    for (int i = 0; i < s.moth_count; ++i) {
      const silkspan::Moth& m = s.moths[i];
      const int at = silkspan::index_of(m.x, m.y);
      board[3 * kPlane + at] = 1;
      if (m.dx > 0) board[4 * kPlane + at] = 1;
      if (m.dy > 0) board[5 * kPlane + at] = 1;
    }
    for (int i = 0; i < s.beetle_count; ++i) {
      board[6 * kPlane + silkspan::index_of(s.beetles[i].x, s.beetles[i].y)] = 1;
    }
    board[7 * kPlane + silkspan::index_of(s.spinner.x, s.spinner.y)] = 1;
    f[0] = static_cast<int32_t>(s.status);
    f[1] = saturate(s.panel);
    f[2] = saturate(s.tick);
    f[3] = saturate(s.score);
    f[4] = s.spools;
    f[5] = s.heading;
    f[6] = s.invulnerable;
    f[7] = saturate(s.still);
    f[8] = saturate(s.panels_cleared);
    f[9] = saturate(s.flawless_panels);
    f[10] = s.panel_flawless ? 1 : 0;
    f[11] = s.thread_len;
    f[12] = s.moth_count;
    f[13] = s.beetle_count;
    f[14] = silkspan::woven_interior(s);
    f[15] = silkspan::difficulty(s.panel).target_pct;
    f[16] = s.spark.lit ? 1 : 0;
    f[17] = s.spark.lit ? s.spark.index : -1;
    f[18] = s.spinner.x;
    f[19] = s.spinner.y;
  }

  static std::string text(const State& s) { return silkspan::field_text(s); }
};

}  // namespace gb::py
