// The registry: every game of src/games/all_games.h keyed by slug, in the list's order. A line in
// that list is the one step that makes a game appear in the index, the docs, llms.txt, the lobby
// and the CLI.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "registry/service.h"

namespace gb {

// All registered games, in index order.
std::span<const GameService* const> all_games();

// The game with this slug, or nullptr.
const GameService* find_game(std::string_view slug);

// Every slug in index order, joined by ", " (for help texts).
std::string slug_list();

// Writes every slug in index order as a JSON array of strings.
void write_slug_array(JsonWriter& out);

}  // namespace gb
