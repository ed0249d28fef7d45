// The one list of games. Every surface (registry, HTTP, MCP, wasm, Python, CLI, harness, tests)
// iterates GB_ALL_GAMES; nothing outside a game's own folders and files names a game. CMake reads
// this file (cmake/games.cmake) for its targets and generated include lists, so there is no
// second copy to keep in step.
//
// One line per game, in index order: X(slug). The slug is the game's folder under src/games/ and
// src/agents/, its C++ namespace (gb::<slug>) and its CMake targets (<slug>, <slug>_engine,
// <slug>_agents). docs/architecture.md, "Adding a game", is the checklist.
#pragma once

#include "gb_games/enabled.h"  // generated: GB_WITH_TEST_GAMES is 1 under -DGAMEBOARD_TEST_GAME=ON

// The games of the public build.
#define GB_PUBLIC_GAMES(X) \
  X(stormlark)             \
  X(glimfall)              \
  X(silkspan)

// Games that exist only for tests: built with -DGAMEBOARD_TEST_GAME=ON, never in the public build.
#define GB_TEST_GAMES(X) X(testgame)

#if GB_WITH_TEST_GAMES
#define GB_ALL_GAMES(X) GB_PUBLIC_GAMES(X) GB_TEST_GAMES(X)
#else
#define GB_ALL_GAMES(X) GB_PUBLIC_GAMES(X)
#endif

#include <string_view>

namespace gb {

// True for a game of GB_TEST_GAMES. Such a game exists to prove that the surfaces take any game
// of the list; it has no golden runs, no browser scenario and no agents worth measuring.
constexpr bool is_test_game(std::string_view slug) {
#define GB_IS_TEST_GAME(name) \
  if (slug == #name) return true;
  GB_TEST_GAMES(GB_IS_TEST_GAME)
#undef GB_IS_TEST_GAME
  return false;
}

}  // namespace gb
