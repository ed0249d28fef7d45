// The text and HTML routes: llms.txt, the API docs, the lobby, the per-game pages, the replay
// viewer and the scorecard pages.
#pragma once

#include "server/http/router.h"

namespace gb::server {

// GET /llms.txt.
Response llms_txt_route(const RouteContext& context);
// GET /docs/api.
Response docs_overview_route(const RouteContext& context);
// GET /docs/api/{slug}.
Response game_docs_route(const RouteContext& context);
// GET /: web/index.html when present, else the generated lobby.
Response lobby_route(const RouteContext& context);
// GET /play/{slug}: web/play.html when present, else the generated game page.
Response play_route(const RouteContext& context);
// GET /web/{file}: a script, style sheet or image from the web folder, else 404.
Response web_asset_route(const RouteContext& context);
// GET /wasm/{file}: the WebAssembly engine's .mjs or .wasm, else 404.
Response wasm_asset_route(const RouteContext& context);
// GET /replay and GET /replay/{id}: web/replay.html, the replay viewer, else 404.
Response replay_page_route(const RouteContext& context);

// GET /leaderboard/{slug}: web/leaderboard.html, or a generated page linking the board's JSON.
Response leaderboard_page_route(const RouteContext& context);

// GET /agents: web/agents.html (every suite's agents' board), or a generated page linking the JSON.
Response agents_page_route(const RouteContext& context);

// GET /scorecards/{id}: web/scorecard.html (the page reads the card itself, so an unknown id is
// the page's to say), or a generated page linking the card's JSON.
Response scorecard_page_route(const RouteContext& context);

}  // namespace gb::server
