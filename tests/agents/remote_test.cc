// The remote mode plays every move over HTTP against the real server (started in this process on
// a free loopback port) and gives exactly the in-process results.
#include <gtest/gtest.h>

#include <atomic>

#include "games/all_games.h"
#include "harness/eval_runner.h"
#include "harness/http_transport.h"
#include "harness/remote_applier.h"
#include "server/live_server.h"

namespace gb::harness {
namespace {

BaseUrl live_url() {
  BaseUrl base;
  base.host = "127.0.0.1";
  base.port = std::to_string(server::testing::live_port());
  return base;
}

TEST(Remote, SameResultsAsInProcess) {
  for (const GameAgents* game : all_game_agents()) {
    for (std::string_view agent : {"random", "planner"}) {
      EvalJob job;
      job.game = game;
      job.settings = {std::string(agent), 3, 12, 60};
      job.seeds = {4, 5, 6};
      job.jobs = 2;
      std::vector<agents::RunResult> local = run_eval(job);
      BaseUrl base = live_url();
      job.connect = [base] { return make_http_transport(base); };
      std::vector<agents::RunResult> remote = run_eval(job);
      ASSERT_EQ(local.size(), remote.size());
      for (size_t i = 0; i < local.size(); ++i) {
        EXPECT_EQ(local[i].score, remote[i].score) << game->slug() << " " << agent;
        EXPECT_EQ(local[i].length, remote[i].length);
        EXPECT_EQ(local[i].end_reason, remote[i].end_reason);
        EXPECT_EQ(local[i].actions_digest, remote[i].actions_digest);
      }
    }
  }
}

// Counts the batch requests sent through it; `hide_batch` makes the server look like one without
// the batch route (no /openapi.json).
class CountingTransport final : public Transport {
 public:
  CountingTransport(std::unique_ptr<Transport> inner, std::atomic<int>& batches, bool hide_batch)
      : inner_(std::move(inner)), batches_(batches), hide_batch_(hide_batch) {}
  std::string get(std::string_view target) override {
    if (hide_batch_ && target == "/openapi.json") throw agents::RunError("HTTP 404");
    return inner_->get(target);
  }
  std::string post(std::string_view target, std::string_view body) override {
    if (target.ends_with("/batch")) ++batches_;
    return inner_->post(target, body);
  }

 private:
  std::unique_ptr<Transport> inner_;
  std::atomic<int>& batches_;
  bool hide_batch_;
};

// The remote planner expands through the batch route when the server offers it, and plays
// exactly the runs it plays in process, with the batch route turned off, or without the route.
TEST(Remote, PlannerBatchExpansionsGiveTheSameResults) {
  for (const GameAgents* game : all_game_agents()) {
    EvalJob job;
    job.game = game;
    job.settings = {"planner", 3, 0, 25};
    job.seeds = {4, 5};
    job.jobs = 2;
    std::vector<agents::RunResult> local = run_eval(job);
    BaseUrl base = live_url();
    struct Mode {
      bool remote_batch;
      bool hide_batch;
    };
    for (Mode mode : {Mode{true, false}, Mode{false, false}, Mode{true, true}}) {
      std::atomic<int> batches{0};
      job.settings.remote_batch = mode.remote_batch;
      job.connect = [base, &batches, mode] {
        return std::make_unique<CountingTransport>(make_http_transport(base), batches,
                                                   mode.hide_batch);
      };
      std::vector<agents::RunResult> remote = run_eval(job);
      ASSERT_EQ(local.size(), remote.size());
      for (size_t i = 0; i < local.size(); ++i) {
        EXPECT_EQ(local[i].score, remote[i].score) << game->slug();
        EXPECT_EQ(local[i].length, remote[i].length) << game->slug();
        EXPECT_EQ(local[i].actions_digest, remote[i].actions_digest) << game->slug();
      }
      // The Stormlark and Glimfall planners batch each layer; Silkspan's weaves are built step
      // by step from the states they pass through, so they stay in process.
      // A test-only game's planner has no batch expansion either.
      bool expect_batches = game->slug() != "silkspan" && !is_test_game(game->slug()) &&
                            mode.remote_batch && !mode.hide_batch;
      EXPECT_EQ(batches.load() > 0, expect_batches) << game->slug() << " " << batches.load();
    }
  }
}

TEST(Remote, ServerOffersBatchReadsTheOpenApiDocument) {
  auto transport = make_http_transport(live_url());
  EXPECT_TRUE(server_offers_batch(*transport));
  BaseUrl nowhere = live_url();
  nowhere.prefix = "/nothing-here";  // every answer 404: no document, no batch
  auto missing = make_http_transport(nowhere);
  EXPECT_FALSE(server_offers_batch(*missing));
}

TEST(Remote, UnreachableServerIsAClearError) {
  BaseUrl base;
  base.host = "127.0.0.1";
  base.port = "1";  // nothing listens on port 1
  EvalJob job;
  job.game = all_game_agents()[0];
  job.settings = {"random", 0, 0, 10};
  job.seeds = {1};
  job.connect = [base] { return make_http_transport(base); };
  try {
    run_eval(job);
    FAIL() << "expected a RunError";
  } catch (const agents::RunError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot reach http://127.0.0.1:1"), std::string::npos)
        << e.what();
  }
}

TEST(Remote, ParsesOnlyHttpUrls) {
  BaseUrl base;
  std::string error;
  ASSERT_TRUE(parse_base_url("http://example.org:8080/games/", base, error));
  EXPECT_EQ(base.host, "example.org");
  EXPECT_EQ(base.port, "8080");
  EXPECT_EQ(base.prefix, "/games");
  ASSERT_TRUE(parse_base_url("http://localhost", base, error));
  EXPECT_EQ(base.port, "80");
  for (const char* bad :
       {"https://x", "ftp://x", "http://", "http://x:0", "http://x:70000", "localhost:8080"}) {
    EXPECT_FALSE(parse_base_url(bad, base, error)) << bad;
  }
}

}  // namespace
}  // namespace gb::harness
