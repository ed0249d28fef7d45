#include "agents/stormlark/policies.h"

#include <array>
#include <limits>

namespace gb::stormlark {
namespace {

constexpr std::array<ActionType, 4> kOrder = {ActionType::kVent, ActionType::kUp, ActionType::kDown,
                                              ActionType::kFire};

// Best value reachable from `s` in `depth` more turns: points minus 10000 per hull lost.
int64_t best_value(const State& s, bool allow_fire, int depth) {
  if (depth == 0 || s.phase != Phase::kFlying) return 0;
  int64_t best = std::numeric_limits<int64_t>::min();
  for (ActionType a : kOrder) {
    if (a == ActionType::kFire && !allow_fire) continue;
    State next = s;
    if (!apply(next, Action{a}).ok) continue;
    int64_t value = (next.score - s.score) - 10000 * (s.hull - next.hull) +
                    best_value(next, allow_fire, depth - 1);
    if (value > best) best = value;
  }
  return best;
}

}  // namespace

Action lookahead_policy(const State& s, bool allow_fire, int depth) {
  if (s.phase == Phase::kReachClear) return Action{ActionType::kNextReach};
  Action choice{ActionType::kVent};
  int64_t best = std::numeric_limits<int64_t>::min();
  for (ActionType a : kOrder) {
    if (a == ActionType::kFire && !allow_fire) continue;
    State next = s;
    if (!apply(next, Action{a}).ok) continue;
    int64_t value = (next.score - s.score) - 10000 * (s.hull - next.hull) +
                    best_value(next, allow_fire, depth - 1);
    if (value > best) {
      best = value;
      choice = Action{a};
    }
  }
  return choice;
}

State play_policy(uint32_t seed, bool allow_fire, int depth, int max_reaches) {
  State s = init(seed);
  while (s.phase != Phase::kOver) {
    if (s.phase == Phase::kReachClear && s.reach >= max_reaches) {
      apply(s, Action{ActionType::kEndRun});
      break;
    }
    apply(s, lookahead_policy(s, allow_fire, depth));
  }
  return s;
}

}  // namespace gb::stormlark
