// The route table's row and the one match of a request against it. A row carries every fact about
// its route (method, pattern, body limit, where it runs, rate limit, metrics label, OpenAPI
// operation, handler); the server matches a request once, when its header arrives, and passes
// the match on to the body limit, the work pool, the rate limiter, the metrics and the handler.
// Patterns hold at most one `{slug}` (a game), `{id}` (a stored run) or `{file}` (a web asset
// name) segment; an unknown path answers 404, an unknown slug 404, a known path asked with the
// wrong method 405 (with Allow).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "registry/service.h"
#include "server/http/http_types.h"
#include "server/http/limits.h"
#include "server/http/services.h"
#include "server/http/target.h"

namespace gb::server {

class Metrics;
struct OpenApiOperation;  // routes/openapi.h: how the OpenAPI document describes a row

// What a route handler gets: the request, its split target, the game named by `{slug}` (resolved
// before the handler runs, so `game` is never null on a `{slug}` route) or the `{file}` segment.
struct RouteContext {
  const Request& request;
  Target target = {};
  std::string_view slug;
  std::string_view file;
  std::string_view id;
  const GameService* game = nullptr;
  std::string base;                    // public base URL for links, "" for relative ones
  const Services* services = nullptr;  // the store and limits; null when serving without them
  Metrics* metrics = nullptr;          // the server's counters (GET /metrics), or null
};

using RouteHandler = Response (*)(const RouteContext&);

// Where the server runs a route: on the connection's own thread, or on the work pool (the route
// touches the store, so it may block).
enum class RunsOn : uint8_t { kConnection, kWorkPool };

// One row of the route table.
struct Route {
  std::string_view method;
  std::string_view pattern;  // e.g. "/api/games/{slug}/init"
  RouteHandler handler;
  size_t body_limit = kMaxBodyBytes;  // a larger body answers 413 before it is read
  RunsOn runs_on = RunsOn::kConnection;
  bool rate_limited = false;  // the per-client submission limiter admits it first (429)
  const OpenApiOperation* openapi = nullptr;  // its description; null: a browser-only page
  std::string_view metrics_label = {};        // the metrics' route label; empty: the pattern

  // The label the metrics count this route under.
  constexpr std::string_view label() const {
    return metrics_label.empty() ? pattern : metrics_label;
  }
};

// The largest number of rows a table may hold (RouteMatch keeps one bit per row).
inline constexpr size_t kMaxRoutes = 64;

// A request matched against a table once: the first row whose method and pattern match (or none),
// the placeholder's segment, and which rows' patterns matched the path (the Allow of a 405).
struct RouteMatch {
  const Route* route = nullptr;  // null: no row has this method and path
  size_t index = 0;              // the row's index, or the table's size when none
  Target target = {};
  std::string_view value = {};  // the `{slug}`, `{id}` or `{file}` segment of the matched pattern
  uint64_t path_rows = 0;       // bit i: row i's pattern matches the path

  // The most body bytes the request may send: its row's limit, kMaxBodyBytes without a row.
  size_t body_limit() const { return route != nullptr ? route->body_limit : kMaxBodyBytes; }
  // Whether the server runs it on the work pool.
  bool on_work_pool() const { return route != nullptr && route->runs_on == RunsOn::kWorkPool; }
  // Whether the submission limiter must admit it first.
  bool rate_limited() const { return route != nullptr && route->rate_limited; }
};

// True when `path` matches `pattern` segment by segment; a placeholder (`{slug}`, `{id}` or
// `{file}`) matches one non-empty segment, stored in `value`.
bool match_path(std::string_view pattern, std::string_view path, std::string_view& value);

// Matches (method, target) against `routes` (at most kMaxRoutes rows) once. The views point into
// `target`, which must outlive the match.
RouteMatch match_route(std::span<const Route> routes, std::string_view method,
                       std::string_view target);

// Runs the route `match` found for `request` with `services` and `metrics`; answers 404 (no path,
// or an unknown slug) or 405 with Allow (the path exists with other methods) itself.
Response run_route(const Request& request, std::span<const Route> routes, const RouteMatch& match,
                   const Services* services = nullptr, Metrics* metrics = nullptr);

// Matches `request` and runs its route: run_route(match_route(...)).
Response route_request(const Request& request, std::span<const Route> routes,
                       const Services* services = nullptr, Metrics* metrics = nullptr);

}  // namespace gb::server
