// Glimfall and Silkspan engine throughput: ticks per second on long seeded random runs, and heap
// bytes allocated per tick. Runs restart with the next seed when they end; the action mix is
// seeded random legal actions without the run-ending ones, so time passes one tick at a time.
#include <benchmark/benchmark.h>

#include "bench/alloc_counter.h"
#include "core/rng.h"
#include "games/glimfall/glimfall.h"
#include "games/silkspan/silkspan.h"

namespace gb {
namespace {

// Plays `bs` iterations of one action each; counts the ticks that accepted tick actions pass.
template <class State, class ActionList, class Init, class Apply, class Legal, class IsEnd,
          class IsOver, class Ticks>
void run_ticks(benchmark::State& bs, Init init, Apply apply, Legal legal, IsEnd is_end,
               IsOver is_over, Ticks ticks_of) {
  uint32_t seed = 1;
  State s = init(seed);
  uint64_t pick = 0;
  int64_t ticks = 0;
  const size_t bytes_before = bench::g_alloc_bytes.load();
  for (auto _ : bs) {
    if (is_over(s)) s = init(++seed);
    ActionList list;
    legal(s, list);
    // Choose among the legal actions that do not end the run; ticks are weighted double.
    uint32_t n = 0;
    for (const auto& a : list) n += is_end(a) ? 0 : 1;
    uint32_t k = below(draw(0x71C5, pick++), n);
    for (const auto& a : list) {
      if (is_end(a)) continue;
      if (k-- == 0) {
        if (apply(s, a).ok) ticks += ticks_of(a);
        break;
      }
    }
    benchmark::DoNotOptimize(s);
  }
  bs.counters["ticks/s"] =
      benchmark::Counter(static_cast<double>(ticks), benchmark::Counter::kIsRate);
  bs.counters["bytes/tick"] = static_cast<double>(bench::g_alloc_bytes.load() - bytes_before) /
                              static_cast<double>(std::max<int64_t>(1, ticks));
}

void BM_GlimfallRandomTicks(benchmark::State& bs) {
  using namespace glimfall;
  run_ticks<State, ActionList>(
      bs, [](uint32_t seed) { return init(seed); },
      [](State& s, const Action& a) { return apply(s, a); },
      [](const State& s, ActionList& l) { legal_actions(s, l); },
      [](const Action&) { return false; }, [](const State& s) { return s.status == Status::kDone; },
      [](const Action& a) { return a.type == ActionType::kTick ? a.count : 0; });
}
BENCHMARK(BM_GlimfallRandomTicks);

void BM_SilkspanRandomTicks(benchmark::State& bs) {
  using namespace silkspan;
  run_ticks<State, ActionList>(
      bs, [](uint32_t seed) { return init(seed); },
      [](State& s, const Action& a) { return apply(s, a); },
      [](const State& s, ActionList& l) { legal_actions(s, l); },
      [](const Action& a) { return a.type == ActionType::kEndRun; },
      [](const State& s) { return s.status == Status::kOver; },
      [](const Action& a) { return a.type == ActionType::kTick ? a.count : 0; });
}
BENCHMARK(BM_SilkspanRandomTicks);

}  // namespace
}  // namespace gb

BENCHMARK_MAIN();
