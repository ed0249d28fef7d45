// The HTTP contract of SPEC.md section 1 for every registered game, over the real server and
// through the pure handler: init with and without seeds, refused seeds, open CORS, JSON content
// type, 413, docs, the index and llms.txt, carried play, and a mutation fuzz of carried states.
// Covers SL-93, SL-94, SL-108, GF-88, GF-95, GF-96, SS-106, SS-110, SS-112 for each game.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/rng.h"
#include "registry/registry.h"
#include "server/http/handler.h"
#include "server/http_client.h"
#include "server/json_tree.h"
#include "server/live_server.h"

namespace gb::server::testing {
namespace {

std::vector<std::string> slugs() {
  std::vector<std::string> out;
  for (const GameService* g : all_games()) out.emplace_back(g->info().slug);
  return out;
}

class EveryGame : public ::testing::TestWithParam<std::string> {
 protected:
  std::string base() const { return "/api/games/" + GetParam(); }
};

void expect_json_cors(const HttpReply& reply) {
  EXPECT_EQ(reply.header("content-type"), "application/json");
  EXPECT_EQ(reply.header("access-control-allow-origin"), "*");
}

TEST_P(EveryGame, InitWithSeedAnswersTheFullShape_GF95_SS110_SL93) {
  HttpReply reply = http_request(live_port(), "GET", base() + "/init?seed=4294967295");
  ASSERT_EQ(reply.status, 200) << reply.body;
  expect_json_cors(reply);
  Json body = Json::parse(reply.body);
  EXPECT_TRUE(body.at("ok").boolean);
  EXPECT_EQ(body.at("state").at("seed").text, "4294967295");
  for (const char* key : {"observation", "legalActions", "spec", "score", "gameOver"}) {
    EXPECT_NO_THROW(body.at(key)) << key;
  }
  EXPECT_EQ(body.at("spec").at("slug").text, GetParam());
  EXPECT_EQ(body.at("score").text, "0");
}

TEST_P(EveryGame, InitWithoutSeedDrawsOne_GF95_SS110_SL94) {
  HttpReply reply = http_request(live_port(), "GET", base() + "/init");
  ASSERT_EQ(reply.status, 200);
  Json body = Json::parse(reply.body);
  EXPECT_EQ(body.at("state").at("seed").kind, Json::Kind::kNumber);
}

TEST_P(EveryGame, BadSeedsAre400InvalidSeed_GF95_SS110_SL94) {
  for (const char* seed : {"-1", "4294967296", "abc", "1.5", "", "%20", "1e3", "+5"}) {
    HttpReply reply = http_request(live_port(), "GET", base() + "/init?seed=" + seed);
    EXPECT_EQ(reply.status, 400) << seed;
    expect_json_cors(reply);
    EXPECT_EQ(Json::parse(reply.body).at("error").text, "Invalid seed") << seed;
  }
}

TEST_P(EveryGame, PreflightAndOversizeBody_GF96_SS112_SL108) {
  HttpReply pre = http_request(live_port(), "OPTIONS", base() + "/action");
  EXPECT_EQ(pre.status, 204);
  EXPECT_EQ(pre.header("access-control-allow-origin"), "*");
  std::string huge(1024 * 1024 + 1, ' ');
  HttpReply big = http_request(live_port(), "POST", base() + "/action", huge);
  EXPECT_EQ(big.status, 413);
  expect_json_cors(big);
}

TEST_P(EveryGame, CarriedPlayOverHttp_SS106) {
  Json answer = Json::parse(http_request(live_port(), "GET", base() + "/init?seed=11").body);
  KeepAliveClient client(live_port());
  for (int step = 0; step < 30 && !answer.at("gameOver").boolean; ++step) {
    const auto& legal = answer.at("legalActions").items;
    ASSERT_FALSE(legal.empty());
    std::string body = "{\"state\":" + answer.at("state").dump() +
                       ",\"action\":" + legal[static_cast<size_t>(step) % legal.size()].dump() +
                       "}";
    HttpReply reply = client.request("POST", base() + "/action", body);
    ASSERT_EQ(reply.status, 200) << reply.body;
    expect_json_cors(reply);
    answer = Json::parse(reply.body);
    EXPECT_TRUE(answer.at("ok").boolean) << reply.body;
  }
}

TEST_P(EveryGame, MalformedBodiesAndStatesAre400) {
  HttpReply init = http_request(live_port(), "GET", base() + "/init?seed=3");
  std::string state = Json::parse(init.body).at("state").dump();
  struct Case {
    std::string body;
    const char* error;
  };
  const Case cases[] = {
      {"not json", "Invalid body"},
      {"{\"state\":" + state + "}", "Invalid body"},
      {"{\"state\":" + state + ",\"action\":{\"type\":\"no_such_action\"}}", "Invalid body"},
      {"{\"state\":" + state + ",\"action\":7}", "Invalid body"},
      {"{\"state\":{},\"action\":" + Json::parse(init.body).at("legalActions").items.at(0).dump() +
           "}",
       "Invalid state"},
  };
  for (const Case& c : cases) {
    HttpReply reply = http_request(live_port(), "POST", base() + "/action", c.body);
    EXPECT_EQ(reply.status, 400) << c.body.substr(0, 80);
    expect_json_cors(reply);
    Json body = Json::parse(reply.body);
    EXPECT_EQ(body.at("error").text, c.error);
    EXPECT_FALSE(body.at("issues").items.empty());
  }
}

TEST_P(EveryGame, DocsIndexAndLlmsNameTheGame_GF88_SL108) {
  HttpReply docs = http_request(live_port(), "GET", "/docs/api/" + GetParam());
  ASSERT_EQ(docs.status, 200);
  for (const char* part : {"Goal", "Scoring", "Rules", "Action grammar", "curl"}) {
    EXPECT_NE(docs.body.find(part), std::string::npos) << part;
  }
  EXPECT_NE(http_request(live_port(), "GET", "/llms.txt").body.find(GetParam()), std::string::npos);
  Json index = Json::parse(http_request(live_port(), "GET", "/api/games").body);
  bool listed = false;
  for (const Json& g : index.at("games").items) {
    if (g.at("slug").text != GetParam()) continue;
    listed = true;
    for (const char* key :
         {"name", "genre", "description", "goal", "initUrl", "actionUrl", "docsUrl"}) {
      EXPECT_NO_THROW(g.at(key)) << key;
    }
  }
  EXPECT_TRUE(listed);
  EXPECT_EQ(http_request(live_port(), "GET", "/play/" + GetParam()).status, 200);
}

TEST_P(EveryGame, MutatedCarriedStatesNeverReach5xx_SS112_GF96) {
  // Real states from seeded play, each mutated one to three times, through the pure handler.
  auto call = [](std::string_view method, const std::string& target, const std::string& body) {
    return handle(Request{method, target, body, "127.0.0.1", ""});
  };
  std::vector<Json> states, actions;
  uint64_t counter = 0;
  for (uint32_t seed = 1; seed <= 8; ++seed) {
    Json answer = Json::parse(call("GET", base() + "/init?seed=" + std::to_string(seed), "").body);
    for (int step = 0; step < 25 && !answer.at("gameOver").boolean; ++step) {
      states.push_back(answer.at("state"));
      const auto& legal = answer.at("legalActions").items;
      const Json& action = legal[below(draw(seed, counter++), static_cast<uint32_t>(legal.size()))];
      actions.push_back(action);
      Response r =
          call("POST", base() + "/action",
               "{\"state\":" + answer.at("state").dump() + ",\"action\":" + action.dump() + "}");
      ASSERT_EQ(r.status, 200) << r.body;
      answer = Json::parse(r.body);
    }
  }
  ASSERT_FALSE(states.empty());
  const uint64_t before = handler_exception_count();
  int answered[600] = {};
  for (uint64_t i = 0; i < 2500; ++i) {
    uint64_t c = i * 64;
    RngCursor rng(0xE6E7, c);
    Json body;
    body.kind = Json::Kind::kObject;
    body.fields.emplace_back("state", states[rng.below(static_cast<uint32_t>(states.size()))]);
    body.fields.emplace_back("action", actions[rng.below(static_cast<uint32_t>(actions.size()))]);
    uint32_t mutations = 1 + rng.below(3);
    for (uint32_t m = 0; m < mutations; ++m) mutate(body, 0xE6E7 + i, c);
    Response r = call("POST", base() + "/action", body.dump());
    ASSERT_LT(r.status, 500) << body.dump().substr(0, 300);
    ++answered[r.status];
  }
  EXPECT_EQ(handler_exception_count(), before);
  EXPECT_GT(answered[200], 0) << "some mutations stay valid and are stepped";
  EXPECT_GT(answered[400], 0) << "and some are refused as invalid";
}

INSTANTIATE_TEST_SUITE_P(Registered, EveryGame, ::testing::ValuesIn(slugs()),
                         [](const auto& param_info) { return param_info.param; });

}  // namespace
}  // namespace gb::server::testing
