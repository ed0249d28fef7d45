// The pure request handler in process, one thread, no sockets: what one /action request costs
// each game before the connection layer adds its share. The body is steady play (the state after
// start with the action a player sends most), the same body scripts/bench_http.sh posts.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <string>

#include "bench/alloc_counter.h"
#include "core/json_reader.h"
#include "registry/registry.h"
#include "server/http/handler.h"
#include "server/http/metrics.h"
#include "server/routes/routes.h"

namespace {

using gb::server::Request;
using gb::server::Response;

// Sends one request to the handler; aborts on anything but 200 (a benchmark of errors is useless).
std::string call(std::string_view method, const std::string& target, std::string_view body) {
  Response r = gb::server::handle(Request{method, target, body, "127.0.0.1", ""});
  if (r.status != 200) std::abort();
  return r.body;
}

// Returns {"state":..., "action":...}: the state after start (where a game has a waiting gate)
// and the first VENT or tick action, else the first legal action.
std::string steady_body(std::string_view slug) {
  const std::string base = "/api/games/" + std::string(slug);
  std::string answer = call("GET", base + "/init?seed=7", {});
  gb::Issues issues;
  auto root = gb::parse_json(answer, issues);
  if (!root) std::abort();
  bool has_start = false;
  for (auto a : (*root)["legalActions"].get_array()) {
    if (std::string_view(a["type"].get_string().value()) == "start") has_start = true;
  }
  if (has_start) {
    std::string state = gb::to_compact_json((*root)["state"].value());
    answer =
        call("POST", base + "/action", R"({"state":)" + state + R"(,"action":{"type":"start"}})");
    root = gb::parse_json(answer, issues);
    if (!root) std::abort();
  }
  std::string action;
  for (auto a : (*root)["legalActions"].get_array()) {
    std::string_view type = a["type"].get_string().value();
    if (action.empty() || type == "VENT" || type == "tick") action = gb::to_compact_json(a);
    if (type == "VENT" || type == "tick") break;
  }
  return R"({"state":)" + gb::to_compact_json((*root)["state"].value()) + R"(,"action":)" + action +
         "}";
}

// One POST /api/games/{slug}/action with the steady body, per iteration.
void BM_Action(benchmark::State& st, std::string slug) {
  const std::string body = steady_body(slug);
  const std::string target = "/api/games/" + slug + "/action";
  const size_t count_before = gb::bench::g_alloc_count.load();
  const size_t bytes_before = gb::bench::g_alloc_bytes.load();
  for (auto _ : st) {
    Response r = gb::server::handle(Request{"POST", target, body, "127.0.0.1", ""});
    benchmark::DoNotOptimize(r.body.data());
  }
  const auto per_request = [&](size_t total) {
    return static_cast<double>(total) / static_cast<double>(st.iterations());
  };
  st.SetItemsProcessed(st.iterations());
  st.counters["body_bytes"] = static_cast<double>(body.size());
  st.counters["allocs/req"] = per_request(gb::bench::g_alloc_count.load() - count_before);
  st.counters["alloc_bytes/req"] = per_request(gb::bench::g_alloc_bytes.load() - bytes_before);
}

// The same request as the connection layer serves it: one match against the route table (issue
// 20: its body limit, pool, rate limit and metrics label all come from that match), two clock
// reads and the lock-free counters of GET /metrics (issue 16). Its ratio to BM_Action/stormlark
// is the cost of the metrics on the action route.
void BM_ActionCounted(benchmark::State& st) {
  const std::string body = steady_body("stormlark");
  const std::string target = "/api/games/stormlark/action";
  gb::server::Metrics metrics(gb::server::route_table());
  for (auto _ : st) {
    auto started = std::chrono::steady_clock::now();
    gb::server::RouteMatch match =
        gb::server::match_route(gb::server::route_table(), "POST", target);
    Response r =
        gb::server::handle(Request{"POST", target, body, "127.0.0.1"}, match, nullptr, &metrics);
    metrics.record(match.index, r.status, std::chrono::steady_clock::now() - started);
    benchmark::DoNotOptimize(r.body.data());
  }
  st.SetItemsProcessed(st.iterations());
}

}  // namespace

BENCHMARK(BM_ActionCounted);
BENCHMARK_CAPTURE(BM_Action, stormlark, std::string("stormlark"));
BENCHMARK_CAPTURE(BM_Action, glimfall, std::string("glimfall"));
BENCHMARK_CAPTURE(BM_Action, silkspan, std::string("silkspan"));
BENCHMARK_MAIN();
