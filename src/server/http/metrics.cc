#include "server/http/metrics.h"

#include <fmt/format.h>

#include <iterator>
#include <optional>

#include "core/clock.h"
#include "mcp/held_games.h"
#include "server/http/work_pool.h"

namespace gb::server {
namespace {

constexpr std::string_view kUnmatched = "unmatched";

// The slot of `status` in kCountedStatuses, or the last slot ("other").
size_t status_slot(int status) {
  for (size_t i = 0; i < kCountedStatuses.size(); ++i) {
    if (kCountedStatuses[i] == status) return i;
  }
  return kCountedStatuses.size();
}

// Appends `micros` as seconds with six decimals, e.g. 2500 -> "0.0025" (trailing zeros dropped).
void append_seconds(std::string& out, uint64_t micros) {
  out += std::to_string(micros / 1'000'000);
  uint64_t fraction = micros % 1'000'000;
  if (fraction == 0) return;
  std::string digits = std::to_string(fraction);
  digits.insert(0, 6 - digits.size(), '0');
  while (digits.back() == '0') digits.pop_back();
  out += '.';
  out += digits;
}

// Appends `{method="...",route="..."` (no closing brace) for route `index`.
void append_route_labels(std::string& out, std::span<const Route> routes, size_t index) {
  out += "{method=\"";
  if (index < routes.size()) out += routes[index].method;
  out += "\",route=\"";
  out += index < routes.size() ? routes[index].label() : kUnmatched;
  out += '"';
}

void append_header(std::string& out, std::string_view name, std::string_view type,
                   std::string_view help) {
  fmt::format_to(std::back_inserter(out), "# HELP {} {}\n# TYPE {} {}\n", name, help, name, type);
}

}  // namespace

Response metrics_route(const RouteContext& context) {
  if (context.metrics == nullptr) return json_error(404, "Not found");
  // The gauge is read first, so a store error it meets is in the counters rendered below.
  std::optional<int64_t> live_games;
  if (context.services != nullptr && context.services->store != nullptr) {
    try {
      live_games = context.services->store->count_live_games(utc_hours_ago(mcp::kIdleHours));
    } catch (const store::StoreError&) {
      context.metrics->count_store_error();  // the gauge is left out until the store answers
    }
  }
  std::string body = context.metrics->render();
  if (live_games) {
    append_header(body, "gameboard_mcp_live_games", "gauge",
                  "MCP games moved in the last 24 hours (not yet expired).");
    body += "gameboard_mcp_live_games " + std::to_string(*live_games) + "\n";
  }
  return {200, kMetricsType, std::move(body), {}};
}

Metrics::Metrics(std::span<const Route> routes)
    : routes_(routes), counters_(std::make_unique<RouteCounters[]>(routes.size() + 1)) {}

size_t Metrics::route_index(std::string_view method, std::string_view target) const {
  return match_route(routes_, method, target).index;
}

void Metrics::record(size_t route, int status, std::chrono::nanoseconds elapsed) {
  RouteCounters& c = counters_[route < routes_.size() ? route : routes_.size()];
  c.by_status[status_slot(status)].fetch_add(1, std::memory_order_relaxed);
  uint64_t micros = elapsed.count() <= 0 ? 0 : static_cast<uint64_t>(elapsed.count()) / 1000;
  size_t bucket = 0;
  while (bucket < kLatencyBucketsMicros.size() && micros > kLatencyBucketsMicros[bucket]) ++bucket;
  c.buckets[bucket].fetch_add(1, std::memory_order_relaxed);
  c.micros_sum.fetch_add(micros, std::memory_order_relaxed);
}

std::string Metrics::render() const {
  std::string out;
  out.reserve(8192);
  append_header(out, "gameboard_http_requests_total", "counter",
                "HTTP requests answered, by route pattern and status code.");
  for (size_t r = 0; r <= routes_.size(); ++r) {
    for (size_t s = 0; s < kStatusSlots; ++s) {
      uint64_t n = counters_[r].by_status[s].load(std::memory_order_relaxed);
      if (n == 0) continue;
      out += "gameboard_http_requests_total";
      append_route_labels(out, routes_, r);
      out += ",code=\"";
      out += s < kCountedStatuses.size() ? std::to_string(kCountedStatuses[s]) : "other";
      out += "\"} ";
      out += std::to_string(n);
      out += '\n';
    }
  }
  append_header(out, "gameboard_http_request_duration_seconds", "histogram",
                "Time from a request's header to its answer, by route pattern.");
  for (size_t r = 0; r <= routes_.size(); ++r) {
    const RouteCounters& c = counters_[r];
    std::array<uint64_t, kBucketSlots> counts{};
    uint64_t total = 0;
    for (size_t b = 0; b < kBucketSlots; ++b) {
      counts[b] = c.buckets[b].load(std::memory_order_relaxed);
      total += counts[b];
    }
    if (total == 0) continue;
    uint64_t cumulative = 0;
    for (size_t b = 0; b < kBucketSlots; ++b) {
      cumulative += counts[b];
      out += "gameboard_http_request_duration_seconds_bucket";
      append_route_labels(out, routes_, r);
      out += ",le=\"";
      if (b < kLatencyBucketsMicros.size()) {
        append_seconds(out, kLatencyBucketsMicros[b]);
      } else {
        out += "+Inf";
      }
      out += "\"} ";
      out += std::to_string(cumulative);
      out += '\n';
    }
    out += "gameboard_http_request_duration_seconds_sum";
    append_route_labels(out, routes_, r);
    out += "} ";
    append_seconds(out, c.micros_sum.load(std::memory_order_relaxed));
    out += "\ngameboard_http_request_duration_seconds_count";
    append_route_labels(out, routes_, r);
    out += "} ";
    out += std::to_string(cumulative);
    out += '\n';
  }
  append_header(out, "gameboard_store_errors_total", "counter",
                "Store failures the routes answered 503 (database down or broken).");
  out += "gameboard_store_errors_total " +
         std::to_string(store_errors_.load(std::memory_order_relaxed)) + "\n";
  append_header(out, "gameboard_work_queue_depth", "gauge",
                "Store and verification jobs waiting for a work thread.");
  out += "gameboard_work_queue_depth " + std::to_string(pool_ ? pool_->queued() : 0) + "\n";
  append_header(out, "gameboard_open_connections", "gauge", "Client connections open now.");
  out += "gameboard_open_connections " +
         std::to_string(open_connections_.load(std::memory_order_relaxed)) + "\n";
  return out;
}

}  // namespace gb::server
