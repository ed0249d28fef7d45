// The region labelling that claims (SS-33) and the beetles' walk (SS-57) stand on, checked
// against a plain flood fill on many seeded random fields: same count, same numbering (by each
// region's first row-major cell), same sizes, same label for every cell.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>

#include "games/silkspan/traits.h"

namespace gb::silkspan {
namespace {

// The reference: a breadth-first flood from each unlabelled dark cell in row-major order.
int flood_labels(const State& s, std::array<int16_t, kCells>& label,
                 std::array<int16_t, kCells>& size) {
  label.fill(-1);
  std::array<int, kCells> queue;
  int count = 0;
  for (int start = 0; start < kCells; ++start) {
    if ((s.cells[start] & kWoven) || label[start] >= 0) continue;
    int head = 0, tail = 0;
    queue[tail++] = start;
    label[start] = static_cast<int16_t>(count);
    while (head < tail) {
      const int c = queue[head++];
      for (int d = 0; d < 4; ++d) {
        const int nx = cell_x(c) + kDx[d], ny = cell_y(c) + kDy[d];
        if (!in_bounds(nx, ny)) continue;
        const int n = index_of(nx, ny);
        if ((s.cells[n] & kWoven) || label[n] >= 0) continue;
        label[n] = static_cast<int16_t>(count);
        queue[tail++] = n;
      }
    }
    size[count++] = static_cast<int16_t>(tail);
  }
  return count;
}

// A field with the frame woven and each interior cell woven with probability permille/1000,
// drawn from a small LCG so the fields are the same on every run.
State random_field(uint64_t seed, int permille) {
  State s = init(1);
  uint64_t x = seed * 2654435761u + 1;
  for (int y = 1; y < kRows - 1; ++y) {
    for (int c = 1; c < kCols - 1; ++c) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      const bool woven = static_cast<int>((x >> 33) % 1000) < permille;
      s.cells[index_of(c, y)] = woven ? kWoven : 0;
    }
  }
  return s;
}

TEST(SilkspanField, RunLabellingMatchesAFloodFillOnRandomFields_SS33_SS57) {
  int regions_seen = 0;
  for (int permille : {0, 100, 300, 450, 550, 700, 900, 1000}) {
    for (uint64_t seed = 1; seed <= 60; ++seed) {
      const State s = random_field(seed, permille);
      std::array<int16_t, kCells> label, size, want_label, want_size;
      const int count = label_regions(s, label, size);
      ASSERT_EQ(count, flood_labels(s, want_label, want_size)) << permille << " " << seed;
      for (int r = 0; r < count; ++r) ASSERT_EQ(size[r], want_size[r]) << "region " << r;
      ASSERT_EQ(label, want_label) << permille << " " << seed;
      regions_seen += count;
    }
  }
  EXPECT_GT(regions_seen, 1000);  // the fields really are split into many pieces
}

// A U-shaped region whose two arms meet only at the bottom: the arms start as separate runs and
// must end up one region numbered by the left arm's first cell.
TEST(SilkspanField, ArmsJoinedBelowAreOneRegion_SS33) {
  State s = init(1);
  for (int y = 1; y < kRows - 1; ++y) {
    for (int x = 1; x < kCols - 1; ++x) s.cells[index_of(x, y)] = kWoven;
  }
  for (int y = 2; y <= 10; ++y) {
    s.cells[index_of(3, y)] = 0;   // left arm
    s.cells[index_of(20, y)] = 0;  // right arm
  }
  for (int x = 3; x <= 20; ++x) s.cells[index_of(x, 10)] = 0;  // the bottom joins them
  s.cells[index_of(30, 2)] = 0;  // a lone cell to the right of both arms' tops
  std::array<int16_t, kCells> label, size;
  ASSERT_EQ(label_regions(s, label, size), 2);
  EXPECT_EQ(label[index_of(3, 2)], 0);
  EXPECT_EQ(label[index_of(20, 2)], 0);
  EXPECT_EQ(label[index_of(30, 2)], 1);
  EXPECT_EQ(size[0], 9 + 9 + 16);
  EXPECT_EQ(size[1], 1);
}

}  // namespace
}  // namespace gb::silkspan
