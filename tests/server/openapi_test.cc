// GET /openapi.json over real HTTP, and the links to it. The document's validity and every
// answer's conformance are checked by tests/openapi (node: a real OpenAPI validator and ajv).
#include <gtest/gtest.h>

#include "registry/registry.h"
#include "server/http_client.h"
#include "server/json_tree.h"
#include "server/live_server.h"

namespace gb::server::testing {
namespace {

TEST(ServerOpenApi, EveryGamePublishesItsStateAndObservationSchemas) {
  for (const GameService* game : all_games()) {
    const GameInfo& info = game->info();
    for (std::string_view schema : {info.state_schema, info.observation_schema}) {
      ASSERT_FALSE(schema.empty()) << info.slug;
      Json parsed = Json::parse(schema);
      EXPECT_EQ(parsed.at("type").text, "object") << info.slug;
      EXPECT_FALSE(parsed.at("required").items.empty()) << info.slug;
    }
  }
}

TEST(ServerOpenApi, TheDocumentDescribesEveryGamesRoutesAndSchemas) {
  HttpReply reply = http_request(live_port(), "GET", "/openapi.json");
  ASSERT_EQ(reply.status, 200);
  EXPECT_EQ(reply.header("content-type"), "application/json");
  Json doc = Json::parse(reply.body);
  EXPECT_EQ(doc.at("openapi").text, "3.1.0");
  const Json& paths = doc.at("paths");
  const Json& schemas = doc.at("components").at("schemas");
  for (std::string_view path :
       {"/api/games", "/api/games/{slug}/init", "/api/games/{slug}/action",
        "/api/games/{slug}/batch", "/healthz", "/llms.txt", "/docs/api", "/docs/api/{slug}", "/",
        "/play/{slug}", "/openapi.json", "/api/runs", "/api/runs/{id}", "/api/leaderboard/{slug}",
        "/api/daily/{slug}"}) {
    EXPECT_NO_THROW(paths.at(path)) << path;
  }
  // Two routes of one path share its object: submitting a run and the open-data listing.
  EXPECT_EQ(paths.at("/api/runs").at("post").at("operationId").text, "submitRun");
  EXPECT_EQ(paths.at("/api/runs").at("get").at("operationId").text, "listRuns");
  EXPECT_NO_THROW(schemas.at("RunList"));
  for (const GameService* game : all_games()) {
    const std::string slug(game->info().slug);
    for (std::string_view route : {"init", "action", "batch"}) {
      EXPECT_NO_THROW(paths.at("/api/games/" + slug + "/" + std::string(route))) << slug;
    }
    std::string prefix = slug;
    prefix[0] = static_cast<char>(prefix[0] - 'a' + 'A');
    for (std::string_view suffix : {"State", "Action", "Observation", "InitAnswer", "ActionAnswer",
                                    "BatchRequest", "BatchAnswer"}) {
      EXPECT_NO_THROW(schemas.at(prefix + std::string(suffix))) << prefix << suffix;
    }
    // The action schema is the seed's grammar, verbatim.
    EXPECT_EQ(schemas.at(prefix + "Action").dump(),
              Json::parse(game->info().action_grammar).dump());
  }
}

TEST(ServerOpenApi, LinkedFromLlmsTxtTheDocsAndTheIndex) {
  EXPECT_NE(http_request(live_port(), "GET", "/llms.txt").body.find("/openapi.json"),
            std::string::npos);
  EXPECT_NE(http_request(live_port(), "GET", "/docs/api").body.find("/openapi.json"),
            std::string::npos);
  Json index = Json::parse(http_request(live_port(), "GET", "/api/games").body);
  EXPECT_EQ(index.at("openapi").text, "http://127.0.0.1/openapi.json");
}

}  // namespace
}  // namespace gb::server::testing
