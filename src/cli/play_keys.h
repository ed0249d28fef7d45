// The keys of `gameboard play`, as on the web play pages, and each game's clock. Each game of
// src/games/all_games.h defines `const GameKeys <slug>_keys` in src/cli/keys/<slug>.cc; every
// game: P pauses the clock, q quits.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cli/terminal.h"

namespace gb::cli {

// One game's keys.
struct GameKeys {
  // The action JSON a key sends, given the action types now legal; "" for none.
  std::string (*action_for_key)(const KeyPress& key, const std::vector<std::string>& legal_types);
  int ticks_per_second = 0;  // 0 for a turn-based game
  std::string_view help;     // one line naming the keys, shown under the board
};

// True when `types` holds `t`.
bool has_type(const std::vector<std::string>& types, std::string_view t);

// The action JSON {"type":"<type>"}.
std::string typed_action(std::string_view type);

// The action JSON a key sends in game `slug`, given the action types now legal; "" for none.
std::string action_for_key(std::string_view slug, const KeyPress& key,
                           const std::vector<std::string>& legal_types);

// Ticks per second of the game's real-time clock; 0 for a turn-based game.
int ticks_per_second(std::string_view slug);

// One line naming the game's keys, shown under the board.
std::string_view key_help(std::string_view slug);

}  // namespace gb::cli
