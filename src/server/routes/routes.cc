#include "server/routes.h"

#include <array>

#include "server/api_routes.h"
#include "server/batch_route.h"
#include "server/mcp_route.h"
#include "server/metrics.h"
#include "server/openapi.h"
#include "server/page_routes.h"
#include "server/run_routes.h"

namespace gb::server {

std::span<const Route> route_table() {
  static constexpr auto kRoutes = std::to_array<Route>({
      {"GET", "/api/games", games_index_route},
      {"GET", "/api/games/{slug}/init", init_route},
      {"POST", "/api/games/{slug}/action", action_route},
      {"POST", "/api/runs", submit_run_route},
      {"GET", "/api/runs/{id}", get_run_route},
      {"GET", "/api/leaderboard/{slug}", leaderboard_route},
      {"GET", "/api/daily/{slug}", daily_route},
      {"POST", "/api/games/{slug}/batch", batch_route},
      {"POST", "/mcp", mcp_route},
      {"GET", "/healthz", health_route},
      {"GET", "/openapi.json", openapi_route},
      {"GET", "/metrics", metrics_route},
      {"GET", "/llms.txt", llms_txt_route},
      {"GET", "/docs/api", docs_overview_route},
      {"GET", "/docs/api/{slug}", game_docs_route},
      // Browser pages; web/ files take over when present (static_files.h).
      {"GET", "/", lobby_route},
      {"GET", "/play/{slug}", play_route},
      {"GET", "/leaderboard/{slug}", leaderboard_page_route},
      {"GET", "/web/{file}", web_asset_route},
      {"GET", "/wasm/{file}", wasm_asset_route},
      {"GET", "/replay", replay_page_route},
      {"GET", "/replay/{file}", replay_page_route},
  });
  return kRoutes;
}

}  // namespace gb::server
