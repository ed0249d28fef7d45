// Plays many runs on a pool of threads. Each worker takes the next seed index from a shared
// counter and writes its result into that seed's slot, so the results come back ordered by seed
// and identical whatever the number of jobs.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "harness/game_agents.h"

namespace gb::harness {

struct EvalJob {
  const GameAgents* game = nullptr;
  RunSettings settings;
  std::vector<uint32_t> seeds;
  unsigned jobs = 1;
  // Makes one connection per worker for the remote mode; empty for in-process runs.
  std::function<std::unique_ptr<Transport>()> connect;
};

// Called after each finished run with (runs done, runs total); from worker threads, one call at a
// time.
using ProgressFn = std::function<void(size_t done, size_t total)>;

// Plays every seed of `job`. The first failure (agents::RunError or any exception) stops the
// other workers and is rethrown here.
std::vector<agents::RunResult> run_eval(const EvalJob& job, const ProgressFn& progress = {});

}  // namespace gb::harness
