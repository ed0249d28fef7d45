// The field's geometry: dark regions, the beetles' border walk, border cells, step verdicts.
#include <algorithm>
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

namespace {

// A horizontal run of dark cells [x0, x1) in row y, and its union-find parent (a run index).
struct Run {
  int16_t y, x0, x1, parent;
};

// The root of run r's set, halving the path as it goes.
int find_root(std::array<Run, kCells>& runs, int r) {
  while (runs[r].parent != r) {
    runs[r].parent = runs[runs[r].parent].parent;
    r = runs[r].parent;
  }
  return r;
}

// Joins the sets of runs a and b under the earlier run, so a set's root is its first run in
// row-major order (the one holding the region's first cell).
void join(std::array<Run, kCells>& runs, int a, int b) {
  a = find_root(runs, a);
  b = find_root(runs, b);
  if (a == b) return;
  if (a < b) {
    runs[b].parent = static_cast<int16_t>(a);
  } else {
    runs[a].parent = static_cast<int16_t>(b);
  }
}

}  // namespace

// Labels runs rather than cells: a row holds a few runs, and two runs in neighbouring rows touch
// when they share a column. Numbering roots in run order numbers regions by their first cell.
int label_regions(const State& s, std::array<int16_t, kCells>& label,
                  std::array<int16_t, kCells>& size) {
  std::array<Run, kCells> runs;
  int count_runs = 0;
  int prev_first = 0;  // the runs of the row above are [prev_first, row_first)
  for (int y = 0; y < kRows; ++y) {
    const int row_first = count_runs;
    const uint8_t* row = &s.cells[index_of(0, y)];
    for (int x = 0; x < kCols;) {
      if (row[x] & kWoven) {
        ++x;
        continue;
      }
      const int x0 = x;
      while (x < kCols && !(row[x] & kWoven)) ++x;
      const int r = count_runs++;
      runs[r] = Run{static_cast<int16_t>(y), static_cast<int16_t>(x0), static_cast<int16_t>(x),
                    static_cast<int16_t>(r)};
      for (int p = prev_first; p < row_first; ++p) {
        if (runs[p].x0 < x && x0 < runs[p].x1) join(runs, r, p);
      }
    }
    prev_first = row_first;
  }
  std::array<int16_t, kCells> run_label;
  int16_t count = 0;
  label.fill(-1);
  for (int r = 0; r < count_runs; ++r) {
    const int root = find_root(runs, r);
    if (root == r) {
      run_label[r] = count;
      size[count++] = 0;
    }
    const int16_t l = run_label[r] = run_label[root];
    size[l] = static_cast<int16_t>(size[l] + runs[r].x1 - runs[r].x0);
    int16_t* cell = &label[index_of(runs[r].x0, runs[r].y)];
    std::fill(cell, cell + (runs[r].x1 - runs[r].x0), l);
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
  std::fill(s.walk.begin(), s.walk.begin() + s.walk_len, uint16_t{0});  // equal games compare equal
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
