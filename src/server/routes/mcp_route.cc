#include "server/routes/mcp_route.h"

#include <algorithm>

#include "mcp/rpc.h"

namespace gb::server {
namespace {

// Whether a browser at `origin` may call: its own page (same host) or a configured origin.
bool origin_allowed(const Request& request, const Services& services) {
  std::string_view origin = request.origin;
  if (origin.empty()) return true;  // not a browser: command-line clients and SDKs send none
  if (!request.host.empty() && (origin == "http://" + std::string(request.host) ||
                                origin == "https://" + std::string(request.host))) {
    return true;
  }
  return std::find(services.mcp_origins.begin(), services.mcp_origins.end(), origin) !=
         services.mcp_origins.end();
}

}  // namespace

Response mcp_route(const RouteContext& context) {
  const Services* services = context.services;
  if (services == nullptr || services->store == nullptr) {
    Response r = json_error(503, "No store");
    r.headers.push_back({"Retry-After", "60"});
    return r;
  }
  if (!origin_allowed(context.request, *services)) return json_error(403, "Origin not allowed");
  mcp::ToolContext tools;
  tools.store = services->store;
  tools.client = context.request.client.empty() ? "http" : std::string(context.request.client);
  tools.bounds = services->bounds;
  tools.secret = services->daily_secret;
  tools.slot_cache = services->slot_cache;
  std::optional<std::string> answer = mcp::answer_message(context.request.body, tools);
  if (!answer) return Response{202, {}, {}, {}};
  return json_response(200, std::move(*answer));
}

}  // namespace gb::server
