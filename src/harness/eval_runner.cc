#include "harness/eval_runner.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

namespace gb::harness {

std::vector<agents::RunResult> run_eval(const EvalJob& job, const ProgressFn& progress) {
  std::vector<agents::RunResult> results(job.seeds.size());
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;  // guards `first_error`, `done` and the progress callback
  std::exception_ptr first_error;
  size_t done = 0;
  auto worker = [&] {
    try {
      std::unique_ptr<Transport> transport = job.connect ? job.connect() : nullptr;
      for (size_t i = next++; i < job.seeds.size() && !failed; i = next++) {
        results[i] = job.game->run(job.seeds[i], job.settings, transport.get());
        std::lock_guard lock(mutex);
        ++done;
        if (progress) progress(done, job.seeds.size());
      }
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!first_error) first_error = std::current_exception();
      failed = true;
    }
  };
  unsigned workers =
      std::max(1u, std::min<unsigned>(job.jobs, static_cast<unsigned>(job.seeds.size())));
  std::vector<std::thread> pool;
  for (unsigned w = 0; w < workers; ++w) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  if (first_error) std::rethrow_exception(first_error);
  return results;
}

}  // namespace gb::harness
