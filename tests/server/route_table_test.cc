// The route table (src/server/routes/routes.cc): each row carries its route's facts, a request is
// matched once and the match is what runs, /openapi.json's paths come from the rows, and no file
// of src/server names a game.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "registry/registry.h"
#include "server/http/handler.h"
#include "server/http/router.h"
#include "server/json_tree.h"
#include "server/routes/body_limit.h"
#include "server/routes/openapi.h"
#include "server/routes/routes.h"

namespace gb::server::testing {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool has_key(const Json& object, std::string_view key) {
  return std::any_of(object.fields.begin(), object.fields.end(),
                     [&](const auto& field) { return field.first == key; });
}

std::string_view first_slug() {
  return all_games().front()->info().slug;
}

TEST(RouteTable, EveryDescribedRowIsInTheDocumentUnderItsMethod) {
  Json paths = Json::parse(openapi_document()).at("paths");
  for (const Route& route : route_table()) {
    if (route.openapi == nullptr) continue;
    ASSERT_TRUE(has_key(paths, route.pattern)) << route.pattern;
    EXPECT_TRUE(has_key(paths.at(route.pattern), lower(route.method))) << route.pattern;
    if (!route.openapi->per_game) continue;
    for (const GameService* game : all_games()) {
      std::string path = described_path(route.pattern, game->info().slug);
      ASSERT_TRUE(has_key(paths, path)) << path;
      EXPECT_TRUE(has_key(paths.at(path), lower(route.method))) << path;
    }
  }
}

TEST(RouteTable, EveryDocumentedOperationHasARow) {
  Json paths = Json::parse(openapi_document()).at("paths");
  ASSERT_FALSE(paths.fields.empty());
  for (const auto& [path, item] : paths.fields) {
    for (const auto& [method, operation] : item.fields) {
      bool found = false;
      for (const Route& route : route_table()) {
        if (route.openapi == nullptr || lower(route.method) != method) continue;
        if (route.pattern == path) found = true;
        for (const GameService* game : all_games()) {
          if (route.openapi->per_game && described_path(route.pattern, game->info().slug) == path) {
            found = true;
          }
        }
      }
      EXPECT_TRUE(found) << method << " " << path << " is described but has no row";
    }
  }
}

TEST(RouteTable, OnlyBrowserPagesGoUndescribed) {
  size_t undescribed = 0;
  for (const Route& route : route_table()) {
    if (route.openapi != nullptr) continue;
    ++undescribed;
    EXPECT_EQ(route.method, "GET") << route.pattern;
    EXPECT_FALSE(route.pattern.starts_with("/api")) << route.pattern << " is an API route";
    EXPECT_NE(route.pattern, "/mcp");
  }
  EXPECT_LT(undescribed, route_table().size() / 2);
}

TEST(RouteTable, RowsCarryLimitsPoolRateLimitAndLabel) {
  const std::string game = "/api/games/" + std::string(first_slug());
  const std::string batch_target = game + "/batch?x=1";  // the match's views point into it
  RouteMatch batch = match_route(route_table(), "POST", batch_target);
  ASSERT_NE(batch.route, nullptr);
  EXPECT_EQ(batch.body_limit(), kMaxBatchBodyBytes);
  EXPECT_FALSE(batch.on_work_pool());
  EXPECT_EQ(batch.route->label(), "/api/games/{slug}/batch");
  EXPECT_EQ(batch.value, first_slug());

  RouteMatch submit = match_route(route_table(), "POST", "/api/runs");
  ASSERT_NE(submit.route, nullptr);
  EXPECT_EQ(submit.body_limit(), kMaxRunBodyBytes);
  EXPECT_TRUE(submit.on_work_pool());
  EXPECT_TRUE(submit.rate_limited());

  for (std::string_view store_route : {"/api/runs", "/api/runs/7", "/metrics"}) {
    RouteMatch m = match_route(route_table(), "GET", store_route);
    EXPECT_TRUE(m.on_work_pool()) << store_route;
    EXPECT_FALSE(m.rate_limited()) << store_route;
  }
  EXPECT_TRUE(match_route(route_table(), "POST", "/mcp").on_work_pool());
  const std::string action_target = game + "/action";
  RouteMatch action = match_route(route_table(), "POST", action_target);
  EXPECT_EQ(action.body_limit(), kMaxBodyBytes);
  EXPECT_FALSE(action.on_work_pool());
  EXPECT_FALSE(action.rate_limited());
  // Exactly one row is rate limited.
  EXPECT_EQ(std::count_if(route_table().begin(), route_table().end(),
                          [](const Route& r) { return r.rate_limited; }),
            1);
}

TEST(RouteTable, AnUnmatchedRequestKnowsItsPathAndGetsTheDefaults) {
  RouteMatch wrong_method = match_route(route_table(), "GET", "/mcp");
  EXPECT_EQ(wrong_method.route, nullptr);
  EXPECT_EQ(wrong_method.index, route_table().size());
  EXPECT_NE(wrong_method.path_rows, 0u);
  EXPECT_EQ(wrong_method.body_limit(), kMaxBodyBytes);
  EXPECT_FALSE(wrong_method.on_work_pool());
  Response r = run_route(Request{"GET", "/mcp", "", "h"}, route_table(), wrong_method);
  EXPECT_EQ(r.status, 405);
  ASSERT_FALSE(r.headers.empty());
  EXPECT_EQ(r.headers.back().value, "POST, OPTIONS");

  RouteMatch nowhere = match_route(route_table(), "GET", "/nowhere");
  EXPECT_EQ(nowhere.path_rows, 0u);
  EXPECT_EQ(run_route(Request{"GET", "/nowhere", "", "h"}, route_table(), nowhere).status, 404);
}

TEST(RouteTable, TheHandlerRunsTheMatchItIsGivenWithoutMatchingAgain) {
  // A match for /healthz given with another target: the handler answers the match's route, so it
  // did not match the request a second time.
  RouteMatch health = match_route(route_table(), "GET", "/healthz");
  Response r = handle(Request{"GET", "/nowhere", "", "h"}, health, nullptr, nullptr);
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, "{\"ok\":true}");
  // The body limit comes from the match too.
  std::string body(kMaxBodyBytes + 1, ' ');
  RouteMatch batch = match_route(route_table(), "POST", "/api/games/x/batch");
  EXPECT_NE(
      handle(Request{"POST", "/api/games/x/action", body, "h"}, batch, nullptr, nullptr).status,
      413);
  RouteMatch action = match_route(route_table(), "POST", "/api/games/x/action");
  EXPECT_EQ(
      handle(Request{"POST", "/api/games/x/batch", body, "h"}, action, nullptr, nullptr).status,
      413);
}

TEST(RouteTable, NoFileOfTheServerNamesAGame) {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(GB_SOURCE_DIR) / "src" / "server";
  size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    ++files;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    const std::string content = lower(text.str());
    for (const GameService* game : all_games()) {
      EXPECT_EQ(content.find(lower(game->info().slug)), std::string::npos)
          << entry.path() << " names " << game->info().slug;
    }
  }
  EXPECT_GT(files, 30u);
}

}  // namespace
}  // namespace gb::server::testing
