// Glimfall as the WebAssembly module drives it (src/wasm): the engine functions and the
// encoder (no JSON decoding, which does not build for WebAssembly), and actions given compactly
// from JavaScript as (type index in kActionNames, optional integer argument).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "games/glimfall/glimfall.h"

namespace gb::glimfall {

// Glimfall: rotate takes dir (-1 or 1), tick an optional count (1..600, default 1).
struct Port {
  using State = glimfall::State;
  using Action = glimfall::Action;
  using ActionList = glimfall::ActionList;
  static constexpr std::string_view kSlug = "glimfall";
  static std::span<const std::string_view> action_names() { return glimfall::kActionNames; }
  static State init(uint32_t seed) { return glimfall::init(seed); }
  static Outcome apply(State& s, const Action& a) { return glimfall::apply(s, a); }
  static void legal_actions(const State& s, ActionList& out) { glimfall::legal_actions(s, out); }
  static bool game_over(const State& s) { return glimfall::game_over(s); }
  static void encode_state(const State& s, JsonWriter& w) { glimfall::encode_state(s, w); }
  static void encode_action(const Action& a, JsonWriter& w) { glimfall::encode_action(a, w); }
  static void encode_observation(const State& s, JsonWriter& w) {
    glimfall::encode_observation(s, w);
  }
  // The action of type index `type` with the grammar's payload bounds; nullopt when invalid.
  static std::optional<Action> action(int type, int64_t arg, bool has_arg) {
    if (type < 0 || type >= static_cast<int>(glimfall::kActionNames.size())) return std::nullopt;
    Action a{static_cast<ActionType>(type), 0, 1};
    if (a.type == ActionType::kRotate) {
      if (!has_arg || (arg != -1 && arg != 1)) return std::nullopt;
      a.dir = static_cast<int>(arg);
    } else if (a.type == ActionType::kTick && has_arg) {
      if (arg < 1 || arg > glimfall::kMaxTickCount) return std::nullopt;
      a.count = arg;
    } else if (has_arg) {
      return std::nullopt;
    }
    return a;
  }
};

}  // namespace gb::glimfall
