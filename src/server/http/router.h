// Matching a request against the route table: path patterns with one `{slug}` (a game), `{id}`
// (a stored run) or `{file}` (a web asset name) segment, 404 for an unknown path or slug, 405 (with
// Allow) for a known path asked with the wrong method.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "registry/service.h"
#include "server/http_types.h"
#include "server/services.h"
#include "server/target.h"

namespace gb::server {

class Metrics;

// What a route handler gets: the request, its split target, the game named by `{slug}` (resolved
// before the handler runs, so `game` is never null on a `{slug}` route) or the `{file}` segment.
struct RouteContext {
  const Request& request;
  Target target;
  std::string_view slug;
  std::string_view file;
  std::string_view id;
  const GameService* game = nullptr;
  std::string base;                    // public base URL for links, "" for relative ones
  const Services* services = nullptr;  // the store and limits; null when serving without them
  Metrics* metrics = nullptr;          // the server's counters (GET /metrics), or null
};

using RouteHandler = Response (*)(const RouteContext&);

struct Route {
  std::string_view method;
  std::string_view pattern;  // e.g. "/api/games/{slug}/init"
  RouteHandler handler;
};

// True when `path` matches `pattern` segment by segment; a placeholder (`{slug}`, `{id}` or
// `{file}`) matches one non-empty segment, stored in `value`.
bool match_path(std::string_view pattern, std::string_view path, std::string_view& value);

// Finds the route for `request` in `routes` and runs it with `services` and `metrics`; answers
// 404 or 405 itself.
Response route_request(const Request& request, std::span<const Route> routes,
                       const Services* services = nullptr, Metrics* metrics = nullptr);

}  // namespace gb::server
