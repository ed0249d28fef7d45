// Silkspan as the WebAssembly module drives it (src/wasm): the engine functions and the
// encoder (no JSON decoding, which does not build for WebAssembly), and actions given compactly
// from JavaScript as (type index in kActionNames, optional integer argument).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "games/silkspan/silkspan.h"

namespace gb::silkspan {

// Silkspan: setHeading takes dir (0..3), tick an optional count (1..600).
struct Port {
  using State = silkspan::State;
  using Action = silkspan::Action;
  using ActionList = silkspan::ActionList;
  static constexpr std::string_view kSlug = "silkspan";
  static std::span<const std::string_view> action_names() { return silkspan::kActionNames; }
  static State init(uint32_t seed) { return silkspan::init(seed); }
  static Outcome apply(State& s, const Action& a) { return silkspan::apply(s, a); }
  static void legal_actions(const State& s, ActionList& out) { silkspan::legal_actions(s, out); }
  static bool game_over(const State& s) { return silkspan::game_over(s); }
  static void encode_state(const State& s, JsonWriter& w) { silkspan::encode_state(s, w); }
  static void encode_action(const Action& a, JsonWriter& w) { silkspan::encode_action(a, w); }
  static void encode_observation(const State& s, JsonWriter& w) {
    silkspan::encode_observation(s, w);
  }
  // The action of type index `type` with the grammar's payload bounds; nullopt when invalid.
  static std::optional<Action> action(int type, int64_t arg, bool has_arg) {
    if (type < 0 || type >= static_cast<int>(silkspan::kActionNames.size())) return std::nullopt;
    Action a{static_cast<ActionType>(type)};
    if (a.type == ActionType::kSetHeading) {
      if (!has_arg || arg < 0 || arg > 3) return std::nullopt;
      a.dir = arg;
    } else if (a.type == ActionType::kTick && has_arg) {
      if (arg < 1 || arg > 600) return std::nullopt;
      a.count = arg;
      a.has_count = true;
    } else if (has_arg) {
      return std::nullopt;
    }
    return a;
  }
};

}  // namespace gb::silkspan
