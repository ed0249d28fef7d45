// Children expanded per second over HTTP: one 64-item batch request against 64 single action
// requests, each on one keep-alive connection (the remote mode's own client), per game, against
// the real server started in this process. A benchmark, not a test: it prints rates and their
// ratio, measured in the same run. Usage: batch_bench [seconds per measurement, default 3]
#include <simdjson.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "harness/http_transport.h"
#include "registry/registry.h"
#include "server/http/http_server.h"

namespace gb {
namespace {

using Clock = std::chrono::steady_clock;
constexpr size_t kItems = 64;

// 64 {state, action} bodies: a state a few moves into seed 1, with its legal actions in turn.
std::vector<std::string> make_items(harness::Transport& t, std::string_view slug) {
  const std::string base = "/api/games/" + std::string(slug);
  simdjson::dom::parser parser;
  std::string answer = t.get(base + "/init?seed=1");
  for (int step = 0; step < 6; ++step) {
    simdjson::dom::element doc = parser.parse(answer);
    simdjson::dom::array legal = doc["legalActions"];
    std::string body = "{\"state\":" + simdjson::minify(doc["state"]) +
                       ",\"action\":" + simdjson::minify(legal.at(0)) + "}";
    answer = t.post(base + "/action", body);
  }
  simdjson::dom::element doc = parser.parse(answer);
  simdjson::dom::array legal = doc["legalActions"];
  std::string state = simdjson::minify(doc["state"]);
  std::vector<std::string> items;
  for (size_t i = 0; i < kItems; ++i) {
    items.push_back("{\"state\":" + state +
                    ",\"action\":" + simdjson::minify(legal.at(i % legal.size())) + "}");
  }
  return items;
}

// Repeats `round` (which expands kItems children) for `seconds`; returns children per second.
template <class Round>
double children_per_second(double seconds, Round round) {
  size_t children = 0;
  const auto start = Clock::now();
  const auto until = start + std::chrono::duration<double>(seconds);
  while (Clock::now() < until) {
    round();
    children += kItems;
  }
  return static_cast<double>(children) /
         std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace
}  // namespace gb

int main(int argc, char** argv) {
  using namespace gb;
  const double seconds = argc > 1 ? std::atof(argv[1]) : 3.0;
  server::ServerOptions options;
  options.host = "127.0.0.1";
  options.port = 0;
  options.threads = 2;
  server::Server server(options);
  harness::BaseUrl url;
  url.host = "127.0.0.1";
  url.port = std::to_string(server.start());
  std::cout << "game        single/s   batch64/s   ratio   (children expanded per second, "
            << seconds << " s each, one keep-alive connection)\n";
  for (const GameService* game : all_games()) {
    const std::string slug(game->info().slug);
    auto transport = harness::make_http_transport(url);
    std::vector<std::string> items = make_items(*transport, slug);
    std::string batch = "{\"items\":[";
    for (size_t i = 0; i < items.size(); ++i) batch += (i > 0 ? "," : "") + items[i];
    batch += "]}";
    const std::string action_target = "/api/games/" + slug + "/action";
    const std::string batch_target = "/api/games/" + slug + "/batch";
    double single = children_per_second(seconds, [&] {
      for (const std::string& item : items) transport->post(action_target, item);
    });
    double batched = children_per_second(seconds, [&] { transport->post(batch_target, batch); });
    std::printf("%-10s %9.0f %11.0f %7.2fx   (item %zu bytes)\n", slug.c_str(), single, batched,
                batched / single, items[0].size());
  }
  server.stop();
  server.wait();
  return 0;
}
