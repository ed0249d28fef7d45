// The hot path allocates nothing: ticks, rotates and refusals run on the fixed-capacity State.
// The whole binary's operator new is counted; the count must not move while the engine steps.
#include <atomic>
#include <cstdlib>
#include <new>

#include "glimfall/support.h"

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

// AddressSanitizer owns operator new itself, so the counting replacement is left out there.
#if !defined(__SANITIZE_ADDRESS__)
#define GB_COUNT_ALLOCATIONS 1
void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
#endif

namespace gb::glimfall {
namespace {

using namespace testing;

TEST(GlimfallHotPath, TicksAllocateNothing) {
#if !defined(GB_COUNT_ALLOCATIONS)
  GTEST_SKIP() << "allocation counting is off under AddressSanitizer";
#endif
  State s = init(3);
  apply(s, start_action());
  const long before = g_allocations.load();
  for (int i = 0; i < 20000 && s.status == Status::kRunning; ++i) {
    apply(s, bot_action(s));
    if (i % 500 == 0) apply(s, tick_action(30));
    State copy = s;
    apply(copy, start_action());  // a refusal
  }
  EXPECT_EQ(g_allocations.load(), before);
  const std::string text = strip_text(s);  // the counter does see allocations
  EXPECT_GT(g_allocations.load(), before);
  EXPECT_GT(s.tick, 1000);
}

}  // namespace
}  // namespace gb::glimfall
