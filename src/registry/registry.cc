#include "registry/registry.h"

#include <array>

#include "games/stormlark/traits.h"
#ifdef GB_HAVE_GLIMFALL
#include "games/glimfall/traits.h"
#endif
#ifdef GB_HAVE_SILKSPAN
#include "games/silkspan/traits.h"
#endif

namespace gb {
namespace {

const ServiceFor<stormlark::Traits> kStormlark;
#ifdef GB_HAVE_GLIMFALL
const ServiceFor<glimfall::Traits> kGlimfall;
#endif
#ifdef GB_HAVE_SILKSPAN
const ServiceFor<silkspan::Traits> kSilkspan;
#endif

const auto kGames = std::to_array<const GameService*>({
    &kStormlark,
#ifdef GB_HAVE_GLIMFALL
    &kGlimfall,
#endif
#ifdef GB_HAVE_SILKSPAN
    &kSilkspan,
#endif
});

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

}  // namespace gb
