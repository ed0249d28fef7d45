// The registry: every game keyed by slug, in a fixed order. Registering a game here is the one
// step that makes it appear in the index, the docs, llms.txt, the lobby and the CLI.
#pragma once

#include <span>
#include <string_view>

#include "registry/service.h"

namespace gb {

// All registered games, in index order.
std::span<const GameService* const> all_games();

// The game with this slug, or nullptr.
const GameService* find_game(std::string_view slug);

}  // namespace gb
