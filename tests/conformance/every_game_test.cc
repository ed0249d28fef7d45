// The shared conformance suite (conformance.h) over every game of src/games/all_games.h, so a
// game added to the list is checked with no other edit: determinism, JSON round trip, refusals
// change nothing, legal set equals accepted set, score never falls. Each game's own suite
// (tests/<slug>/) plays far more seeds; this one is the floor every game meets.
#include "conformance/conformance.h"
#include "games/all_games.h"
#include "gb_games/traits.h"
#include "registry/registry.h"

namespace gb::conformance {
namespace {

// A few random and greedy playouts of game G.
template <GameTraits G>
void check_game() {
  for (uint32_t seed = 1; seed <= 12; ++seed) {
    check_playout<G>(seed, Policy::kRandom, 120);
    if (::testing::Test::HasFailure()) FAIL() << "random, seed " << seed;
  }
  for (uint32_t seed = 1; seed <= 4; ++seed) {
    check_playout<G>(seed, Policy::kGreedy, 60);
    if (::testing::Test::HasFailure()) FAIL() << "greedy, seed " << seed;
  }
}

TEST(EveryGameConformance, RandomAndGreedyPlayouts){
#define GB_CONFORM(slug)        \
  {                             \
    SCOPED_TRACE(#slug);        \
    check_game<slug::Traits>(); \
  }
    GB_ALL_GAMES(GB_CONFORM)
#undef GB_CONFORM
}

// The list and the registry agree: each line of the list names the slug its game publishes, in
// the same order.
TEST(EveryGameConformance, TheRegistryIsTheList) {
  std::vector<std::string_view> listed;
#define GB_SLUG(slug) listed.push_back(#slug);
  GB_ALL_GAMES(GB_SLUG)
#undef GB_SLUG
  std::vector<std::string_view> registered;
  for (const GameService* g : all_games()) registered.push_back(g->info().slug);
  EXPECT_EQ(listed, registered);
}

}  // namespace
}  // namespace gb::conformance
