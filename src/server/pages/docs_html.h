// The HTML API docs (GET /docs/api and /docs/api/{slug}), built from the registry alone.
#pragma once

#include <string>
#include <string_view>

#include "registry/service.h"

namespace gb::server {

// Returns the overview page: the loop, then every registered game's section.
std::string render_docs_overview(std::string_view base);

// Returns one game's page: the loop, then its Goal, Scoring, Rules, Action grammar and a curl
// example that starts a game.
std::string render_game_docs(const GameService& game, std::string_view base);

}  // namespace gb::server
