#include "cli/play_keys.h"

#include <algorithm>

#include "games/all_games.h"

namespace gb::cli {

#define GB_KEYS_DECLARE(slug) extern const GameKeys slug##_keys;
GB_ALL_GAMES(GB_KEYS_DECLARE)
#undef GB_KEYS_DECLARE

namespace {

// The keys of game `slug`, or nullptr.
const GameKeys* find_keys(std::string_view slug) {
#define GB_KEYS_FIND(game) \
  if (slug == #game) return &game##_keys;
  GB_ALL_GAMES(GB_KEYS_FIND)
#undef GB_KEYS_FIND
  return nullptr;
}

}  // namespace

bool has_type(const std::vector<std::string>& types, std::string_view t) {
  return std::find(types.begin(), types.end(), t) != types.end();
}

std::string typed_action(std::string_view type) {
  return "{\"type\":\"" + std::string(type) + "\"}";
}

std::string action_for_key(std::string_view slug, const KeyPress& key,
                           const std::vector<std::string>& legal) {
  const GameKeys* keys = find_keys(slug);
  return keys ? keys->action_for_key(key, legal) : "";
}

int ticks_per_second(std::string_view slug) {
  const GameKeys* keys = find_keys(slug);
  return keys ? keys->ticks_per_second : 0;
}

std::string_view key_help(std::string_view slug) {
  const GameKeys* keys = find_keys(slug);
  return keys ? keys->help : "q quit";
}

}  // namespace gb::cli
