// Playing over HTTP: the state carried forward, refusals, and the same states as in process.
#include <gtest/gtest.h>

#include "core/json_reader.h"
#include "games/stormlark/traits.h"
#include "server/http_client.h"
#include "server/json_tree.h"
#include "server/live_server.h"

namespace gb::server::testing {
namespace {

using stormlark::Traits;

std::string action_body(const std::string& state, const std::string& action) {
  return "{\"state\":" + state + ",\"action\":" + action + "}";
}

// Returns the state after `action_json` applied in process, as compact JSON.
std::string step_in_process(Traits::State& s, const std::string& action_json, bool& ok) {
  Issues issues;
  auto parsed = parse_json(action_json, issues);
  auto action = Traits::decode_action(*parsed, issues);
  EXPECT_TRUE(action.has_value()) << action_json;
  ok = Traits::apply(s, *action).ok;
  JsonWriter w;
  Traits::encode_state(s, w);
  return w.take();
}

TEST(ServerPlay, StateCarriedForwardMatchesInProcessPlay) {
  for (uint32_t seed : {1u, 7u, 123456u}) {
    KeepAliveClient client(live_port());
    HttpReply init =
        client.request("GET", "/api/games/stormlark/init?seed=" + std::to_string(seed));
    ASSERT_EQ(init.status, 200);
    Json answer = Json::parse(init.body);
    Traits::State local = Traits::init(seed);
    {
      JsonWriter w;
      Traits::encode_state(local, w);
      ASSERT_EQ(answer.at("state").dump(), w.str());
    }
    int accepted = 0;
    for (int turn = 0; turn < 40 && !answer.at("gameOver").boolean; ++turn) {
      // Any legal action but END_RUN, so the run goes on.
      std::vector<std::string> legal;
      for (const Json& a : answer.at("legalActions").items) {
        if (a.at("type").text != "END_RUN") legal.push_back(a.dump());
      }
      ASSERT_FALSE(legal.empty());
      std::string action = legal[static_cast<size_t>(turn * 7 + 3) % legal.size()];
      HttpReply reply = client.request("POST", "/api/games/stormlark/action",
                                       action_body(answer.at("state").dump(), action));
      ASSERT_EQ(reply.status, 200) << reply.body;
      Json next = Json::parse(reply.body);
      bool ok_local = false;
      std::string expected_state = step_in_process(local, action, ok_local);
      ASSERT_TRUE(next.at("ok").boolean) << "a legal action was refused: " << reply.body;
      ASSERT_TRUE(ok_local);
      ASSERT_EQ(next.at("state").dump(), expected_state) << "seed " << seed << " turn " << turn;
      EXPECT_EQ(next.at("score").text, std::to_string(Traits::score(local)));
      answer = std::move(next);
      ++accepted;
    }
    EXPECT_GT(accepted, 5);
  }
}

TEST(ServerPlay, RefusedActionAnswers200WithReasonAndTheSameState) {
  Json init =
      Json::parse(http_request(live_port(), "GET", "/api/games/stormlark/init?seed=9").body);
  std::string state = init.at("state").dump();
  HttpReply reply = http_request(live_port(), "POST", "/api/games/stormlark/action",
                                 action_body(state, "{\"type\":\"NEXT_REACH\"}"));
  ASSERT_EQ(reply.status, 200) << reply.body;
  Json refused = Json::parse(reply.body);
  EXPECT_FALSE(refused.at("ok").boolean);
  EXPECT_EQ(refused.at("reason").text, "not_at_gate");
  EXPECT_EQ(refused.at("state").dump(), state);
  EXPECT_FALSE(refused.at("legalActions").items.empty());
  EXPECT_EQ(refused.at("score").text, init.at("score").text);
}

TEST(ServerPlay, EndedRunRefusesEveryActionWithRunOver) {
  KeepAliveClient client(live_port());
  Json init = Json::parse(client.request("GET", "/api/games/stormlark/init?seed=11").body);
  Json ended =
      Json::parse(client
                      .request("POST", "/api/games/stormlark/action",
                               action_body(init.at("state").dump(), "{\"type\":\"END_RUN\"}"))
                      .body);
  ASSERT_TRUE(ended.at("ok").boolean);
  EXPECT_TRUE(ended.at("gameOver").boolean);
  std::string state = ended.at("state").dump();
  for (auto action : {"{\"type\":\"UP\"}", "{\"type\":\"FIRE\"}", "{\"type\":\"END_RUN\"}"}) {
    Json reply = Json::parse(
        client.request("POST", "/api/games/stormlark/action", action_body(state, action)).body);
    EXPECT_FALSE(reply.at("ok").boolean);
    EXPECT_EQ(reply.at("reason").text, "run_over");
    EXPECT_EQ(reply.at("state").dump(), state);
  }
}

TEST(ServerPlay, SameSeedGivesTheSameInitOverHttp) {
  std::string a = http_request(live_port(), "GET", "/api/games/stormlark/init?seed=42").body;
  std::string b = http_request(live_port(), "GET", "/api/games/stormlark/init?seed=42").body;
  EXPECT_EQ(a, b);
}

}  // namespace
}  // namespace gb::server::testing
