#include "server/router.h"

#include "registry/registry.h"
#include "server/games_index.h"
#include "server/site.h"

namespace gb::server {
namespace {

constexpr std::string_view kSlugSegment = "{slug}";

// Removes and returns the next '/'-separated segment of `rest` (which starts with '/').
std::string_view next_segment(std::string_view& rest) {
  rest.remove_prefix(1);
  size_t end = rest.find('/');
  std::string_view segment = rest.substr(0, end);
  rest.remove_prefix(end == std::string_view::npos ? rest.size() : end);
  return segment;
}

}  // namespace

bool match_path(std::string_view pattern, std::string_view path, std::string_view& slug) {
  if (pattern.empty() || path.empty() || pattern.front() != '/' || path.front() != '/') {
    return false;
  }
  while (!pattern.empty() && !path.empty()) {
    std::string_view want = next_segment(pattern);
    std::string_view got = next_segment(path);
    if (want == kSlugSegment) {
      if (got.empty()) return false;
      slug = got;
    } else if (want != got) {
      return false;
    }
  }
  return pattern.empty() && path.empty();
}

Response route_request(const Request& request, std::span<const Route> routes) {
  Target target = split_target(request.target);
  std::string allow;
  for (const Route& route : routes) {
    std::string_view slug;
    if (!match_path(route.pattern, target.path, slug)) continue;
    if (route.method != request.method) {
      if (allow.find(route.method) == std::string::npos) {
        allow += route.method;
        allow += ", ";
      }
      continue;
    }
    RouteContext context{request, target, slug, nullptr, base_url(request.host)};
    if (route.pattern.find(kSlugSegment) != std::string_view::npos) {
      context.game = find_game(slug);
      if (context.game == nullptr) return json_response(404, render_unknown_game());
    }
    return route.handler(context);
  }
  if (allow.empty()) return json_error(404, "Not found");
  Response response = json_error(405, "Method not allowed");
  response.headers.emplace_back("Allow", allow + "OPTIONS");
  return response;
}

}  // namespace gb::server
