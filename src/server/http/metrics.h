// The server's own counters for `GET /metrics` (Prometheus text format 0.0.4): requests by route
// label (its pattern) and status, a latency histogram per route, store errors, open connections and
// the work queue's depth. Recording is lock-free (relaxed atomics) and allocates nothing; the label
// sets are fixed by the route table and a list of status codes, so their number is bounded.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "server/http/http_types.h"
#include "server/http/router.h"

namespace gb::server {

class WorkPool;

// Upper bounds of the latency buckets, in microseconds (the exposition prints seconds).
inline constexpr std::array<uint64_t, 14> kLatencyBucketsMicros = {
    100,    250,    500,     1'000,   2'500,   5'000,     10'000,
    25'000, 50'000, 100'000, 250'000, 500'000, 1'000'000, 10'000'000};
// The status codes counted by name; any other is counted as "other".
inline constexpr std::array<int, 14> kCountedStatuses = {200, 201, 204, 304, 400, 403, 404,
                                                         405, 408, 413, 429, 431, 500, 503};

class Metrics {
 public:
  // One set of counters per route of `routes` plus one for requests that match none.
  explicit Metrics(std::span<const Route> routes);
  Metrics(const Metrics&) = delete;
  Metrics& operator=(const Metrics&) = delete;

  // The index `record` takes for (method, target): the first route whose pattern and method
  // match, or the "unmatched" index (the server passes its RouteMatch's index instead).
  size_t route_index(std::string_view method, std::string_view target) const;
  // Counts one answer with `status` to route `route`, which took `elapsed`.
  void record(size_t route, int status, std::chrono::nanoseconds elapsed);
  // Counts one store failure a route answered 503.
  void count_store_error() { store_errors_.fetch_add(1, std::memory_order_relaxed); }
  // The counter of open connections the server keeps (its ConnectionSlots count here).
  std::atomic<size_t>& open_connections() { return open_connections_; }
  // The pool whose waiting jobs are reported as the work queue depth (null: 0).
  void set_work_pool(const WorkPool* pool) { pool_ = pool; }

  // The exposition: every metric in Prometheus text format 0.0.4.
  std::string render() const;

 private:
  static constexpr size_t kStatusSlots = kCountedStatuses.size() + 1;
  static constexpr size_t kBucketSlots = kLatencyBucketsMicros.size() + 1;  // the last is +Inf
  struct RouteCounters {
    std::array<std::atomic<uint64_t>, kStatusSlots> by_status{};
    std::array<std::atomic<uint64_t>, kBucketSlots> buckets{};
    std::atomic<uint64_t> micros_sum{0};
  };

  std::span<const Route> routes_;
  std::unique_ptr<RouteCounters[]> counters_;  // routes_.size() + 1, the last for "unmatched"
  std::atomic<uint64_t> store_errors_{0};
  std::atomic<size_t> open_connections_{0};
  const WorkPool* pool_ = nullptr;
};

// GET /metrics: the exposition of the server's counters; 404 when the handler has none.
Response metrics_route(const RouteContext& context);

// The content type of the exposition.
inline constexpr StaticText kMetricsType = "text/plain; version=0.0.4; charset=utf-8";

}  // namespace gb::server
