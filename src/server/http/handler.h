// The whole service as a pure function: a request in, a response out, no sockets. The Beast
// layer (http_server.h) only translates to and from these structs.
#pragma once

#include <cstdint>

#include "server/http/http_types.h"
#include "server/http/metrics.h"
#include "server/http/router.h"
#include "server/http/services.h"

namespace gb::server {

// Answers one request. Never throws: OPTIONS answers the CORS preflight (204), a body above
// the route's limit (its row's body_limit) answers 413, everything else goes through the route
// table with `services` (the store and limits; null serves without them, and their routes answer
// 503) and `metrics` (the server's counters for GET /metrics; null answers that route 404). Every
// answer carries Access-Control-Allow-Origin: *.
Response handle(const Request& request, const Services* services = nullptr,
                Metrics* metrics = nullptr);

// The same for a request already matched against the route table (routes/routes.h) once: the
// server matches when the header arrives and passes the match on, so nothing matches it again.
Response handle(const Request& request, const RouteMatch& match, const Services* services,
                Metrics* metrics);

// Runs `produce` and returns its answer; if it throws, counts the exception and answers 500
// {"error":"Internal error"}. The test suite asserts the count stays 0.
template <class Produce>
Response run_guarded(Produce&& produce) noexcept;

// The number of exceptions run_guarded has caught since the process started.
uint64_t handler_exception_count();

// Internal: counts one caught exception and returns the 500 answer.
Response internal_error_response() noexcept;

template <class Produce>
Response run_guarded(Produce&& produce) noexcept {
  try {
    return produce();
  } catch (...) {
    return internal_error_response();
  }
}

}  // namespace gb::server
