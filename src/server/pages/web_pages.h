// The browser pages: GET / (lobby) and GET /play/{slug}. Files from the web/ folder win when
// present (see static_files.h); otherwise these generate minimal pages from the registry.
#pragma once

#include <string>
#include <string_view>

#include "registry/service.h"

namespace gb::server {

// Returns the generated lobby: every game with links to its docs, its init URL and its page.
std::string render_lobby(std::string_view base);

// Returns the generated page of one game: what it is, and how to play it over the API.
std::string render_play_page(const GameService& game, std::string_view base);

// Returns the generated leaderboard page of one game: links to its boards' JSON.
std::string render_leaderboard_page(const GameService& game, std::string_view base);

}  // namespace gb::server
