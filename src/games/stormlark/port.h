// Stormlark as the WebAssembly module drives it (src/wasm): the engine functions and the
// encoder (no JSON decoding, which does not build for WebAssembly), and actions given compactly
// from JavaScript as (type index in kActionNames, optional integer argument).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "games/stormlark/stormlark.h"

namespace gb::stormlark {

// Stormlark: the six actions take no argument.
struct Port {
  using State = stormlark::State;
  using Action = stormlark::Action;
  using ActionList = stormlark::ActionList;
  static constexpr std::string_view kSlug = "stormlark";
  static std::span<const std::string_view> action_names() { return stormlark::kActionNames; }
  static State init(uint32_t seed) { return stormlark::init(seed); }
  static Outcome apply(State& s, const Action& a) { return stormlark::apply(s, a); }
  static void legal_actions(const State& s, ActionList& out) { stormlark::legal_actions(s, out); }
  static bool game_over(const State& s) { return stormlark::game_over(s); }
  static void encode_state(const State& s, JsonWriter& w) { stormlark::encode_state(s, w); }
  static void encode_action(const Action& a, JsonWriter& w) { stormlark::encode_action(a, w); }
  static void encode_observation(const State& s, JsonWriter& w) {
    stormlark::encode_observation(s, w);
  }
  // The action of type index `type`; nullopt when out of range or given an argument.
  static std::optional<Action> action(int type, int64_t /*arg*/, bool has_arg) {
    if (type < 0 || type >= static_cast<int>(stormlark::kActionNames.size()) || has_arg) {
      return std::nullopt;
    }
    return Action{static_cast<stormlark::ActionType>(type)};
  }
};

}  // namespace gb::stormlark
