// Glimfall in fixed shapes: 4 actions, a [5, 4, 12] board (row x bracket) and 24 features.
// Row 0 is the Collar; rows 1..3 are the live ribs, nearest first (as in the observation text).
#pragma once

#include <array>
#include <cstring>
#include <string>
#include <string_view>

#include "encoding.h"
#include "games/glimfall/traits.h"

namespace gb::py {

template <>
struct Encoding<glimfall::Traits> {
  using State = glimfall::State;
  using Action = glimfall::Action;
  static constexpr int kActions = 4;
  static constexpr int kPlanes = 5;
  static constexpr int kHeight = 1 + glimfall::kLiveRibs;
  static constexpr int kWidth = glimfall::kBrackets;
  static constexpr int kShownMotes = 4;
  static constexpr int kFeatures = 24;
  static constexpr std::array<std::string_view, kActions> kActionNames = {"start", "tick",
                                                                          "rotate-1", "rotate+1"};
  static constexpr std::array<std::string_view, kPlanes> kPlaneNames = {"glim", "open", "bright",
                                                                        "beacon", "mote"};
  static constexpr std::array<std::string_view, kFeatures> kFeatureNames = {"status",
                                                                            "tick",
                                                                            "bracket",
                                                                            "turn_lock",
                                                                            "sparks",
                                                                            "blaze",
                                                                            "multiplier",
                                                                            "settle",
                                                                            "blaze_window",
                                                                            "bleed_timer",
                                                                            "reach",
                                                                            "ribs_descended",
                                                                            "score",
                                                                            "rib0_ticks_left",
                                                                            "rib1_ticks_left",
                                                                            "rib2_ticks_left",
                                                                            "rib0_kind",
                                                                            "rib1_kind",
                                                                            "rib2_kind",
                                                                            "mote0_ticks_left",
                                                                            "mote1_ticks_left",
                                                                            "mote2_ticks_left",
                                                                            "mote3_ticks_left",
                                                                            "brackets_reachable"};

  // 0 start, 1 tick (one tick), 2 rotate -1, 3 rotate +1.
  static Action action(int i) {
    switch (i) {
      case 0:
        return glimfall::start_action();
      case 1:
        return glimfall::tick_action(1);
      case 2:
        return glimfall::rotate_action(-1);
      default:
        return glimfall::rotate_action(1);
    }
  }
  // The index of an engine action (any tick count maps to 1), or -1 when it has none.
  static int index_of(const Action& a) {
    switch (a.type) {
      case glimfall::ActionType::kStart:
        return 0;
      case glimfall::ActionType::kTick:
        return 1;
      case glimfall::ActionType::kRotate:
        return a.dir == -1 ? 2 : a.dir == 1 ? 3 : -1;
      default:
        return -1;
    }
  }
  static bool is_tick(int i) { return i == 1; }

  // Board, row 0: plane 0 has 1 on the Glim's bracket. Rows 1..3 (i-th nearest live rib): plane 1
  // has 1 on brackets open on arrival, plane 2 on a split's bright-break brackets, plane 3 on a
  // bloom's beacon bracket. Plane 4, row j (j-th nearest pending mote, j = 0..3): the mote's value
  // / 10 (1 plain, 3 rich) on its bracket. Absent ribs and motes leave their rows at 0.
  static void observe(const State& s, uint8_t* board, int32_t* f) {
    std::memset(board, 0, kPlanes * kHeight * kWidth);
    auto cell = [&](int plane, int row, int b) -> uint8_t& {
      return board[(plane * kHeight + row) * kWidth + b];
    };
    cell(0, 0, s.bracket) = 1;
    f[0] = static_cast<int32_t>(s.status);
    f[1] = saturate(s.tick);
    f[2] = s.bracket;
    f[3] = s.turn_lock;
    f[4] = s.sparks;
    f[5] = s.blaze;
    f[6] = saturate(glimfall::multiplier(s.blaze));
    f[7] = s.settle;
    f[8] = s.blaze_window;
    f[9] = s.bleed_timer;
    f[10] = saturate(s.reach);
    f[11] = saturate(s.ribs_descended);
    f[12] = saturate(s.score);
    // Live ribs nearest first (ascending arriveTick, the order of strip_text), one pass.
    std::array<int, glimfall::kLiveRibs> ribs{};
    const int rib_rows = nearest<glimfall::kLiveRibs>(
        s.rib_count, ribs, [&](int i) { return !s.ribs[i].resolved; },
        [&](int a, int b) { return s.ribs[a].arrive_tick < s.ribs[b].arrive_tick; });
    for (int row = 0; row < glimfall::kLiveRibs; ++row) {
      f[13 + row] = -1;
      f[16 + row] = -1;
      if (row >= rib_rows) continue;
      const glimfall::Rib& r = s.ribs[ribs[row]];
      const glimfall::BracketMask open = glimfall::arrival_open(r);
      // Only a split rib has a bright break (safe_open drops it from the arrival set).
      const glimfall::BracketMask bright =
          r.kind == glimfall::RibKind::kSplit ? open & ~glimfall::safe_open(r) : 0;
      for (int b = 0; b < kWidth; ++b) {
        cell(1, row + 1, b) = (open >> b) & 1u;
        cell(2, row + 1, b) = (bright >> b) & 1u;
      }
      if (r.kind == glimfall::RibKind::kBloom && r.bright_bracket >= 0) {
        cell(3, row + 1, r.bright_bracket) = 1;
      }
      f[13 + row] = saturate(r.arrive_tick - s.tick);
      f[16 + row] = static_cast<int32_t>(r.kind);
    }
    // The nearest four pending motes by (tick, id), one pass.
    std::array<int, kShownMotes> motes{};
    const int mote_rows = nearest<kShownMotes>(
        s.mote_count, motes,
        [&](int i) { return s.motes[i].state == glimfall::MoteState::kPending; },
        [&](int a, int b) {
          const glimfall::Mote& x = s.motes[a];
          const glimfall::Mote& y = s.motes[b];
          return x.tick < y.tick || (x.tick == y.tick && x.id < y.id);
        });
    for (int j = 0; j < kShownMotes; ++j) {
      f[19 + j] = -1;
      if (j >= mote_rows) continue;
      const glimfall::Mote& m = s.motes[motes[j]];
      cell(4, j, m.bracket) = static_cast<uint8_t>(m.value / glimfall::kMotePay);
      f[19 + j] = saturate(m.tick - s.tick);
    }
    f[23] = glimfall::brackets_reachable(s);
  }

  static std::string text(const State& s) { return glimfall::strip_text(s); }

 private:
  // Writes into `out` the indices i < count that pass `keep`, the N smallest by `less`, in
  // ascending order (insertion into a sorted array of at most N); returns how many.
  template <int N, class Keep, class Less>
  static int nearest(int count, std::array<int, N>& out, Keep keep, Less less) {
    int size = 0;
    for (int i = 0; i < count; ++i) {
      if (!keep(i)) continue;
      int at = size < N ? size : N;
      while (at > 0 && less(i, out[at - 1])) --at;
      if (at >= N) continue;
      for (int k = (size < N ? size : N - 1); k > at; --k) out[k] = out[k - 1];
      out[at] = i;
      if (size < N) ++size;
    }
    return size;
  }
};

}  // namespace gb::py
