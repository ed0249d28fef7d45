// Stormlark engine throughput: scrolling turns per second on long seeded runs, and heap bytes
// allocated per turn (the engine aims for none).
#include <benchmark/benchmark.h>

#include "bench/alloc_counter.h"
#include "core/rng.h"
#include "games/stormlark/stormlark.h"

namespace gb::stormlark {
namespace {

// Plays seeded random legal actions (never END_RUN), taking NEXT_REACH at every Gate and starting
// a new run with the next seed when one ends.
void BM_StormlarkRandomTurns(benchmark::State& bs) {
  uint32_t seed = 1;
  State s = init(seed);
  uint64_t pick = 0;
  int64_t turns = 0;
  size_t allocs_before = bench::g_alloc_bytes.load();
  for (auto _ : bs) {
    if (s.phase == Phase::kOver) s = init(++seed);
    if (s.phase == Phase::kReachClear) {
      apply(s, Action{ActionType::kNextReach});
      continue;
    }
    ActionList legal;
    legal_actions(s, legal);
    Action a = legal.items[below(draw(0xBE7C4, pick++), legal.size - 1u)];
    apply(s, a);
    ++turns;
    benchmark::DoNotOptimize(s.score);
  }
  bs.counters["turns/s"] =
      benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
  bs.counters["bytes/turn"] =
      static_cast<double>(bench::g_alloc_bytes.load() - allocs_before) / static_cast<double>(turns);
}
BENCHMARK(BM_StormlarkRandomTurns);

// A deep run: the reach is raised to 13 so walls, wardens and repairs are all in play.
void BM_StormlarkReach13Turns(benchmark::State& bs) {
  uint32_t seed = 1;
  auto fresh = [&] {
    State s = init(seed++);
    s.reach = 13;
    return s;
  };
  State s = fresh();
  uint64_t pick = 0;
  int64_t turns = 0;
  size_t allocs_before = bench::g_alloc_bytes.load();
  for (auto _ : bs) {
    if (s.phase != Phase::kFlying) {
      s = fresh();
      continue;
    }
    ActionList legal;
    legal_actions(s, legal);
    apply(s, legal.items[below(draw(0x5EED, pick++), legal.size - 1u)]);
    ++turns;
  }
  bs.counters["turns/s"] =
      benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
  bs.counters["bytes/turn"] =
      static_cast<double>(bench::g_alloc_bytes.load() - allocs_before) / static_cast<double>(turns);
}
BENCHMARK(BM_StormlarkReach13Turns);

}  // namespace
}  // namespace gb::stormlark

BENCHMARK_MAIN();
