// The JSON API routes: the game index, init, action and the health check.
#pragma once

#include "server/http/router.h"

namespace gb::server {

// GET /api/games: the index of every registered game.
Response games_index_route(const RouteContext& context);

// GET /api/games/{slug}/init?seed=N: a new game; 400 "Invalid seed" unless N is 0..4294967295
// in plain decimal; without a seed the server draws one.
Response init_route(const RouteContext& context);

// POST /api/games/{slug}/action with {state, action}: 400 "Invalid body" when the body is not a
// JSON object holding both; otherwise the game's answer (200, or 400 for a bad action or state).
Response action_route(const RouteContext& context);

// GET /healthz: {"ok":true}.
Response health_route(const RouteContext& context);

}  // namespace gb::server
