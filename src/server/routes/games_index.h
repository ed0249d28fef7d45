// The JSON index of GET /api/games, built from the registry alone.
#pragma once

#include <string>
#include <string_view>

namespace gb::server {

// Returns {service, description, howToPlay:{step1,step2,choosingActions}, docs, count,
// games:[{slug,name,genre,description,goal,initUrl,actionUrl,docsUrl}]} with URLs under `base`.
std::string render_games_index(std::string_view base);

// Returns {"error":"Unknown game","games":[slugs]} listing every registered slug.
std::string render_unknown_game();

}  // namespace gb::server
