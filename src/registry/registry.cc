#include "registry/registry.h"

#include <array>

#include "games/stormlark/traits.h"

namespace gb {
namespace {

const ServiceFor<stormlark::Traits> kStormlark;

const std::array<const GameService*, 1> kGames = {&kStormlark};

}  // namespace

std::span<const GameService* const> all_games() { return kGames; }

const GameService* find_game(std::string_view slug) {
  for (const GameService* g : kGames) {
    if (g->info().slug == slug) return g;
  }
  return nullptr;
}

}  // namespace gb
