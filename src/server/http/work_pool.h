// A fixed set of worker threads behind a bounded queue: replay verification and store calls run
// here, off the connection threads. A full queue refuses new work at once (the route answers 503
// with Retry-After) instead of growing without bound.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace gb::server {

class WorkPool {
 public:
  // Starts `threads` workers (at least 1) over a queue of at most `capacity` waiting jobs.
  WorkPool(unsigned threads, size_t capacity);
  // Runs the jobs already queued, then joins the workers.
  ~WorkPool();
  WorkPool(const WorkPool&) = delete;
  WorkPool& operator=(const WorkPool&) = delete;

  // Queues `job`; false (and `job` dropped) when the queue is full or the pool is stopping.
  bool try_submit(std::function<void()> job);

  // Jobs waiting (not yet started) right now.
  size_t queued() const;

 private:
  void work();

  const size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace gb::server
