// The short answers an agent reads: a position as a few lines of text (the headline, the
// observation picture, the player's counters, the legal actions) and the same facts as
// structuredContent, without the full state.
#pragma once

#include <string>
#include <string_view>

#include "mcp/held_games.h"
#include "mcp/protocol.h"

namespace gb::mcp {

// Returns the answer for `position` with `headline` (e.g. "refused: blocked") first, when given.
// `kind` says whether it is a result or a refusal (isError).
ToolAnswer describe_position(const Position& position, ToolAnswer::Kind kind,
                             std::string_view headline = {});

// Returns the full state JSON of `position` (get_state with format "json").
std::string state_json(const Position& position);

}  // namespace gb::mcp
