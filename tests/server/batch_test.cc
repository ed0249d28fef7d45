// POST /api/games/{slug}/batch (SPEC.md section 13) over real HTTP: every result equals the
// action route's answer for the same item (accepted, refused, 400 Invalid body or Invalid state)
// with its status in front; malformed envelopes are a plain 400; the route's own body limit.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "registry/registry.h"
#include "server/http/limits.h"
#include "server/http_client.h"
#include "server/json_tree.h"
#include "server/live_server.h"
#include "server/routes/batch_route.h"
#include "server/routes/body_limit.h"

namespace gb::server::testing {
namespace {

std::string game_path(std::string_view slug, std::string_view route) {
  return "/api/games/" + std::string(slug) + "/" + std::string(route);
}

// Every action the game's grammar names, with payloads at both ends of their ranges, plus
// actions outside the grammar: on different states these are accepted, refused or 400.
std::vector<std::string> probe_actions(const GameInfo& info) {
  std::vector<std::string> out = {R"({"type":"nope"})", R"({})", "5", R"({"type":7})"};
  Json grammar = Json::parse(info.action_grammar);
  for (const Json& alt : grammar.at("oneOf").items) {
    const Json& props = alt.at("properties");
    std::string type = props.at("type").at("const").dump();
    out.push_back("{\"type\":" + type + "}");
    for (const auto& [key, schema] : props.fields) {
      if (key == "type") continue;
      std::vector<std::string> values = {"\"x\"", "-7", "601"};
      for (const auto& [k, v] : schema.fields) {
        if (k == "enum") {
          for (const Json& e : v.items) values.push_back(e.dump());
        }
        if (k == "minimum" || k == "maximum") values.push_back(v.text);
      }
      for (const std::string& value : values) {
        out.push_back("{\"type\":" + type + ",\"" + key + "\":" + value + "}");
      }
    }
  }
  return out;
}

// States of the game: init for a few seeds, then after some legal actions, plus mutated copies
// (mostly invalid states).
std::vector<std::string> probe_states(KeepAliveClient& client, std::string_view slug) {
  std::vector<std::string> states;
  for (uint32_t seed : {1u, 2u, 3u}) {
    Json answer = Json::parse(
        client.request("GET", game_path(slug, "init?seed=") + std::to_string(seed)).body);
    for (int step = 0; step < 6; ++step) {
      states.push_back(answer.at("state").dump());
      const auto& legal = answer.at("legalActions").items;
      if (legal.empty()) break;
      const Json& action = legal[static_cast<size_t>(step) % legal.size()];
      std::string body =
          "{\"state\":" + answer.at("state").dump() + ",\"action\":" + action.dump() + "}";
      answer = Json::parse(client.request("POST", game_path(slug, "action"), body).body);
    }
  }
  uint64_t draw = 0;
  for (uint64_t i = 0; i < 12; ++i) {
    Json state = Json::parse(states[i % states.size()]);
    mutate(state, 77, draw);
    states.push_back(state.dump());
  }
  return states;
}

// Removes the leading "status" field of a batch result and returns it.
int take_status(Json& result) {
  EXPECT_FALSE(result.fields.empty());
  EXPECT_EQ(result.fields.front().first, "status");
  int status = std::stoi(result.fields.front().second.text);
  result.fields.erase(result.fields.begin());
  return status;
}

TEST(ServerBatch, EveryResultEqualsTheSingleActionAnswer) {
  KeepAliveClient client(live_port());
  for (const GameService* game : all_games()) {
    const GameInfo& info = game->info();
    std::vector<std::string> items;
    for (const std::string& state : probe_states(client, info.slug)) {
      for (const std::string& action : probe_actions(info)) {
        items.push_back("{\"state\":" + state + ",\"action\":" + action + "}");
      }
    }
    items.push_back(R"({"action":{"type":"nope"}})");
    items.push_back(R"({"state":{}})");
    items.push_back(R"({"other":1})");
    int accepted = 0, refused = 0, invalid = 0;
    for (size_t begin = 0; begin < items.size(); begin += kMaxBatchItems) {
      size_t end = std::min(items.size(), begin + kMaxBatchItems);
      std::string batch = "{\"items\":[";
      for (size_t i = begin; i < end; ++i) batch += (i > begin ? "," : "") + items[i];
      batch += "]}";
      HttpReply reply = client.request("POST", game_path(info.slug, "batch"), batch);
      ASSERT_EQ(reply.status, 200) << reply.body.substr(0, 300);
      EXPECT_EQ(reply.header("content-type"), "application/json");
      Json answer = Json::parse(reply.body);
      ASSERT_EQ(answer.fields.size(), 1u);
      const auto& results = answer.at("results").items;
      ASSERT_EQ(results.size(), end - begin);
      for (size_t i = begin; i < end; ++i) {
        HttpReply single = client.request("POST", game_path(info.slug, "action"), items[i]);
        Json result = results[i - begin];
        EXPECT_EQ(take_status(result), single.status) << items[i].substr(0, 200);
        EXPECT_EQ(result.dump(), Json::parse(single.body).dump()) << items[i].substr(0, 200);
        if (single.status == 400) {
          ++invalid;
        } else if (Json::parse(single.body).at("ok").boolean) {
          ++accepted;
        } else {
          ++refused;
        }
      }
    }
    // The probes reach every kind of answer, so the comparison above covers each.
    EXPECT_GT(accepted, 0) << info.slug;
    EXPECT_GT(refused, 0) << info.slug;
    EXPECT_GT(invalid, 0) << info.slug;
  }
}

void expect_invalid_envelope(std::string_view body, std::string_view issue) {
  HttpReply reply = http_request(live_port(), "POST", "/api/games/stormlark/batch", body);
  EXPECT_EQ(reply.status, 400) << body.substr(0, 100);
  EXPECT_EQ(reply.header("content-type"), "application/json");
  Json answer = Json::parse(reply.body);
  EXPECT_EQ(answer.at("error").text, "Invalid body");
  ASSERT_FALSE(answer.at("issues").items.empty());
  EXPECT_EQ(answer.at("issues").items[0].text.rfind(issue, 0), 0u) << answer.at("issues").dump();
}

TEST(ServerBatch, MalformedEnvelopesArePlain400s) {
  expect_invalid_envelope("", "body: not valid JSON");
  expect_invalid_envelope("{\"items\":[", "body: not valid JSON");
  expect_invalid_envelope("[]", "body: must be an object");
  expect_invalid_envelope("{}", "body.items: is missing");
  expect_invalid_envelope("{\"items\":{}}", "body.items: must be an array");
  expect_invalid_envelope("{\"items\":[]}", "body.items: must hold 1..256 items, has 0");
  std::string many = "{\"items\":[{}";
  for (size_t i = 1; i <= kMaxBatchItems; ++i) many += ",{}";
  expect_invalid_envelope(many + "]}", "body.items: must hold 1..256 items, has 257");
  expect_invalid_envelope("{\"items\":[{},3]}", "body.items[1]: must be an object, got integer");
}

TEST(ServerBatch, UnknownGameIs404AndGetIs405) {
  HttpReply reply = http_request(live_port(), "POST", "/api/games/nope/batch", "{\"items\":[{}]}");
  EXPECT_EQ(reply.status, 404);
  EXPECT_EQ(Json::parse(reply.body).at("error").text, "Unknown game");
  reply = http_request(live_port(), "GET", "/api/games/stormlark/batch");
  EXPECT_EQ(reply.status, 405);
  EXPECT_EQ(reply.header("allow"), "POST, OPTIONS");
}

TEST(ServerBatch, TheBatchRouteAloneTakesBodiesUpTo8MiB) {
  EXPECT_EQ(max_body_bytes("POST", "/api/games/stormlark/batch"), kMaxBatchBodyBytes);
  EXPECT_EQ(max_body_bytes("POST", "/api/games/x/batch?y=1"), kMaxBatchBodyBytes);
  EXPECT_EQ(max_body_bytes("GET", "/api/games/stormlark/batch"), kMaxBodyBytes);
  EXPECT_EQ(max_body_bytes("POST", "/api/games/stormlark/action"), kMaxBodyBytes);
  EXPECT_EQ(max_body_bytes("POST", "/api/games/stormlark/batch/x"), kMaxBodyBytes);

  // 256 copies of one state, padded with spaces to exactly the limit (8x the action route's).
  std::string state =
      Json::parse(http_request(live_port(), "GET", "/api/games/silkspan/init?seed=4").body)
          .at("state")
          .dump();
  std::string item = "{\"state\":" + state + ",\"action\":{\"type\":\"start\"}}";
  std::string body = "{\"items\":[" + item;
  for (size_t i = 1; i < kMaxBatchItems; ++i) body += "," + item;
  body += "]}";
  ASSERT_LT(body.size(), kMaxBatchBodyBytes);
  body.resize(kMaxBatchBodyBytes, ' ');
  HttpReply reply = http_request(live_port(), "POST", "/api/games/silkspan/batch", body);
  ASSERT_EQ(reply.status, 200) << reply.body.substr(0, 200);
  EXPECT_EQ(Json::parse(reply.body).at("results").items.size(), kMaxBatchItems);

  // One byte more: 413 before the body is read, as on every route.
  std::string raw = raw_exchange(live_port(),
                                 "POST /api/games/silkspan/batch HTTP/1.1\r\nHost: a\r\n"
                                 "Content-Length: " +
                                     std::to_string(kMaxBatchBodyBytes + 1) + "\r\n\r\n");
  EXPECT_EQ(raw.rfind("HTTP/1.1 413", 0), 0u) << raw;
  EXPECT_NE(raw.find("Connection: close"), std::string::npos) << raw;
  // The action route keeps its 1 MiB.
  reply = http_request(live_port(), "POST", "/api/games/silkspan/action",
                       std::string(kMaxBodyBytes + 1, ' '));
  EXPECT_EQ(reply.status, 413);
}

TEST(ServerBatch, ChunkedBodiesFollowTheRouteLimit) {
  // 2 MiB chunked: over the action route's limit, within the batch route's.
  std::string chunk(64 * 1024, ' ');
  std::string chunks;
  for (int i = 0; i < 32; ++i) chunks += "10000\r\n" + chunk + "\r\n";
  chunks += "0\r\n\r\n";
  std::string action = raw_exchange(
      live_port(),
      "POST /api/games/stormlark/action HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n" +
          chunks);
  EXPECT_EQ(action.rfind("HTTP/1.1 413", 0), 0u) << action.substr(0, 200);
  std::string batch =
      raw_exchange(live_port(),
                   "POST /api/games/stormlark/batch HTTP/1.1\r\nHost: a\r\nConnection: close\r\n"
                   "Transfer-Encoding: chunked\r\n\r\n" +
                       chunks);
  // Spaces only: a complete body that is not JSON, answered by the route (400), not 413.
  EXPECT_EQ(batch.rfind("HTTP/1.1 400", 0), 0u) << batch.substr(0, 200);
}

}  // namespace
}  // namespace gb::server::testing
