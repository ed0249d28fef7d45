#include "server/http/router.h"

#include "registry/registry.h"
#include "server/http/site.h"
#include "server/routes/games_index.h"

namespace gb::server {
namespace {

constexpr std::string_view kSlugSegment = "{slug}";
constexpr std::string_view kFileSegment = "{file}";
constexpr std::string_view kIdSegment = "{id}";

// Removes and returns the next '/'-separated segment of `rest` (which starts with '/').
std::string_view next_segment(std::string_view& rest) {
  rest.remove_prefix(1);
  size_t end = rest.find('/');
  std::string_view segment = rest.substr(0, end);
  rest.remove_prefix(end == std::string_view::npos ? rest.size() : end);
  return segment;
}

}  // namespace

bool match_path(std::string_view pattern, std::string_view path, std::string_view& value) {
  if (pattern.empty() || path.empty() || pattern.front() != '/' || path.front() != '/') {
    return false;
  }
  while (!pattern.empty() && !path.empty()) {
    std::string_view want = next_segment(pattern);
    std::string_view got = next_segment(path);
    if (want == kSlugSegment || want == kFileSegment || want == kIdSegment) {
      if (got.empty()) return false;
      value = got;
    } else if (want != got) {
      return false;
    }
  }
  return pattern.empty() && path.empty();
}

RouteMatch match_route(std::span<const Route> routes, std::string_view method,
                       std::string_view target) {
  RouteMatch match;
  match.target = split_target(target);
  match.index = routes.size();
  for (size_t i = 0; i < routes.size() && i < kMaxRoutes; ++i) {
    const Route& route = routes[i];
    std::string_view value;
    if (!match_path(route.pattern, match.target.path, value)) continue;
    match.path_rows |= uint64_t{1} << i;
    if (route.method != method) continue;
    match.route = &route;
    match.index = i;
    match.value = value;
    return match;
  }
  return match;
}

Response run_route(const Request& request, std::span<const Route> routes, const RouteMatch& match,
                   const Services* services, Metrics* metrics) {
  if (match.route == nullptr) {
    if (match.path_rows == 0) return json_error(404, "Not found");
    std::string allow;
    for (size_t i = 0; i < routes.size() && i < kMaxRoutes; ++i) {
      if ((match.path_rows >> i & 1) == 0 || allow.find(routes[i].method) != std::string::npos) {
        continue;
      }
      allow += routes[i].method;
      allow += ", ";
    }
    Response response = json_error(405, "Method not allowed");
    response.headers.push_back({"Allow", allow + "OPTIONS"});
    return response;
  }
  const Route& route = *match.route;
  RouteContext context{request, match.target,           {},       {},     {},
                       nullptr, base_url(request.host), services, metrics};
  if (route.pattern.find(kFileSegment) != std::string_view::npos) context.file = match.value;
  if (route.pattern.find(kIdSegment) != std::string_view::npos) context.id = match.value;
  if (route.pattern.find(kSlugSegment) != std::string_view::npos) {
    context.slug = match.value;
    context.game = find_game(match.value);
    if (context.game == nullptr) return json_response(404, render_unknown_game());
  }
  return route.handler(context);
}

Response route_request(const Request& request, std::span<const Route> routes,
                       const Services* services, Metrics* metrics) {
  return run_route(request, routes, match_route(routes, request.method, request.target), services,
                   metrics);
}

}  // namespace gb::server
