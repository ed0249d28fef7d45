// GET /openapi.json: an OpenAPI 3.1 description of every route, with JSON Schemas (2020-12) for
// each registered game's state, action, observation and answers. Generated from the registry:
// each game brings its schemas in its GameInfo, so a game registered once appears here too.
#pragma once

#include <string>

#include "server/router.h"

namespace gb::server {

// The whole document as compact JSON. The same text for every request (paths are relative to
// the server the document was fetched from).
const std::string& openapi_document();

// GET /openapi.json.
Response openapi_route(const RouteContext& context);

}  // namespace gb::server
