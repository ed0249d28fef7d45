// The MCP tool table (SPEC sections 10 and 14): list_games, get_rules, new_game, act, get_state,
// get_replay, submit_run, open_scorecard, close_scorecard. Each row is {name, description, input
// schema, handler}; handlers reach games only through the registry and the held games, runs
// through runs::submit_run, and scorecards through runs/cards.h.
#pragma once

#include <span>
#include <string_view>

#include "mcp/protocol.h"

namespace gb::mcp {

// Every tool, in the order tools/list shows them.
std::span<const Tool> tool_table();

// The tool named `name`, or nullptr.
const Tool* find_tool(std::string_view name);

}  // namespace gb::mcp
