// The keys of `gameboard play`, as on the web play pages, and each game's clock.
//   Stormlark (turn-based): Up/Down move, Space FIRE, V VENT, N NEXT_REACH, Esc END_RUN.
//   Glimfall (30 ticks/s):  Left/Right rotate, Enter/Space start.
//   Silkspan (60 ticks/s):  arrows set the heading, Space releases; Enter/Space start, and open
//                           the next panel at the interstitial; Esc endRun.
//   Every game: P pauses the clock, q quits.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cli/terminal.h"

namespace gb::cli {

// The action JSON a key sends in game `slug`, given the action types now legal; "" for none.
std::string action_for_key(std::string_view slug, const KeyPress& key,
                           const std::vector<std::string>& legal_types);

// Ticks per second of the game's real-time clock; 0 for a turn-based game.
int ticks_per_second(std::string_view slug);

// One line naming the game's keys, shown under the board.
std::string_view key_help(std::string_view slug);

}  // namespace gb::cli
