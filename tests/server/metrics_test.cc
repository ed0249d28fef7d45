// GET /metrics: the exposition format of the counters (Prometheus text 0.0.4), route patterns as
// labels (never raw paths), store errors counted, and the live server's numbers.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "core/clock.h"
#include "runs/submit.h"
#include "server/http/handler.h"
#include "server/http/http_server.h"
#include "server/http/metrics.h"
#include "server/http_client.h"
#include "server/routes/routes.h"
#include "store/sqlite_store.h"
#include "store/store.h"

namespace gb::server::testing {
namespace {

using std::chrono::microseconds;

bool has_line(const std::string& text, const std::string& line) {
  return text.find("\n" + line + "\n") != std::string::npos || text.starts_with(line + "\n");
}

size_t action_route() {
  Metrics metrics(route_table());
  return metrics.route_index("POST", "/api/games/stormlark/action");
}

TEST(Metrics, RequestsAreCountedByRoutePatternAndStatusNotByRawPath) {
  Metrics metrics(route_table());
  size_t action = metrics.route_index("POST", "/api/games/stormlark/action?x=1");
  EXPECT_EQ(action, metrics.route_index("POST", "/api/games/glimfall/action"));
  EXPECT_EQ(metrics.route_index("POST", "/nowhere/1"), metrics.route_index("GET", "/nowhere/2"));
  EXPECT_NE(metrics.route_index("GET", "/api/games/stormlark/action"), action) << "wrong method";
  metrics.record(action, 200, microseconds(300));
  metrics.record(action, 200, microseconds(700));
  metrics.record(action, 400, microseconds(50));
  metrics.record(metrics.route_index("GET", "/x/y"), 404, microseconds(10));
  metrics.record(action, 418, microseconds(10));
  std::string text = metrics.render();
  EXPECT_TRUE(has_line(text, "# TYPE gameboard_http_requests_total counter")) << text;
  EXPECT_TRUE(has_line(
      text,
      R"(gameboard_http_requests_total{method="POST",route="/api/games/{slug}/action",code="200"} 2)"))
      << text;
  EXPECT_TRUE(has_line(
      text,
      R"(gameboard_http_requests_total{method="POST",route="/api/games/{slug}/action",code="400"} 1)"));
  EXPECT_TRUE(has_line(
      text,
      R"(gameboard_http_requests_total{method="POST",route="/api/games/{slug}/action",code="other"} 1)"));
  EXPECT_TRUE(
      has_line(text, R"(gameboard_http_requests_total{method="",route="unmatched",code="404"} 1)"));
  EXPECT_EQ(text.find("/x/y"), std::string::npos) << "a raw path became a label";
  EXPECT_EQ(text.find("stormlark"), std::string::npos);
}

TEST(Metrics, LatencyHistogramsAreCumulativeWithSumAndCount) {
  Metrics metrics(route_table());
  size_t action = action_route();
  metrics.record(action, 200, microseconds(80));          // le 0.0001
  metrics.record(action, 200, microseconds(250));         // le 0.00025 (bounds are inclusive)
  metrics.record(action, 200, microseconds(3'000));       // le 0.005
  metrics.record(action, 200, microseconds(20'000'000));  // only +Inf
  std::string text = metrics.render();
  const std::string bucket =
      R"(gameboard_http_request_duration_seconds_bucket{method="POST",route="/api/games/{slug}/action",le=")";
  EXPECT_TRUE(has_line(text, "# TYPE gameboard_http_request_duration_seconds histogram"));
  EXPECT_TRUE(has_line(text, bucket + R"(0.0001"} 1)")) << text;
  EXPECT_TRUE(has_line(text, bucket + R"(0.00025"} 2)"));
  EXPECT_TRUE(has_line(text, bucket + R"(0.0025"} 2)"));
  EXPECT_TRUE(has_line(text, bucket + R"(0.005"} 3)"));
  EXPECT_TRUE(has_line(text, bucket + R"(10"} 3)"));
  EXPECT_TRUE(has_line(text, bucket + R"(+Inf"} 4)"));
  EXPECT_TRUE(has_line(
      text,
      R"(gameboard_http_request_duration_seconds_sum{method="POST",route="/api/games/{slug}/action"} 20.00333)"));
  EXPECT_TRUE(has_line(
      text,
      R"(gameboard_http_request_duration_seconds_count{method="POST",route="/api/games/{slug}/action"} 4)"));
  // Routes nobody asked for print no series.
  EXPECT_EQ(text.find("/api/runs/{id}"), std::string::npos);
}

TEST(Metrics, GaugesAndStoreErrorsArePrintedEvenAtZero) {
  Metrics metrics(route_table());
  std::string text = metrics.render();
  EXPECT_TRUE(has_line(text, "# TYPE gameboard_store_errors_total counter"));
  EXPECT_TRUE(has_line(text, "gameboard_store_errors_total 0"));
  EXPECT_TRUE(has_line(text, "# TYPE gameboard_work_queue_depth gauge"));
  EXPECT_TRUE(has_line(text, "gameboard_work_queue_depth 0"));
  EXPECT_TRUE(has_line(text, "# TYPE gameboard_open_connections gauge"));
  EXPECT_TRUE(has_line(text, "gameboard_open_connections 0"));
  EXPECT_TRUE(text.ends_with("\n"));
}

// A store whose database is down: every call throws StoreError.
class DownStore : public store::Store {
 public:
  store::SubmitResult submit(const store::NewRun&, std::string_view, std::string_view) override {
    throw store::StoreError("down");
  }
  std::optional<store::StoredRun> run(int64_t) override { throw store::StoreError("down"); }
  bool set_hidden(int64_t, bool) override { throw store::StoreError("down"); }
  store::Board leaderboard(const store::BoardQuery&) override { throw store::StoreError("down"); }
  store::Board leaderboard_by_scan(const store::BoardQuery&) override {
    throw store::StoreError("down");
  }
  int64_t rank_of(std::string_view, std::string_view, uint32_t, int64_t,
                  std::string_view) override {
    throw store::StoreError("down");
  }
  std::string get_or_put_setting(std::string_view, std::string_view) override {
    throw store::StoreError("down");
  }
  bool create_game(const store::HeldGame&, int64_t) override { throw store::StoreError("down"); }
  std::optional<store::HeldGame> game(std::string_view) override {
    throw store::StoreError("down");
  }
  std::optional<store::HeldGame> game_head(std::string_view) override {
    throw store::StoreError("down");
  }
  bool append_game_actions(std::string_view, int64_t, std::string_view, int64_t,
                           std::string_view) override {
    throw store::StoreError("down");
  }
  int64_t expire_games(std::string_view) override { throw store::StoreError("down"); }
  int64_t count_games(std::string_view) override { throw store::StoreError("down"); }
  int64_t count_live_games(std::string_view) override { throw store::StoreError("down"); }
  int schema_version() override { throw store::StoreError("down"); }
  std::string integrity_problem() override { throw store::StoreError("down"); }
  std::vector<store::StoredRun> list_runs(const store::RunListQuery&) override {
    throw store::StoreError("down");
  }
  store::OpenCardResult open_card(const store::Card&, std::string_view, std::string_view,
                                  int64_t) override {
    throw store::StoreError("down");
  }
  std::optional<store::Card> card(std::string_view) override { throw store::StoreError("down"); }
  std::optional<store::Card> card_terms(std::string_view) override {
    throw store::StoreError("down");
  }
  std::optional<store::Card> card_with_slot(std::string_view, int64_t) override {
    throw store::StoreError("down");
  }
  bool close_card(std::string_view, std::string_view, std::string_view) override {
    throw store::StoreError("down");
  }
  std::vector<store::PooledSlot> finished_card_slots(std::string_view, std::string_view) override {
    throw store::StoreError("down");
  }
  store::BoardInputs board_inputs(std::string_view, std::string_view) override {
    throw store::StoreError("down");
  }
  std::optional<std::string> name_token_hash(std::string_view) override {
    throw store::StoreError("down");
  }
  store::MiddleScores middle_scores(std::string_view, uint32_t, std::string_view) override {
    throw store::StoreError("down");
  }
};

TEST(Metrics, EveryStoreErrorAnswered503IsCounted) {
  DownStore down;
  Services services;
  services.store = &down;
  Metrics metrics(route_table());
  std::string run = R"({"slug":"stormlark","seed":1,"actions":[{"type":"VENT"}],"name":"ada"})";
  EXPECT_EQ(handle(Request{"POST", "/api/runs", run, "", "c"}, &services, &metrics).status, 503);
  EXPECT_EQ(handle(Request{"GET", "/api/runs/1", "", "", "c"}, &services, &metrics).status, 503);
  EXPECT_EQ(
      handle(Request{"GET", "/api/leaderboard/stormlark", "", "", "c"}, &services, &metrics).status,
      503);
  // The scorecard routes too.
  for (const Request& card :
       {Request{"POST", "/api/scorecards", R"({"suite":"open-v1","name":"a"})", "", "c"},
        Request{"GET", "/api/scorecards/c1", "", "", "c"},
        Request{"POST", "/api/scorecards/c1/close", R"({"token":"t"})", "", "c"},
        Request{"GET", "/api/scorecards?suite=open-v1", "", "", "c"}}) {
    EXPECT_EQ(handle(card, &services, &metrics).status, 503) << card.target;
  }
  // A bad request never reaches the store, so it is no store error.
  EXPECT_EQ(handle(Request{"POST", "/api/runs", "{", "", "c"}, &services, &metrics).status, 400);
  Response exposition = handle(Request{"GET", "/metrics", "", "", "c"}, &services, &metrics);
  EXPECT_EQ(exposition.status, 200);
  EXPECT_EQ(std::string_view(exposition.content_type), "text/plain; version=0.0.4; charset=utf-8");
  // The seven routes, and the live-games gauge of /metrics itself, which is then left out.
  EXPECT_TRUE(has_line(exposition.body, "gameboard_store_errors_total 8")) << exposition.body;
  EXPECT_EQ(exposition.body.find("gameboard_mcp_live_games"), std::string::npos);
}

TEST(Metrics, WithoutCountersTheRouteIsNotFound) {
  EXPECT_EQ(handle(Request{"GET", "/metrics", "", "", ""}).status, 404);
  EXPECT_EQ(handle(Request{"POST", "/metrics", "", "", ""}).status, 405);
}

TEST(Metrics, TheLiveServerCountsWhatItAnsweredAndItsOpenConnections) {
  ServerOptions options;
  options.port = 0;
  options.threads = 2;
  Server server(options);
  uint16_t port = server.start();
  EXPECT_EQ(http_request(port, "GET", "/api/games/silkspan/init?seed=3").status, 200);
  EXPECT_EQ(http_request(port, "GET", "/api/games/silkspan/init?seed=4").status, 200);
  EXPECT_EQ(http_request(port, "GET", "/no/such/page").status, 404);
  KeepAliveClient held(port);  // one connection stays open while the metrics are read
  // The server notices the closed one-shot connections asynchronously: read the metrics until
  // only the held connection is open (within 5 s).
  HttpReply reply;
  int reads = 0;
  for (; reads < 100; ++reads) {
    reply = held.request("GET", "/metrics");
    if (has_line(reply.body, "gameboard_open_connections 1")) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ++reads;  // the read that saw it
  EXPECT_EQ(reply.status, 200);
  EXPECT_EQ(reply.header("content-type"), "text/plain; version=0.0.4; charset=utf-8");
  const std::string& text = reply.body;
  EXPECT_TRUE(has_line(
      text,
      R"(gameboard_http_requests_total{method="GET",route="/api/games/{slug}/init",code="200"} 2)"))
      << text;
  EXPECT_TRUE(
      has_line(text, R"(gameboard_http_requests_total{method="",route="unmatched",code="404"} 1)"));
  EXPECT_TRUE(has_line(
      text,
      R"(gameboard_http_request_duration_seconds_count{method="GET",route="/api/games/{slug}/init"} 2)"));
  EXPECT_TRUE(has_line(text, "gameboard_open_connections 1")) << text;
  EXPECT_TRUE(has_line(text, "gameboard_work_queue_depth 0"));
  // The metrics requests themselves are counted once they have been answered.
  HttpReply again = held.request("GET", "/metrics");
  EXPECT_TRUE(has_line(
      again.body, R"(gameboard_http_requests_total{method="GET",route="/metrics",code="200"} )" +
                      std::to_string(reads)))
      << again.body;
  server.stop();
}

TEST(Metrics, TheLiveMcpGamesGaugeCountsGamesMovedInTheLastDay) {
  std::unique_ptr<store::Store> store = store::open_sqlite_store(":memory:");
  Services services;
  services.store = store.get();
  Metrics metrics(route_table());
  store::HeldGame fresh;
  fresh.id = "g-fresh";
  fresh.slug = "stormlark";
  fresh.client = "c";
  fresh.created_at = fresh.updated_at = gb::utc_now();
  store::HeldGame stale = fresh;
  stale.id = "g-stale";
  stale.created_at = stale.updated_at = "2020-01-01T00:00:00.000Z";
  ASSERT_TRUE(store->create_game(fresh, 10));
  ASSERT_TRUE(store->create_game(stale, 10));
  Response exposition = handle(Request{"GET", "/metrics", "", "", "c"}, &services, &metrics);
  ASSERT_EQ(exposition.status, 200);
  EXPECT_TRUE(has_line(exposition.body, "# TYPE gameboard_mcp_live_games gauge"));
  EXPECT_TRUE(has_line(exposition.body, "gameboard_mcp_live_games 1")) << exposition.body;
}

}  // namespace
}  // namespace gb::server::testing
