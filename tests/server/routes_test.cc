// Every route of SPEC.md section 1 over real HTTP: shapes, statuses, CORS and Content-Type.
#include <gtest/gtest.h>

#include "registry/registry.h"
#include "server/http_client.h"
#include "server/json_tree.h"
#include "server/live_server.h"

namespace gb::server::testing {
namespace {

constexpr std::string_view kSlug = "stormlark";

HttpReply get(std::string_view target) {
  return http_request(live_port(), "GET", target);
}

HttpReply post(std::string_view target, std::string_view body) {
  return http_request(live_port(), "POST", target, body);
}

void expect_json_error(const HttpReply& reply, int status, std::string_view error) {
  EXPECT_EQ(reply.status, status) << reply.body;
  EXPECT_EQ(reply.header("content-type"), "application/json");
  EXPECT_EQ(reply.header("access-control-allow-origin"), "*");
  Json body = Json::parse(reply.body);
  EXPECT_EQ(body.at("error").text, error) << reply.body;
}

bool has_key(const Json& object, std::string_view key) {
  for (const auto& [k, v] : object.fields) {
    if (k == key) return true;
  }
  return false;
}

TEST(ServerRoutes, IndexListsEveryRegisteredGameWithItsUrls) {
  HttpReply reply = get("/api/games");
  ASSERT_EQ(reply.status, 200);
  EXPECT_EQ(reply.header("content-type"), "application/json");
  EXPECT_EQ(reply.header("access-control-allow-origin"), "*");
  Json index = Json::parse(reply.body);
  for (auto key : {"service", "description", "howToPlay", "docs", "count", "games"}) {
    EXPECT_TRUE(has_key(index, key)) << key;
  }
  for (auto key : {"step1", "step2", "choosingActions"}) {
    EXPECT_TRUE(has_key(index.at("howToPlay"), key)) << key;
  }
  EXPECT_EQ(index.at("count").text, std::to_string(all_games().size()));
  EXPECT_EQ(index.at("docs").text, "http://127.0.0.1/docs/api");
  const auto& games = index.at("games").items;
  ASSERT_EQ(games.size(), all_games().size());
  for (size_t i = 0; i < games.size(); ++i) {
    const GameInfo& info = all_games()[i]->info();
    EXPECT_EQ(games[i].at("slug").text, info.slug);
    EXPECT_EQ(games[i].at("name").text, info.name);
    EXPECT_EQ(games[i].at("genre").text, info.genre);
    EXPECT_EQ(games[i].at("description").text, info.description);
    EXPECT_EQ(games[i].at("goal").text, info.goal);
    std::string base = "http://127.0.0.1";
    EXPECT_EQ(games[i].at("initUrl").text, base + "/api/games/" + std::string(info.slug) + "/init");
    EXPECT_EQ(games[i].at("actionUrl").text,
              base + "/api/games/" + std::string(info.slug) + "/action");
    EXPECT_EQ(games[i].at("docsUrl").text, base + "/docs/api/" + std::string(info.slug));
  }
}

TEST(ServerRoutes, HealthzAnswersOk) {
  HttpReply reply = get("/healthz");
  EXPECT_EQ(reply.status, 200);
  EXPECT_EQ(reply.header("content-type"), "application/json");
  EXPECT_EQ(reply.body, "{\"ok\":true}");
}

TEST(ServerRoutes, InitWithSeedAnswersTheFullShape) {
  for (std::string seed : {"0", "7", "4294967295", "0004294967295"}) {
    HttpReply reply = get("/api/games/stormlark/init?seed=" + seed);
    ASSERT_EQ(reply.status, 200) << seed << " " << reply.body;
    EXPECT_EQ(reply.header("content-type"), "application/json");
    Json body = Json::parse(reply.body);
    for (auto key : {"ok", "state", "observation", "legalActions", "spec", "score", "gameOver"}) {
      EXPECT_TRUE(has_key(body, key)) << key;
    }
    EXPECT_TRUE(body.at("ok").boolean);
    EXPECT_EQ(std::stoull(body.at("state").at("seed").text), std::stoull(seed));
    for (auto key : {"slug", "name", "goal", "scoring", "rules", "actionGrammar"}) {
      EXPECT_TRUE(has_key(body.at("spec"), key)) << key;
    }
  }
}

TEST(ServerRoutes, InitWithoutSeedDrawsDistinctSeeds) {
  std::string first =
      Json::parse(get("/api/games/stormlark/init").body).at("state").at("seed").text;
  std::string second =
      Json::parse(get("/api/games/stormlark/init?other=1").body).at("state").at("seed").text;
  EXPECT_FALSE(first.empty());
  EXPECT_NE(first, second);
}

TEST(ServerRoutes, InitRejectsEveryMalformedSeed) {
  for (std::string seed : {"-1", "4294967296", "99999999999999999999", "abc", "+5", "", "%205",
                           "5%20", "5.0", "1e3", "0x10", "5a", "%35"}) {
    expect_json_error(get("/api/games/stormlark/init?seed=" + seed), 400, "Invalid seed");
  }
  expect_json_error(get("/api/games/stormlark/init?seed"), 400, "Invalid seed");
}

TEST(ServerRoutes, UnknownSlugAnswers404WithTheSlugs) {
  for (HttpReply reply : {get("/api/games/nope/init?seed=1"), post("/api/games/nope/action", "{}"),
                          get("/docs/api/nope"), get("/play/nope")}) {
    expect_json_error(reply, 404, "Unknown game");
    Json body = Json::parse(reply.body);
    ASSERT_EQ(body.at("games").items.size(), all_games().size());
    EXPECT_EQ(body.at("games").items[0].text, all_games()[0]->info().slug);
  }
}

TEST(ServerRoutes, UnknownPathAnswers404Json) {
  for (auto target : {"/nope", "/api", "/api/games/", "/api/games/stormlark",
                      "/api/games/stormlark/init/x", "//", "/llms.txt/"}) {
    expect_json_error(get(target), 404, "Not found");
  }
}

TEST(ServerRoutes, WrongMethodAnswers405WithAllow) {
  HttpReply reply = post("/api/games", "{}");
  expect_json_error(reply, 405, "Method not allowed");
  EXPECT_EQ(reply.header("allow"), "GET, OPTIONS");
  reply = get("/api/games/stormlark/action");
  expect_json_error(reply, 405, "Method not allowed");
  EXPECT_EQ(reply.header("allow"), "POST, OPTIONS");
  reply = http_request(live_port(), "DELETE", "/healthz");
  expect_json_error(reply, 405, "Method not allowed");
  EXPECT_EQ(reply.header("allow"), "GET, OPTIONS");
}

TEST(ServerRoutes, OptionsAnswersThePreflight) {
  for (auto target : {"/api/games/stormlark/action", "/anything/at/all"}) {
    HttpReply reply = http_request(
        live_port(), "OPTIONS", target, {},
        {{"Origin", "http://example.test"}, {"Access-Control-Request-Method", "POST"}});
    EXPECT_EQ(reply.status, 204);
    EXPECT_EQ(reply.body, "");
    EXPECT_EQ(reply.header("access-control-allow-origin"), "*");
    EXPECT_NE(reply.header("access-control-allow-methods").find("POST"), std::string::npos);
    EXPECT_NE(reply.header("access-control-allow-headers").find("Content-Type"), std::string::npos);
  }
}

TEST(ServerRoutes, LlmsTxtNamesTheLoopEveryGameAndTheLinks) {
  HttpReply reply = get("/llms.txt");
  ASSERT_EQ(reply.status, 200);
  EXPECT_EQ(reply.header("content-type"), "text/plain; charset=utf-8");
  EXPECT_EQ(reply.header("access-control-allow-origin"), "*");
  for (auto needle : {"/api/games/{slug}/init", "legalActions", "http://127.0.0.1/api/games",
                      "http://127.0.0.1/docs/api"}) {
    EXPECT_NE(reply.body.find(needle), std::string::npos) << needle;
  }
  for (const GameService* game : all_games()) {
    EXPECT_NE(reply.body.find(std::string(game->info().name)), std::string::npos);
    EXPECT_NE(reply.body.find("/api/games/" + std::string(game->info().slug) + "/init"),
              std::string::npos);
  }
}

TEST(ServerRoutes, DocsShowEverySectionEscaped) {
  for (const GameService* game : all_games()) {
    std::string slug(game->info().slug);
    for (const HttpReply& reply : {get("/docs/api"), get("/docs/api/" + slug)}) {
      ASSERT_EQ(reply.status, 200);
      EXPECT_EQ(reply.header("content-type"), "text/html; charset=utf-8");
      for (auto needle :
           {"<h3>Goal</h3>", "<h3>Scoring</h3>", "<h3>Rules</h3>", "<h3>Action grammar</h3>",
            "<h3>Start a game</h3>", "curl &#39;http://127.0.0.1/api/games/", "&quot;type&quot;"}) {
        EXPECT_NE(reply.body.find(needle), std::string::npos) << needle;
      }
      EXPECT_NE(reply.body.find(std::string(game->info().name)), std::string::npos);
      EXPECT_EQ(reply.body.find("\"type\""), std::string::npos) << "grammar left unescaped";
    }
  }
}

TEST(ServerRoutes, LobbyAndPlayPageLinkEveryGame) {
  HttpReply lobby = get("/");
  ASSERT_EQ(lobby.status, 200);
  EXPECT_EQ(lobby.header("content-type"), "text/html; charset=utf-8");
  for (const GameService* game : all_games()) {
    std::string slug(game->info().slug);
    EXPECT_NE(lobby.body.find("/docs/api/" + slug), std::string::npos);
    EXPECT_NE(lobby.body.find("/api/games/" + slug + "/init"), std::string::npos);
    HttpReply page = get("/play/" + slug);
    ASSERT_EQ(page.status, 200);
    EXPECT_NE(page.body.find(std::string(game->info().name)), std::string::npos);
  }
}

TEST(ServerRoutes, ActionBodyThatIsNotAnObjectWithStateAndActionIs400) {
  std::string target = "/api/games/" + std::string(kSlug) + "/action";
  std::string state = Json::parse(get("/api/games/stormlark/init?seed=3").body).at("state").dump();
  for (std::string body :
       {std::string("not json"), std::string("[]"), std::string("\"x\""), std::string("{}"),
        std::string("null"), std::string("{\"state\":1"), "{\"state\":" + state + "}",
        std::string("{\"action\":{\"type\":\"UP\"}}"),
        std::string("{\"state\":1,\"action\":{\"type\":\"UP\"}} trailing"), std::string(" ")}) {
    HttpReply reply = post(target, body);
    expect_json_error(reply, 400, "Invalid body");
    EXPECT_FALSE(Json::parse(reply.body).at("issues").items.empty()) << body;
  }
  HttpReply empty = http_request(live_port(), "POST", target);
  expect_json_error(empty, 400, "Invalid body");
}

TEST(ServerRoutes, ActionOutsideTheGrammarIs400InvalidBody) {
  std::string state = Json::parse(get("/api/games/stormlark/init?seed=3").body).at("state").dump();
  for (std::string action : {"{\"type\":\"JUMP\"}", "{}", "\"UP\"", "{\"type\":7}"}) {
    HttpReply reply =
        post("/api/games/stormlark/action", "{\"state\":" + state + ",\"action\":" + action + "}");
    expect_json_error(reply, 400, "Invalid body");
  }
}

TEST(ServerRoutes, MutatedStateIs400InvalidState) {
  Json state = Json::parse(get("/api/games/stormlark/init?seed=3").body).at("state");
  for (auto& [key, value] : state.fields) {
    if (key == "hull") value.text = "99";
  }
  HttpReply reply = post("/api/games/stormlark/action",
                         "{\"state\":" + state.dump() + ",\"action\":{\"type\":\"UP\"}}");
  expect_json_error(reply, 400, "Invalid state");
  EXPECT_NE(reply.body.find("hull"), std::string::npos) << reply.body;
}

TEST(ServerRoutes, DeepNestingIs400) {
  std::string deep(10000, '[');
  expect_json_error(post("/api/games/stormlark/action", deep), 400, "Invalid body");
  std::string nested = "{\"state\":" + std::string(5000, '[') + std::string(5000, ']') +
                       ",\"action\":{\"type\":\"UP\"}}";
  expect_json_error(post("/api/games/stormlark/action", nested), 400, "Invalid body");
}

}  // namespace
}  // namespace gb::server::testing
