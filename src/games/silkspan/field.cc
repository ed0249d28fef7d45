// The field's geometry: dark regions, the beetles' border walk, border cells, step verdicts.
#include <cstdlib>

#include "games/silkspan/silkspan.h"

namespace gb::silkspan {

int woven_interior(const State& s) {
  int w = 0;
  for (int y = 1; y < kRows - 1; ++y) {
    for (int x = 1; x < kCols - 1; ++x) w += (s.cells[index_of(x, y)] & kWoven) ? 1 : 0;
  }
  return w;
}

// Assumes the frame is woven (the engine keeps it so and decoding checks it), so every dark cell
// is interior and its four neighbours are in bounds: the flood steps by index offsets alone.
int label_regions(const State& s, std::array<int16_t, kCells>& label,
                  std::array<int16_t, kCells>& size) {
  static constexpr std::array<int, 4> kOffsets = {-kCols, 1, kCols, -1};  // kDx/kDy order
  std::array<int16_t, kCells> queue;
  label.fill(-1);
  int16_t count = 0;
  for (int start = 0; start < kCells; ++start) {
    if ((s.cells[start] & kWoven) || label[start] >= 0) continue;
    int head = 0, tail = 0;
    queue[tail++] = static_cast<int16_t>(start);
    label[start] = count;
    while (head < tail) {
      const int c = queue[head++];
      for (int offset : kOffsets) {
        const int n = c + offset;
        if ((s.cells[n] & kWoven) || label[n] >= 0) continue;
        label[n] = count;
        queue[tail++] = static_cast<int16_t>(n);
      }
    }
    size[count] = static_cast<int16_t>(tail);
    ++count;
  }
  return count;
}

// Traces the outer boundary of region `r` clockwise (screen view, y down) edge by edge, starting
// on the top edge of its first row-major cell. An edge is (region cell, side facing out); the
// walk is the sequence of the cells across those edges, consecutive repeats dropped. Holes are
// not visited; a pinch is visited once per pass, so a cell may appear more than once.
void compute_walk(State& s) {
  std::array<int16_t, kCells> label, size;
  const int regions = label_regions(s, label, size);
  s.walk_len = 0;
  if (regions == 0) return;
  int best = 0;
  for (int r = 1; r < regions; ++r) {
    if (size[r] > size[best]) best = r;  // ties keep the lower label: the earlier first cell
  }
  int first = 0;
  while (label[first] != best) ++first;
  auto inside = [&](int x, int y) { return in_bounds(x, y) && label[index_of(x, y)] == best; };
  int cx = cell_x(first), cy = cell_y(first), side = 0;
  const int sx = cx, sy = cy;
  do {
    const int out = index_of(cx + kDx[side], cy + kDy[side]);
    if (s.walk_len == 0 || s.walk[s.walk_len - 1] != out) {
      s.walk[s.walk_len++] = static_cast<uint16_t>(out);
    }
    const int along = (side + 1) % 4;
    const int ax = cx + kDx[along], ay = cy + kDy[along];
    if (!inside(ax, ay)) {
      side = along;  // convex corner: turn around this cell
    } else if (inside(ax + kDx[side], ay + kDy[side])) {
      cx = ax + kDx[side];  // concave corner: step diagonally, turn the other way
      cy = ay + kDy[side];
      side = (side + 3) % 4;
    } else {
      cx = ax;  // straight on
      cy = ay;
    }
  } while (cx != sx || cy != sy || side != 0);
  if (s.walk_len > 1 && s.walk[s.walk_len - 1] == s.walk[0]) --s.walk_len;
}

void rebuild_derived(State& s) {
  for (uint8_t& c : s.cells) c &= kWoven;
  for (int i = 0; i < s.thread_len; ++i) s.cells[s.thread[i]] |= kThread;
  for (int i = 0; i < s.moth_count; ++i) s.cells[index_of(s.moths[i].x, s.moths[i].y)] |= kMoth;
  compute_walk(s);
}

int nearest_border_cell(const State& s, int x, int y) {
  int best = -1, best_dist = 1 << 30;
  for (int i = 0; i < kCells; ++i) {
    if (!(s.cells[i] & kWoven)) continue;
    bool touches_dark = false;
    for (int d = 0; d < 4; ++d) {
      const int nx = cell_x(i) + kDx[d], ny = cell_y(i) + kDy[d];
      touches_dark = touches_dark || (in_bounds(nx, ny) && !(s.cells[index_of(nx, ny)] & kWoven));
    }
    if (!touches_dark) continue;
    const int dist = std::abs(cell_x(i) - x) + std::abs(cell_y(i) - y);
    if (dist < best_dist) {
      best_dist = dist;
      best = i;
    }
  }
  return best;
}

namespace {

// SS-28 / SS-134: the step goes straight back to the thread cell the spinner just left.
bool reverses_last_step(const State& s, int target) {
  return s.thread_len >= 2 && s.thread[s.thread_len - 2] == target;
}

// SS-29: the target touches (orthogonally) a thread cell other than the spinner's own.
bool touches_earlier_thread(const State& s, int tx, int ty) {
  const int current = s.thread[s.thread_len - 1];
  for (int d = 0; d < 4; ++d) {
    const int nx = tx + kDx[d], ny = ty + kDy[d];
    if (!in_bounds(nx, ny)) continue;
    const int n = index_of(nx, ny);
    if (n != current && (s.cells[n] & kThread)) return true;
  }
  return false;
}

}  // namespace

StepKind classify_step(const State& s, int dir) {
  const int tx = s.spinner.x + kDx[dir], ty = s.spinner.y + kDy[dir];
  if (!in_bounds(tx, ty)) return StepKind::kOffGrid;
  const int t = index_of(tx, ty);
  const uint8_t flags = s.cells[t];
  if (!weaving(s)) {
    if (flags & kWoven) return StepKind::kWalk;
    return (flags & kMoth) ? StepKind::kIntoMoth : StepKind::kStartWeave;
  }
  if (flags & kWoven) return StepKind::kClose;                       // SS-26
  if (flags & kThread) return StepKind::kRefused;                    // SS-27
  if (reverses_last_step(s, t)) return StepKind::kRefused;           // SS-28
  if (touches_earlier_thread(s, tx, ty)) return StepKind::kRefused;  // SS-29
  return (flags & kMoth) ? StepKind::kIntoMoth : StepKind::kExtend;
}

bool heading_moves(const State& s, int dir) {
  const StepKind k = classify_step(s, dir);
  return k == StepKind::kWalk || k == StepKind::kStartWeave || k == StepKind::kExtend ||
         k == StepKind::kClose;
}

}  // namespace gb::silkspan
