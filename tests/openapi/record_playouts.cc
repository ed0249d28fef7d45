// Records the answers of seeded random and planner playouts of every game, played over HTTP
// against the real server (started in this process on a free loopback port), for
// tests/openapi/validate.mjs. Writes /openapi.json to argv[1]; the answers go to the file named
// by GB_ANSWER_LOG (server/answer_log.h). Exits non-zero on any failure.
#include <cstdio>
#include <exception>
#include <fstream>
#include <iostream>
#include <memory>

#include "harness/eval_runner.h"
#include "harness/http_transport.h"
#include "server/answer_log.h"
#include "server/http_client.h"
#include "server/live_server.h"

namespace gb {
namespace {

// A transport that logs every answer it returns (the HTTP transport returns only 200 answers).
class RecordingTransport final : public harness::Transport {
 public:
  explicit RecordingTransport(std::unique_ptr<harness::Transport> inner)
      : inner_(std::move(inner)) {}
  std::string get(std::string_view target) override {
    std::string body = inner_->get(target);
    server::testing::record_answer("GET", target, {}, 200, body);
    return body;
  }
  std::string post(std::string_view target, std::string_view request) override {
    std::string body = inner_->post(target, request);
    server::testing::record_answer("POST", target, request, 200, body);
    return body;
  }

 private:
  std::unique_ptr<harness::Transport> inner_;
};

int run(const char* document_path) {
  const uint16_t port = server::testing::live_port();
  server::testing::HttpReply doc = server::testing::http_request(port, "GET", "/openapi.json");
  if (doc.status != 200) {
    std::cerr << "record_playouts: GET /openapi.json answered " << doc.status << "\n";
    return 1;
  }
  std::ofstream(document_path) << doc.body;
  harness::BaseUrl base;
  base.host = "127.0.0.1";
  base.port = std::to_string(port);
  for (const harness::GameAgents* game : harness::all_game_agents()) {
    struct Plan {
      const char* agent;
      std::vector<uint32_t> seeds;
      int64_t max_actions;
    };
    for (const Plan& plan : {Plan{"random", {1, 2, 3}, 300}, Plan{"planner", {1, 2}, 40}}) {
      harness::EvalJob job;
      job.game = game;
      job.settings = {plan.agent, 11, 0, plan.max_actions};
      job.seeds = plan.seeds;
      job.jobs = 1;
      job.connect = [base] {
        return std::make_unique<RecordingTransport>(harness::make_http_transport(base));
      };
      std::vector<agents::RunResult> results = harness::run_eval(job);
      std::cout << "record_playouts: " << game->slug() << " " << plan.agent << ": "
                << results.size() << " runs\n";
    }
  }
  return 0;
}

}  // namespace
}  // namespace gb

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: record_playouts OPENAPI_JSON_OUT (answers go to $GB_ANSWER_LOG)\n";
    return 2;
  }
  try {
    return gb::run(argv[1]);
  } catch (const std::exception& e) {
    std::cerr << "record_playouts: " << e.what() << "\n";
    return 1;
  }
}
