#include "server/router.h"

#include "registry/registry.h"
#include "server/games_index.h"
#include "server/site.h"

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

Response route_request(const Request& request, std::span<const Route> routes,
                       const Services* services, Metrics* metrics) {
  Target target = split_target(request.target);
  std::string allow;
  for (const Route& route : routes) {
    std::string_view value;
    if (!match_path(route.pattern, target.path, value)) continue;
    if (route.method != request.method) {
      if (allow.find(route.method) == std::string::npos) {
        allow += route.method;
        allow += ", ";
      }
      continue;
    }
    RouteContext context{request,  target, {}, {}, {}, nullptr, base_url(request.host),
                         services, metrics};
    if (route.pattern.find(kFileSegment) != std::string_view::npos) context.file = value;
    if (route.pattern.find(kIdSegment) != std::string_view::npos) context.id = value;
    if (route.pattern.find(kSlugSegment) != std::string_view::npos) {
      context.slug = value;
      context.game = find_game(value);
      if (context.game == nullptr) return json_response(404, render_unknown_game());
    }
    return route.handler(context);
  }
  if (allow.empty()) return json_error(404, "Not found");
  Response response = json_error(405, "Method not allowed");
  response.headers.push_back({"Allow", allow + "OPTIONS"});
  return response;
}

}  // namespace gb::server
