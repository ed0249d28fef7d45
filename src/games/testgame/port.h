// Testgame as the WebAssembly module drives it (src/wasm): actions as (type index in kActionNames,
// optional integer argument): take needs its count, tick may carry one, start and endRun none.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "games/testgame/testgame.h"

namespace gb::testgame {

struct Port {
  using State = testgame::State;
  using Action = testgame::Action;
  using ActionList = testgame::ActionList;
  static constexpr std::string_view kSlug = "testgame";
  static std::span<const std::string_view> action_names() { return kActionNames; }
  static State init(uint32_t seed) { return testgame::init(seed); }
  static Outcome apply(State& s, const Action& a) { return testgame::apply(s, a); }
  static void legal_actions(const State& s, ActionList& out) { testgame::legal_actions(s, out); }
  static bool game_over(const State& s) { return testgame::game_over(s); }
  static void encode_state(const State& s, JsonWriter& w) { testgame::encode_state(s, w); }
  static void encode_action(const Action& a, JsonWriter& w) { testgame::encode_action(a, w); }
  static void encode_observation(const State& s, JsonWriter& w) {
    testgame::encode_observation(s, w);
  }
  // The action of type index `type` with the grammar's payload bounds; nullopt when invalid.
  static std::optional<Action> action(int type, int64_t arg, bool has_arg) {
    if (type < 0 || type >= static_cast<int>(kActionNames.size())) return std::nullopt;
    Action a{static_cast<ActionType>(type), 0, has_arg};
    if (a.type == ActionType::kTake) {
      if (!has_arg || arg < 1 || arg > kMaxTake) return std::nullopt;
      a.count = arg;
    } else if (a.type == ActionType::kTick) {
      if (has_arg && (arg < 1 || arg > kMaxTickCount)) return std::nullopt;
      a.count = has_arg ? arg : 1;
    } else if (has_arg) {
      return std::nullopt;
    }
    return a;
  }
};

}  // namespace gb::testgame
