// GET /openapi.json: an OpenAPI 3.1 description of every route, with JSON Schemas (2020-12) for
// each registered game's state, action, observation and answers. Generated from the route table
// (each described row names its operation below) and the registry (each game brings its schemas
// in its GameInfo), so a route or a game registered once appears here too.
#pragma once

#include <string>
#include <string_view>

#include "server/http/router.h"

namespace gb {
class JsonWriter;
}

namespace gb::server {

// How the document describes one row of the route table.
struct OpenApiOperation {
  // Writes the members of the operation object (operationId, summary, tags, parameters,
  // requestBody, responses); `game` is set for one game's own path, null for the pattern's.
  void (*write)(JsonWriter& w, const GameService* game);
  // Whether the row is also described once per registered game, at its pattern with `{slug}`
  // replaced by the game's slug (the game routes: init, action, batch).
  bool per_game = false;
};

// The operations the route table names.
extern const OpenApiOperation kListGamesOperation;
extern const OpenApiOperation kInitOperation;
extern const OpenApiOperation kActionOperation;
extern const OpenApiOperation kBatchOperation;
extern const OpenApiOperation kSubmitRunOperation;
extern const OpenApiOperation kListRunsOperation;
extern const OpenApiOperation kGetRunOperation;
extern const OpenApiOperation kLeaderboardOperation;
extern const OpenApiOperation kDailyOperation;
extern const OpenApiOperation kMcpOperation;
extern const OpenApiOperation kSuitesOperation;
extern const OpenApiOperation kOpenCardOperation;
extern const OpenApiOperation kGetCardOperation;
extern const OpenApiOperation kCloseCardOperation;
extern const OpenApiOperation kAgentsBoardOperation;
extern const OpenApiOperation kHealthOperation;
extern const OpenApiOperation kOpenApiOperation;
extern const OpenApiOperation kMetricsOperation;
extern const OpenApiOperation kLlmsTxtOperation;
extern const OpenApiOperation kDocsOverviewOperation;
extern const OpenApiOperation kGameDocsOperation;
extern const OpenApiOperation kLobbyOperation;
extern const OpenApiOperation kPlayPageOperation;
extern const OpenApiOperation kWebAssetOperation;

// The document's path for `pattern` described for the game `slug` (its `{slug}` replaced).
std::string described_path(std::string_view pattern, std::string_view slug);

// The whole document as compact JSON. The same text for every request (paths are relative to
// the server the document was fetched from).
const std::string& openapi_document();

// GET /openapi.json.
Response openapi_route(const RouteContext& context);

}  // namespace gb::server
