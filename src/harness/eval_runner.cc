#include "harness/eval_runner.h"

#include <atomic>
#include <mutex>

#include "harness/worker_pool.h"

namespace gb::harness {

std::vector<agents::RunResult> run_eval(const EvalJob& job, const ProgressFn& progress) {
  std::vector<agents::RunResult> results(job.seeds.size());
  std::atomic<size_t> next{0};
  std::mutex mutex;  // guards `done` and the progress callback
  size_t done = 0;
  run_worker_pool(job.jobs, job.seeds.size(), [&](const std::atomic<bool>& failed) {
    std::unique_ptr<Transport> transport = job.connect ? job.connect() : nullptr;
    for (size_t i = next++; i < job.seeds.size() && !failed; i = next++) {
      results[i] = job.game->run(job.seeds[i], job.settings, transport.get());
      std::lock_guard lock(mutex);
      ++done;
      if (progress) progress(done, job.seeds.size());
    }
  });
  return results;
}

}  // namespace gb::harness
