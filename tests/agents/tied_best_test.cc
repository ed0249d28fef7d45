// The greedy agents' tie rule: the greatest key wins, equal keys stay in offer order, and the
// agent's stream draws among them.
#include "agents/common/tied_best.h"

#include <gtest/gtest.h>

#include <set>
#include <utility>

namespace gb::agents {
namespace {

using Key = std::pair<int64_t, int>;

TEST(TiedBest, AGreaterKeyDropsEveryItemBeforeIt) {
  TiedBest<int, Key> best;
  best.offer({5, 1}, 1);
  best.offer({5, 1}, 2);
  best.offer({5, 2}, 3);  // same points, more of the tie-breaker
  best.offer({4, 9}, 4);  // fewer points: a higher tie-breaker does not help
  AgentRng rng(0);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(best.draw(rng), 3);
}

TEST(TiedBest, EqualKeysAreAllKeptAndDrawnFromTheAgentStream) {
  TiedBest<int, Key> best;
  for (int item = 0; item < 3; ++item) best.offer({7, 0}, int{item});
  best.offer({6, 5}, 99);
  AgentRng rng(1);
  AgentRng same(1);
  std::set<int> drawn;
  for (int i = 0; i < 60; ++i) {
    int item = best.draw(rng);
    EXPECT_EQ(item, static_cast<int>(same.below(3)));  // index into the offer order
    drawn.insert(item);
  }
  EXPECT_EQ(drawn, (std::set<int>{0, 1, 2}));
}

}  // namespace
}  // namespace gb::agents
