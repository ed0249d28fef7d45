// The MCP tools of scorecards (SPEC section 14): open_scorecard opens a card and answers its
// slots, each with the handle of a game bound to it (bound_games.h), and close_scorecard closes it
// and answers its scores. Both go through runs/cards.h, as the HTTP routes do.
#pragma once

#include "core/json_reader.h"
#include "mcp/protocol.h"

namespace gb::mcp {

// {suite, name, token?, agent?:{label?, model?, harness?, notes?}}: the opened card, as
// POST /api/scorecards answers it with each slot's gameId, and the same as text for an agent.
ToolAnswer open_scorecard(JsonValue args, const ToolContext& context);

// {scorecard, token, usage?}: the final card, as GET /api/scorecards/{id} answers it, and its
// table of scores as text.
ToolAnswer close_scorecard(JsonValue args, const ToolContext& context);

}  // namespace gb::mcp
