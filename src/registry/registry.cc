#include "registry/registry.h"

#include <array>

#include "games/all_games.h"
#include "gb_games/traits.h"

namespace gb {
namespace {

#define GB_SERVICE(slug) const ServiceFor<slug::Traits> k_##slug;
GB_ALL_GAMES(GB_SERVICE)
#undef GB_SERVICE

#define GB_SERVICE_ADDRESS(slug) &k_##slug,
const auto kGames = std::to_array<const GameService*>({GB_ALL_GAMES(GB_SERVICE_ADDRESS)});
#undef GB_SERVICE_ADDRESS

}  // namespace

std::span<const GameService* const> all_games() {
  return kGames;
}

const GameService* find_game(std::string_view slug) {
  for (const GameService* g : kGames) {
    if (g->info().slug == slug) return g;
  }
  return nullptr;
}

std::string slug_list() {
  std::string out;
  for (const GameService* g : kGames) {
    if (!out.empty()) out += ", ";
    out += g->info().slug;
  }
  return out;
}

void write_slug_array(JsonWriter& out) {
  out.begin_array();
  for (const GameService* game : kGames) out.value(game->info().slug);
  out.end_array();
}

}  // namespace gb
