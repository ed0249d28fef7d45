// Stormlark as seen by the registry, the server, the CLI and the conformance suite: the engine
// joined to its JSON decoder (json.cc), encoder (encode.cc) and published texts (spec.cc).
#pragma once

#include <string>

#include "core/game.h"
#include "games/stormlark/stormlark.h"

namespace gb::stormlark {

// JSON Schemas (2020-12) of the encoded state and observation (schemas.cc), for GameInfo.
extern const std::string_view kStateSchema;
extern const std::string_view kObservationSchema;

struct Traits {
  using State = stormlark::State;
  using Action = stormlark::Action;
  using ActionList = stormlark::ActionList;

  static const GameInfo& info();
  static State init(uint32_t seed) { return stormlark::init(seed); }
  static Outcome apply(State& s, const Action& a) { return stormlark::apply(s, a); }
  static void legal_actions(const State& s, ActionList& out) { stormlark::legal_actions(s, out); }
  // Every one of the six actions.
  static void candidate_actions(const State& s, ActionList& out);
  static int64_t score(const State& s) { return s.score; }
  static bool game_over(const State& s) { return stormlark::game_over(s); }
  // Every action is one turn.
  static int64_t engine_steps(const Action&) { return 1; }

  static std::optional<Action> decode_action(JsonValue v, Issues& issues);
  static bool decode_state(JsonValue v, State& out, Issues& issues);
  static void encode_state(const State& s, JsonWriter& w) { stormlark::encode_state(s, w); }
  static void encode_action(const Action& a, JsonWriter& w) { stormlark::encode_action(a, w); }
  static void encode_observation(const State& s, JsonWriter& w) {
    stormlark::encode_observation(s, w);
  }

  // Conformance hook: the counter moves by exactly kRngBudget on a scrolling turn and by 0 on
  // NEXT_REACH and END_RUN (SL-90, SL-91). Returns an empty string when that holds.
  static std::string step_invariant_violation(const State& before, const Action& a,
                                              const State& after) {
    bool scrolls = a.type <= ActionType::kVent;
    uint64_t expected = scrolls ? (before.rng_state + kRngBudget) % kRngModulus : before.rng_state;
    if (after.rng_state == expected) return {};
    return "rngState moved by " + std::to_string(after.rng_state - before.rng_state);
  }
};

}  // namespace gb::stormlark
