// Counts heap allocations in a benchmark binary (replaces global operator new), so benchmarks can
// report bytes allocated per step. Include from exactly one translation unit.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace gb::bench {
inline std::atomic<size_t> g_alloc_count{0};
inline std::atomic<size_t> g_alloc_bytes{0};
}  // namespace gb::bench

void* operator new(std::size_t n) {
  gb::bench::g_alloc_count.fetch_add(1, std::memory_order_relaxed);
  gb::bench::g_alloc_bytes.fetch_add(n, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
