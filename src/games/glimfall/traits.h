// Glimfall as seen by the registry, the server, the CLI and the conformance suite: the engine
// joined to its JSON decoder (json.cc), encoder (encode.cc) and published texts (spec.cc).
#pragma once

#include <string>

#include "core/game.h"
#include "games/glimfall/glimfall.h"

namespace gb::glimfall {

// JSON Schemas (2020-12) of the encoded state and observation (schemas.cc), for GameInfo.
extern const std::string_view kStateSchema;
extern const std::string_view kObservationSchema;

struct Traits {
  using State = glimfall::State;
  using Action = glimfall::Action;
  using ActionList = glimfall::ActionList;

  static const GameInfo& info();
  static State init(uint32_t seed) { return glimfall::init(seed); }
  static Outcome apply(State& s, const Action& a) { return glimfall::apply(s, a); }
  static void legal_actions(const State& s, ActionList& out) { glimfall::legal_actions(s, out); }
  // start, tick (count 1), rotate -1 and rotate 1.
  static void candidate_actions(const State& s, ActionList& out);
  static int64_t score(const State& s) { return s.score; }
  static bool game_over(const State& s) { return glimfall::game_over(s); }
  // A tick of count N is N engine steps; every other action is one.
  static int64_t engine_steps(const Action& a) { return a.type == ActionType::kTick ? a.count : 1; }

  static std::optional<Action> decode_action(JsonValue v, Issues& issues);
  static bool decode_state(JsonValue v, State& out, Issues& issues);
  static void encode_state(const State& s, JsonWriter& w) { glimfall::encode_state(s, w); }
  static void encode_action(const Action& a, JsonWriter& w) { glimfall::encode_action(a, w); }
  static void encode_observation(const State& s, JsonWriter& w) {
    glimfall::encode_observation(s, w);
  }

  // Conformance hook (GF-06, GF-63, GF-65, GF-82, GF-86): the lock only falls by ticks or is set
  // to 6 by a running rotate, sparks stay in 0..3, 3 live ribs, events carry the current tick.
  static std::string step_invariant_violation(const State& before, const Action& a,
                                              const State& after);
};

}  // namespace gb::glimfall
