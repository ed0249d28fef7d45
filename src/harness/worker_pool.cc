// The evaluation runners' thread pool (see worker_pool.h).
#include "harness/worker_pool.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace gb::harness {

void run_worker_pool(unsigned jobs, size_t tasks,
                     const std::function<void(const std::atomic<bool>& failed)>& worker) {
  std::atomic<bool> failed{false};
  std::mutex mutex;  // guards `first_error`
  std::exception_ptr first_error;
  auto guarded = [&] {
    try {
      worker(failed);
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!first_error) first_error = std::current_exception();
      failed = true;
    }
  };
  unsigned workers = std::max(1u, std::min<unsigned>(jobs, static_cast<unsigned>(tasks)));
  std::vector<std::thread> pool;
  for (unsigned w = 0; w < workers; ++w) pool.emplace_back(guarded);
  for (auto& t : pool) t.join();
  if (first_error) std::rethrow_exception(first_error);
}

}  // namespace gb::harness
