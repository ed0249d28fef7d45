#include "server/http/rate_limiter.h"

#include <algorithm>
#include <cmath>

namespace gb::server {

RateLimiter::RateLimiter(double per_minute, double burst, size_t max_clients)
    : per_second_(per_minute / 60.0), burst_(std::max(1.0, burst)), max_clients_(max_clients) {}

void RateLimiter::refill(Bucket& bucket, Clock::time_point now) const {
  double seconds = std::chrono::duration<double>(now - bucket.updated).count();
  if (seconds > 0) bucket.tokens = std::min(burst_, bucket.tokens + seconds * per_second_);
  bucket.updated = now;
}

void RateLimiter::make_room(Clock::time_point now) {
  for (auto it = buckets_.begin(); it != buckets_.end();) {
    refill(it->second, now);
    it = it->second.tokens >= burst_ ? buckets_.erase(it) : std::next(it);
  }
  while (buckets_.size() >= max_clients_) buckets_.erase(buckets_.begin());
}

int64_t RateLimiter::take(std::string_view client, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  auto it = buckets_.find(client);
  if (it == buckets_.end()) {
    if (buckets_.size() >= max_clients_) make_room(now);
    it = buckets_.emplace(std::string(client), Bucket{burst_, now}).first;
  }
  Bucket& bucket = it->second;
  refill(bucket, now);
  if (bucket.tokens >= 1.0) {
    bucket.tokens -= 1.0;
    return 0;
  }
  if (per_second_ <= 0) return 60;
  return std::max<int64_t>(1, static_cast<int64_t>(std::ceil((1.0 - bucket.tokens) / per_second_)));
}

}  // namespace gb::server
