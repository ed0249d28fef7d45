// POST /mcp: the MCP server's Streamable HTTP transport (SPEC section 10), JSON answers only.
// GET /mcp is 405 (the route table allows POST alone), so clients open no event stream.
#pragma once

#include "server/http/router.h"

namespace gb::server {

// Answers one JSON-RPC message: 200 with the response, 202 for a notification, 403 for a present
// Origin that is neither the server's own (http(s)://Host) nor one configured, 503 without a
// store. Its row runs it on the work pool, since tools read and write the store.
Response mcp_route(const RouteContext& context);

}  // namespace gb::server
