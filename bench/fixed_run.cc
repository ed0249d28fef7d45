// A fixed, seeded run of one engine for instruction counting under callgrind:
//   fixed_run GAME STEPS   plays STEPS seeded random legal actions (no run-ending ones; a new
// run with the next seed when one ends). Instructions per step are the difference between two
// runs of different lengths divided by the difference in steps (scripts/callgrind.sh).
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "core/rng.h"
#include "games/glimfall/glimfall.h"
#include "games/silkspan/silkspan.h"
#include "games/stormlark/stormlark.h"

namespace {

// Plays `steps` actions; `is_end` filters out run-ending actions, `is_over` detects the end.
template <class State, class ActionList, class Init, class Apply, class Legal, class IsEnd,
          class IsOver>
long long play(long long steps, Init init, Apply apply, Legal legal, IsEnd is_end, IsOver is_over) {
  uint32_t seed = 1;
  State s = init(seed);
  uint64_t pick = 0;
  long long checksum = 0;
  for (long long i = 0; i < steps; ++i) {
    if (is_over(s)) s = init(++seed);
    ActionList list;
    legal(s, list);
    uint32_t n = 0;
    for (const auto& a : list) n += is_end(a) ? 0 : 1;
    uint32_t k = gb::below(gb::draw(0xCA11, pick++), n);
    for (const auto& a : list) {
      if (is_end(a)) continue;
      if (k-- == 0) {
        checksum += apply(s, a).ok;
        break;
      }
    }
  }
  return checksum;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s stormlark|glimfall|silkspan STEPS\n", argv[0]);
    return 2;
  }
  std::string_view game = argv[1];
  long long steps = std::atoll(argv[2]);
  long long sum = -1;
  if (game == "stormlark") {
    using namespace gb::stormlark;
    sum = play<State, ActionList>(
        steps, [](uint32_t seed) { return init(seed); },
        [](State& s, const Action& a) { return apply(s, a); },
        [](const State& s, ActionList& l) { legal_actions(s, l); },
        [](const Action& a) { return a.type == ActionType::kEndRun; },
        [](const State& s) { return s.phase == Phase::kOver; });
  } else if (game == "glimfall") {
    using namespace gb::glimfall;
    sum = play<State, ActionList>(
        steps, [](uint32_t seed) { return init(seed); },
        [](State& s, const Action& a) { return apply(s, a); },
        [](const State& s, ActionList& l) { legal_actions(s, l); },
        [](const Action&) { return false; },
        [](const State& s) { return s.status == Status::kDone; });
  } else if (game == "silkspan") {
    using namespace gb::silkspan;
    sum = play<State, ActionList>(
        steps, [](uint32_t seed) { return init(seed); },
        [](State& s, const Action& a) { return apply(s, a); },
        [](const State& s, ActionList& l) { legal_actions(s, l); },
        [](const Action& a) { return a.type == ActionType::kEndRun; },
        [](const State& s) { return s.status == Status::kOver; });
  } else {
    std::fprintf(stderr, "unknown game %s\n", argv[1]);
    return 2;
  }
  std::printf("%lld accepted\n", sum);
  return 0;
}
