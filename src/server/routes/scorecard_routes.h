// The routes of SPEC section 14: the suites, opening, reading and closing a scorecard, and the
// agents' board. Filling a slot is POST /api/runs (run_routes.h). All but the suites touch the
// store, so their rows run them on the work pool.
#pragma once

#include "server/http/router.h"

namespace gb::server {

// GET /api/suites: every suite with its games, caps, open seeds and reference means.
Response suites_route(const RouteContext& context);
// POST /api/scorecards: 201 the new card; 400 invalid; 403 name taken; 429 four cards open.
Response open_card_route(const RouteContext& context);
// GET /api/scorecards/{id}: the card with its statistics; 404 unknown.
Response get_card_route(const RouteContext& context);
// POST /api/scorecards/{id}/close: 200 the final card; 403 wrong token; 404 unknown; 409 expired.
Response close_card_route(const RouteContext& context);
// GET /api/scorecards?suite=&limit=&offset=: the agents' board of a suite.
Response agents_board_route(const RouteContext& context);

}  // namespace gb::server
