// Panel layout (SS-02, SS-115): the fresh field and the seeded placement of moths and beetles.
#include <algorithm>
#include <cstdlib>

#include "core/rng.h"
#include "games/silkspan/silkspan.h"

namespace gb::silkspan {
namespace {

constexpr int kMothSpawnDistance = 12;  // Manhattan distance kept from the spinner when possible
constexpr std::array<int8_t, 4> kDiagX = {1, 1, -1, -1};
constexpr std::array<int8_t, 4> kDiagY = {1, -1, 1, -1};

// Resets the grid to the frame woven and the interior dark, with no thread or moth flags.
void lay_field(State& s) {
  for (int i = 0; i < kCells; ++i) {
    s.cells[i] = is_frame(cell_x(i), cell_y(i)) ? kWoven : 0;
  }
}

// True when a moth may be placed at interior cell i (dark, free, and far enough if `far`).
bool moth_spot(const State& s, int i, bool far) {
  if (s.cells[i] != 0) return false;
  const int dist = std::abs(cell_x(i) - s.spinner.x) + std::abs(cell_y(i) - s.spinner.y);
  return !far || dist >= kMothSpawnDistance;
}

// Places one moth on the k-th eligible cell (row-major), k drawn uniformly; then draws its course.
void place_moth(State& s, RngCursor& rng) {
  bool far = true;
  int eligible = 0;
  for (int i = 0; i < kCells; ++i) eligible += moth_spot(s, i, far) ? 1 : 0;
  if (eligible == 0) {
    far = false;
    for (int i = 0; i < kCells; ++i) eligible += moth_spot(s, i, far) ? 1 : 0;
  }
  const uint32_t k = rng.below(static_cast<uint32_t>(std::max(1, eligible)));
  const uint32_t course = rng.below(4);
  if (eligible == 0) return;  // the field is full: no room for this moth
  int seen = 0;
  for (int i = 0; i < kCells; ++i) {
    if (!moth_spot(s, i, far)) continue;
    if (static_cast<uint32_t>(seen++) != k) continue;
    Moth& m = s.moths[s.moth_count++];
    m = Moth{static_cast<int8_t>(cell_x(i)), static_cast<int8_t>(cell_y(i)), kDiagX[course],
             kDiagY[course], false};
    s.cells[i] |= kMoth;
    return;
  }
}

// Spreads the beetles evenly over the top edge of the walk from a drawn offset, each one's
// direction drawn fair.
void place_beetles(State& s, int count, RngCursor& rng) {
  constexpr int kTopEdge = kCols - 2;  // walk indices 0..45 are the top frame cells x 1..46
  const int offset = static_cast<int>(rng.below(kTopEdge));
  s.beetle_count = static_cast<int8_t>(std::min(count, kMaxBeetles));
  for (int i = 0; i < s.beetle_count; ++i) {
    Beetle& b = s.beetles[i];
    b.walk_index = static_cast<int16_t>((offset + i * kTopEdge / s.beetle_count) % kTopEdge);
    b.x = static_cast<int8_t>(cell_x(s.walk[b.walk_index]));
    b.y = static_cast<int8_t>(cell_y(s.walk[b.walk_index]));
    b.clockwise = rng.chance(500);
  }
}

}  // namespace

State init(uint32_t seed) {
  State s;
  s.seed = seed;
  lay_field(s);
  compute_walk(s);
  return s;
}

void open_panel(State& s) {
  const Difficulty d = difficulty(s.panel);
  lay_field(s);
  s.tick = 0;
  s.spinner = Cell{kStartX, kStartY};
  s.heading = -1;
  s.invulnerable = 0;
  s.still = 0;
  s.panel_flawless = true;
  s.spark = Spark{};
  // The slots past each count stay empty, so that equal games compare equal.
  s.thread.fill(0);
  s.thread_len = 0;
  s.moths.fill(Moth{});
  s.moth_count = 0;
  s.beetles.fill(Beetle{});
  s.beetle_count = 0;
  compute_walk(s);
  RngCursor rng(s.seed, s.rng_state);
  const int64_t moths = std::min<int64_t>(d.moths, kMaxMoths);
  for (int64_t i = 0; i < moths; ++i) place_moth(s, rng);
  place_beetles(s, d.beetles, rng);
  s.rng_state %= kRngModulus;
}

}  // namespace gb::silkspan
