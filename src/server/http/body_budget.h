// A server-wide cap on the request-body bytes held at once. Without it, 1024 connections each
// sending just under 1 MiB could make the server hold about 1 GiB; with it, a body that does not
// fit answers 429 and the server keeps serving the requests that do.
#pragma once

#include <atomic>
#include <cstddef>
#include <utility>

namespace gb::server {

class BodyBudget {
 public:
  explicit BodyBudget(size_t capacity) : capacity_(capacity) {}

  // Takes `bytes` from the budget if they fit; returns whether they did.
  bool try_take(size_t bytes) {
    size_t used = used_.load(std::memory_order_relaxed);
    do {
      if (bytes > capacity_ || used > capacity_ - bytes) return false;
    } while (!used_.compare_exchange_weak(used, used + bytes, std::memory_order_relaxed));
    return true;
  }

  // Gives back `bytes` taken earlier.
  void give_back(size_t bytes) { used_.fetch_sub(bytes, std::memory_order_relaxed); }

  size_t used() const { return used_.load(std::memory_order_relaxed); }

 private:
  const size_t capacity_;
  std::atomic<size_t> used_{0};
};

// Bytes held from a BodyBudget, given back when the lease is reset or destroyed.
class BodyLease {
 public:
  BodyLease() = default;
  BodyLease(BodyBudget& budget, size_t bytes) : budget_(&budget), bytes_(bytes) {}
  BodyLease(BodyLease&& other) noexcept
      : budget_(std::exchange(other.budget_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}
  BodyLease& operator=(BodyLease&& other) noexcept {
    if (this != &other) {
      reset();
      budget_ = std::exchange(other.budget_, nullptr);
      bytes_ = std::exchange(other.bytes_, 0);
    }
    return *this;
  }
  BodyLease(const BodyLease&) = delete;
  BodyLease& operator=(const BodyLease&) = delete;
  ~BodyLease() { reset(); }

  // Gives the bytes back now.
  void reset() {
    if (budget_ != nullptr) budget_->give_back(bytes_);
    budget_ = nullptr;
    bytes_ = 0;
  }

 private:
  BodyBudget* budget_ = nullptr;
  size_t bytes_ = 0;
};

}  // namespace gb::server
