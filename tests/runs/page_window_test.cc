// Where a board page is read (store/rows.h, page_window): from the top of the board's index
// unless fewer entries lie below the page than above it, and then from the bottom, with the
// limit and offset of the reverse read. Cases computed by hand.
#include <gtest/gtest.h>

#include <tuple>

#include "store/rows.h"

namespace gb::store {
namespace {

std::tuple<bool, int64_t, int64_t> window(int64_t total, int64_t limit, int64_t offset) {
  PageWindow w = page_window(total, limit, offset);
  return {w.from_bottom, w.limit, w.offset};
}

TEST(PageWindow, PagesInTheUpperHalfAreReadFromTheTop) {
  EXPECT_EQ(window(100, 20, 0), std::make_tuple(false, 20, 0));
  // 40 entries above the page and 40 below: the top, skipping as many.
  EXPECT_EQ(window(100, 20, 40), std::make_tuple(false, 20, 40));
  // A board shorter than a page, and an empty board.
  EXPECT_EQ(window(10, 20, 0), std::make_tuple(false, 20, 0));
  EXPECT_EQ(window(0, 20, 0), std::make_tuple(false, 20, 0));
}

TEST(PageWindow, PagesInTheLowerHalfAreReadFromTheBottom) {
  // 41 above, 39 below: skip the 39 from the bottom.
  EXPECT_EQ(window(100, 20, 41), std::make_tuple(true, 20, 39));
  // The last 20 of 5,000 skip nothing.
  EXPECT_EQ(window(5000, 20, 4980), std::make_tuple(true, 20, 0));
  // A last page that is not full holds the 3 entries left.
  EXPECT_EQ(window(10, 7, 7), std::make_tuple(true, 3, 0));
}

TEST(PageWindow, PagesPastTheEndReadNothing) {
  EXPECT_EQ(window(10, 7, 10), std::make_tuple(true, 0, 0));
  EXPECT_EQ(window(10, 7, 15), std::make_tuple(true, 0, 0));
}

}  // namespace
}  // namespace gb::store
