// Mutation fuzz of carried states and of request targets: whatever a client sends, the answer is
// never a 5xx, always valid JSON where JSON is due, and the handler's exception guard is never
// reached. Most cases go through the pure handler for speed, a few hundred over real HTTP.
#include <gtest/gtest.h>

#include "core/rng.h"
#include "server/http/handler.h"
#include "server/http_client.h"
#include "server/json_tree.h"
#include "server/live_server.h"

namespace gb::server::testing {
namespace {

constexpr std::string_view kActionTarget = "/api/games/stormlark/action";
constexpr const char* kActions[] = {"UP", "DOWN", "FIRE", "VENT", "NEXT_REACH", "END_RUN"};

Response call(std::string_view method, std::string_view target, std::string_view body = {}) {
  return handle(Request{method, target, body, "127.0.0.1", ""});
}

// Real states from play: several seeds, each followed for up to 60 seeded legal actions.
std::vector<Json> states_from_play() {
  std::vector<Json> states;
  uint64_t counter = 0;
  for (uint32_t seed = 1; seed <= 60; ++seed) {
    Json answer =
        Json::parse(call("GET", "/api/games/stormlark/init?seed=" + std::to_string(seed)).body);
    states.push_back(answer.at("state"));
    for (int turn = 0; turn < 60 && !answer.at("gameOver").boolean; ++turn) {
      const auto& legal = answer.at("legalActions").items;
      std::string action =
          legal[below(draw(seed, counter++), static_cast<uint32_t>(legal.size()))].dump();
      Response r = call("POST", kActionTarget,
                        "{\"state\":" + answer.at("state").dump() + ",\"action\":" + action + "}");
      EXPECT_EQ(r.status, 200) << r.body;
      answer = Json::parse(r.body);
      states.push_back(answer.at("state"));
    }
  }
  return states;
}

// Builds the i-th fuzz body: a real state and an action, mutated one to three times, sometimes
// cut short.
std::string mutated_body(const std::vector<Json>& states, uint64_t i) {
  constexpr uint64_t kStream = 0xF022;
  uint64_t counter = i * 64;
  RngCursor rng(kStream, counter);
  Json body;
  body.kind = Json::Kind::kObject;
  body.fields.emplace_back("state", states[rng.below(static_cast<uint32_t>(states.size()))]);
  Json action;
  action.kind = Json::Kind::kObject;
  action.fields.emplace_back("type",
                             Json{Json::Kind::kString, false, kActions[rng.below(6)], {}, {}});
  body.fields.emplace_back("action", std::move(action));
  uint32_t mutations = 1 + rng.below(3);
  for (uint32_t m = 0; m < mutations; ++m) mutate(body, kStream, counter);
  std::string text = body.dump();
  if (rng.below(16) == 0) text.resize(rng.below(static_cast<uint32_t>(text.size())));
  return text;
}

// Checks one answer to a fuzzed action: 200 or 400, JSON, the right shape for its status.
void expect_sound_answer(int status, std::string_view content_type, const std::string& body,
                         const std::string& sent) {
  ASSERT_TRUE(status == 200 || status == 400) << status << " for " << sent.substr(0, 500);
  ASSERT_EQ(content_type, "application/json");
  Json answer;
  ASSERT_NO_THROW(answer = Json::parse(body)) << body.substr(0, 300);
  if (status == 200) {
    EXPECT_NO_THROW(answer.at("state"));
    EXPECT_NO_THROW(answer.at("legalActions"));
  } else {
    EXPECT_NO_THROW(answer.at("issues")) << body;
  }
}

TEST(ServerFuzz, TwentyThousandMutatedStatesThroughTheHandler) {
  // Counted from here: a test in the same process may trip the guard on purpose.
  const uint64_t exceptions_before = handler_exception_count();
  std::vector<Json> states = states_from_play();
  ASSERT_GT(states.size(), 300u);
  int accepted = 0;
  int rejected = 0;
  for (uint64_t i = 0; i < 20000; ++i) {
    std::string sent = mutated_body(states, i);
    Response r = call("POST", kActionTarget, sent);
    expect_sound_answer(r.status, r.content_type, r.body, sent);
    if (HasFatalFailure()) return;
    (r.status == 200 ? accepted : rejected)++;
  }
  // Both outcomes occur, so the fuzz reaches the rules as well as the validators.
  EXPECT_GT(accepted, 1000);
  EXPECT_GT(rejected, 1000);
  EXPECT_EQ(handler_exception_count(), exceptions_before);
}

TEST(ServerFuzz, FourHundredMutatedStatesOverHttp) {
  // Counted from here: a test in the same process may trip the guard on purpose.
  const uint64_t exceptions_before = handler_exception_count();
  std::vector<Json> states = states_from_play();
  KeepAliveClient client(live_port());
  for (uint64_t i = 0; i < 400; ++i) {
    std::string sent = mutated_body(states, 1'000'000 + i);
    HttpReply reply = client.request("POST", kActionTarget, sent);
    expect_sound_answer(reply.status, reply.header("content-type"), reply.body, sent);
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(http_request(live_port(), "GET", "/healthz").status, 200);
  EXPECT_EQ(handler_exception_count(), exceptions_before);
}

TEST(ServerFuzz, RandomTargetsMethodsAndBytesNeverAnswer5xx) {
  // Counted from here: a test in the same process may trip the guard on purpose.
  const uint64_t exceptions_before = handler_exception_count();
  const std::string_view pieces[] = {
      "/",          "api", "games",    "stormlark", "init",    "action", "docs",   "?",
      "seed=",      "&",   "=",        "%00",       "%",       "..",     "{slug}", "\xff",
      "4294967295", "-",   "llms.txt", "play",      "healthz", "",       "//"};
  const std::string_view methods[] = {"GET",   "POST",    "PUT", "DELETE", "HEAD",
                                      "PATCH", "OPTIONS", "get", "",       "BREW"};
  uint64_t counter = 0;
  RngCursor rng(0x7A6, counter);
  for (int i = 0; i < 20000; ++i) {
    std::string target;
    uint32_t parts = rng.below(9);
    for (uint32_t p = 0; p < parts; ++p) target += pieces[rng.below(std::size(pieces))];
    std::string body;
    uint32_t body_len = rng.below(4) == 0 ? rng.below(64) : 0;
    for (uint32_t b = 0; b < body_len; ++b) body.push_back(static_cast<char>(rng.below(256)));
    Response r = call(methods[rng.below(std::size(methods))], target, body);
    ASSERT_GE(r.status, 200) << target;
    ASSERT_LT(r.status, 500) << target;
    if (r.content_type == "application/json") {
      ASSERT_NO_THROW(Json::parse(r.body)) << target;
    }
  }
  EXPECT_EQ(handler_exception_count(), exceptions_before);
}

}  // namespace
}  // namespace gb::server::testing
