// A per-client token bucket: each client (its address) may make `burst` submissions at once and
// then `per_minute` a minute. The table of clients is bounded: when full, idle buckets (full
// again) are dropped, and if none is, the oldest entries go.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

namespace gb::server {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;

  RateLimiter(double per_minute, double burst, size_t max_clients = 100'000);

  // Takes one token for `client` at `now`; returns 0 when allowed, otherwise the whole seconds to
  // wait before the next token (at least 1), for Retry-After.
  int64_t take(std::string_view client, Clock::time_point now = Clock::now());

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point updated;
  };
  void refill(Bucket& bucket, Clock::time_point now) const;
  void make_room(Clock::time_point now);

  const double per_second_;
  const double burst_;
  const size_t max_clients_;
  std::mutex mutex_;
  std::map<std::string, Bucket, std::less<>> buckets_;
};

}  // namespace gb::server
