// The routes of SPEC section 8: submitting a run (verified by replay), reading one back, the
// boards and the daily challenge. They touch the store, so their rows run them on the work pool.
#pragma once

#include <optional>

#include "server/http/router.h"
#include "server/http/services.h"
#include "server/routes/body_limit.h"

namespace gb::server {

// POST /api/runs: 201 stored, 200 already stored, 400 invalid, 403 name taken, 503 store down.
Response submit_run_route(const RouteContext& context);
// Its per-client submission limit, checked on the connection thread before the work of a
// rate-limited row (POST /api/runs) is queued: a 429 answer with Retry-After, or nullopt to go on.
std::optional<Response> admit_submission(const Request& request, const Services* services);

// GET /api/runs/{id}: the stored run with its actions; 404 unknown or hidden.
Response get_run_route(const RouteContext& context);
// GET /api/runs?slug=&kind=&after=&limit=: open data, {runs, next}; 400 for a bad parameter or an
// unknown game.
Response list_runs_route(const RouteContext& context);
// GET /api/leaderboard/{slug}?kind=&seed=&daily=&limit=&offset=
Response leaderboard_route(const RouteContext& context);
// GET /api/daily/{slug}: today's (UTC) challenge seed.
Response daily_route(const RouteContext& context);

}  // namespace gb::server
