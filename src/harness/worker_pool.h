// The thread pool both evaluation runners share (eval_runner.cc for the built-in agents,
// llm/llm_eval.cc for a model): a few workers that each take tasks until none is left.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>

namespace gb::harness {

// Runs `worker` on max(1, min(jobs, tasks)) threads and waits for them all. The first exception a
// worker throws sets `failed` (which the others watch, to stop taking tasks) and is rethrown here
// once every thread has finished.
void run_worker_pool(unsigned jobs, size_t tasks,
                     const std::function<void(const std::atomic<bool>& failed)>& worker);

}  // namespace gb::harness
