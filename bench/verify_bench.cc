// Verifying a planner run against playing it (docs/performance.md, "At a hundred thousand runs"):
// the golden planner runs of tests/golden (seed 2 of each game; Glimfall's is 2000 actions), and
// per game two benchmarks on one thread:
//   BM_Play/<slug>    init(seed) and the engine's apply of each action, already decoded: what
//                     playing the run in process costs;
//   BM_Verify/<slug>  what POST /api/runs pays to verify it: parse the actions' JSON text and
//                     runs::verify_run (decode and check each action, apply, encode and hash the
//                     final state).
// scripts/bench_scale.sh divides the two (target: verifying costs at most 2x playing).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/json_reader.h"
#include "games/glimfall/traits.h"
#include "games/silkspan/traits.h"
#include "games/stormlark/traits.h"
#include "runs/verify.h"

namespace {

// A golden run: its game, seed, actions as compact JSON text and the score it must reach.
struct Golden {
  std::string slug;
  uint32_t seed = 0;
  std::string actions_json;
  int64_t score = 0;
};

// Reads tests/golden/<slug>-planner-2.json; aborts when it is missing or malformed.
Golden read_golden(const std::string& slug) {
  std::ifstream in(std::string(GB_GOLDEN_DIR) + "/" + slug + "-planner-2.json");
  std::stringstream text;
  text << in.rdbuf();
  gb::Issues issues;
  auto root = gb::parse_json(text.str(), issues, gb::kMaxLargeJsonBytes);
  if (!in || !root) {
    std::fprintf(stderr, "verify_bench: cannot read the %s golden run\n", slug.c_str());
    std::abort();
  }
  Golden g;
  g.slug = slug;
  g.seed = static_cast<uint32_t>((*root)["seed"].get_uint64().value());
  g.score = (*root)["score"].get_int64().value();
  g.actions_json = gb::to_compact_json((*root)["actions"]);
  return g;
}

// Parses and verifies `g`; aborts unless it verifies to its golden score.
int64_t verify(const Golden& g) {
  gb::Issues issues;
  auto actions = gb::parse_json(g.actions_json, issues, gb::kMaxLargeJsonBytes);
  if (!actions) std::abort();
  gb::runs::Verification v = gb::runs::verify_run(g.slug, g.seed, *actions);
  if (!v.run || v.run->score != g.score) std::abort();
  return v.run->length;
}

template <class G>
void BM_Play(benchmark::State& state, const std::string& slug) {
  const Golden g = read_golden(slug);
  gb::Issues issues;
  auto list = gb::parse_json(g.actions_json, issues, gb::kMaxLargeJsonBytes);
  std::vector<typename G::Action> actions;
  for (gb::JsonValue item : list->get_array()) actions.push_back(*G::decode_action(item, issues));
  for (auto _ : state) {
    typename G::State s = G::init(g.seed);
    for (const auto& a : actions) {
      if (!G::apply(s, a).ok) std::abort();
    }
    if (G::score(s) != g.score) std::abort();
    benchmark::DoNotOptimize(s);
  }
  state.counters["actions"] = static_cast<double>(actions.size());
}

void BM_Verify(benchmark::State& state, const std::string& slug) {
  const Golden g = read_golden(slug);
  int64_t length = 0;
  for (auto _ : state) length = verify(g);
  state.counters["actions"] = static_cast<double>(length);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::RegisterBenchmark("BM_Play/stormlark", BM_Play<gb::stormlark::Traits>, "stormlark");
  benchmark::RegisterBenchmark("BM_Verify/stormlark", BM_Verify, "stormlark");
  benchmark::RegisterBenchmark("BM_Play/glimfall", BM_Play<gb::glimfall::Traits>, "glimfall");
  benchmark::RegisterBenchmark("BM_Verify/glimfall", BM_Verify, "glimfall");
  benchmark::RegisterBenchmark("BM_Play/silkspan", BM_Play<gb::silkspan::Traits>, "silkspan");
  benchmark::RegisterBenchmark("BM_Verify/silkspan", BM_Verify, "silkspan");
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
