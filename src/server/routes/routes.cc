#include "server/routes/routes.h"

#include <array>

#include "server/http/metrics.h"
#include "server/pages/page_routes.h"
#include "server/routes/api_routes.h"
#include "server/routes/batch_route.h"
#include "server/routes/body_limit.h"
#include "server/routes/mcp_route.h"
#include "server/routes/openapi.h"
#include "server/routes/run_routes.h"
#include "server/routes/scorecard_routes.h"

namespace gb::server {
namespace {

constexpr RunsOn kPool = RunsOn::kWorkPool;

// One row per route. The store routes run on the work pool (POST /mcp's tools and /metrics' live
// games gauge read the store too); only a run submission passes the per-client rate limiter.
constexpr auto kRoutes = std::to_array<Route>({
    // clang-format off
    {.method = "GET", .pattern = "/api/games", .handler = games_index_route,
     .openapi = &kListGamesOperation},
    {.method = "GET", .pattern = "/api/games/{slug}/init", .handler = init_route,
     .openapi = &kInitOperation},
    {.method = "POST", .pattern = "/api/games/{slug}/action", .handler = action_route,
     .openapi = &kActionOperation},
    {.method = "POST", .pattern = "/api/games/{slug}/batch", .handler = batch_route,
     .body_limit = kMaxBatchBodyBytes, .openapi = &kBatchOperation},
    {.method = "POST", .pattern = "/api/runs", .handler = submit_run_route,
     .body_limit = kMaxRunBodyBytes, .runs_on = kPool, .rate_limited = true,
     .openapi = &kSubmitRunOperation},
    {.method = "GET", .pattern = "/api/runs", .handler = list_runs_route, .runs_on = kPool,
     .openapi = &kListRunsOperation},
    {.method = "GET", .pattern = "/api/runs/{id}", .handler = get_run_route, .runs_on = kPool,
     .openapi = &kGetRunOperation},
    {.method = "GET", .pattern = "/api/leaderboard/{slug}", .handler = leaderboard_route,
     .runs_on = kPool, .openapi = &kLeaderboardOperation},
    {.method = "GET", .pattern = "/api/daily/{slug}", .handler = daily_route, .runs_on = kPool,
     .openapi = &kDailyOperation},
    {.method = "GET", .pattern = "/api/suites", .handler = suites_route,
     .openapi = &kSuitesOperation},
    {.method = "POST", .pattern = "/api/scorecards", .handler = open_card_route, .runs_on = kPool,
     .openapi = &kOpenCardOperation},
    {.method = "GET", .pattern = "/api/scorecards", .handler = agents_board_route,
     .runs_on = kPool, .openapi = &kAgentsBoardOperation},
    {.method = "GET", .pattern = "/api/scorecards/{id}", .handler = get_card_route,
     .runs_on = kPool, .openapi = &kGetCardOperation},
    {.method = "POST", .pattern = "/api/scorecards/{id}/close", .handler = close_card_route,
     .runs_on = kPool, .openapi = &kCloseCardOperation},
    {.method = "POST", .pattern = "/mcp", .handler = mcp_route, .runs_on = kPool,
     .openapi = &kMcpOperation},
    {.method = "GET", .pattern = "/healthz", .handler = health_route,
     .openapi = &kHealthOperation},
    {.method = "GET", .pattern = "/openapi.json", .handler = openapi_route,
     .openapi = &kOpenApiOperation},
    {.method = "GET", .pattern = "/metrics", .handler = metrics_route, .runs_on = kPool,
     .openapi = &kMetricsOperation},
    {.method = "GET", .pattern = "/llms.txt", .handler = llms_txt_route,
     .openapi = &kLlmsTxtOperation},
    {.method = "GET", .pattern = "/docs/api", .handler = docs_overview_route,
     .openapi = &kDocsOverviewOperation},
    {.method = "GET", .pattern = "/docs/api/{slug}", .handler = game_docs_route,
     .openapi = &kGameDocsOperation},
    // Browser pages; web/ files take over when present (static_files.h).
    {.method = "GET", .pattern = "/", .handler = lobby_route, .openapi = &kLobbyOperation},
    {.method = "GET", .pattern = "/play/{slug}", .handler = play_route,
     .openapi = &kPlayPageOperation},
    {.method = "GET", .pattern = "/leaderboard/{slug}", .handler = leaderboard_page_route},
    {.method = "GET", .pattern = "/agents", .handler = agents_page_route},
    {.method = "GET", .pattern = "/scorecards/{id}", .handler = scorecard_page_route},
    {.method = "GET", .pattern = "/web/{file}", .handler = web_asset_route,
     .openapi = &kWebAssetOperation},
    {.method = "GET", .pattern = "/wasm/{file}", .handler = wasm_asset_route},
    {.method = "GET", .pattern = "/replay", .handler = replay_page_route},
    {.method = "GET", .pattern = "/replay/{file}", .handler = replay_page_route},
    // clang-format on
});
static_assert(kRoutes.size() <= kMaxRoutes);
static_assert([] {
  for (const Route& route : kRoutes) {
    if (route.body_limit > kLargestBodyBytes) return false;
  }
  return true;
}());

}  // namespace

std::span<const Route> route_table() {
  return kRoutes;
}

size_t max_body_bytes(std::string_view method, std::string_view target) {
  return match_route(route_table(), method, target).body_limit();
}

}  // namespace gb::server
