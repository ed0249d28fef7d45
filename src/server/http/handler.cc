#include "server/http/handler.h"

#include <atomic>

#include "server/routes/routes.h"

namespace gb::server {
namespace {

std::atomic<uint64_t> exception_count{0};

}  // namespace

uint64_t handler_exception_count() {
  return exception_count.load(std::memory_order_relaxed);
}

Response internal_error_response() noexcept {
  exception_count.fetch_add(1, std::memory_order_relaxed);
  // Built by hand: allocation may be what failed, and this must not throw.
  Response response;
  try {
    response.status = 500;
    response.content_type = kJsonType;
    response.body = "{\"error\":\"Internal error\"}";
  } catch (...) {
    response.status = 500;
  }
  return response;
}

Response handle(const Request& request, const Services* services, Metrics* metrics) {
  return handle(request, match_route(route_table(), request.method, request.target), services,
                metrics);
}

Response handle(const Request& request, const RouteMatch& match, const Services* services,
                Metrics* metrics) {
  Response response = run_guarded([&] {
    if (request.method == "OPTIONS") {
      Response preflight{204, {}, {}, {}};
      add_preflight_headers(preflight);
      return preflight;
    }
    if (request.body.size() > match.body_limit()) return json_error(413, "Body too large");
    return run_route(request, route_table(), match, services, metrics);
  });
  try {
    add_cors_headers(response);
  } catch (...) {
    // Out of memory while adding one header: the answer still goes out, without it.
  }
  return response;
}

}  // namespace gb::server
