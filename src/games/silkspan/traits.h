// Silkspan as seen by the registry, the server, the CLI and the conformance suite: the engine
// joined to its JSON decoder (json.cc), encoder (encode.cc) and published texts (spec.cc).
#pragma once

#include <string>

#include "core/game.h"
#include "games/silkspan/silkspan.h"

namespace gb::silkspan {

// JSON Schemas (2020-12) of the encoded state and observation (schemas.cc), for GameInfo.
extern const std::string_view kStateSchema;
extern const std::string_view kObservationSchema;

struct Traits {
  using State = silkspan::State;
  using Action = silkspan::Action;
  using ActionList = silkspan::ActionList;

  static const GameInfo& info();
  static State init(uint32_t seed) { return silkspan::init(seed); }
  static Outcome apply(State& s, const Action& a) { return silkspan::apply(s, a); }
  static void legal_actions(const State& s, ActionList& out) { silkspan::legal_actions(s, out); }
  // The six actions plus the refused payloads: dir -1 and 4, count 0, and an unknown type.
  static void candidate_actions(const State& s, ActionList& out);
  static int64_t score(const State& s) { return s.score; }
  static bool game_over(const State& s) { return silkspan::game_over(s); }
  // A tick of count N is N engine steps; every other action is one.
  static int64_t engine_steps(const Action& a) { return a.type == ActionType::kTick ? a.count : 1; }

  static std::optional<Action> decode_action(JsonValue v, Issues& issues);
  static bool decode_state(JsonValue v, State& out, Issues& issues);
  static void encode_state(const State& s, JsonWriter& w) { silkspan::encode_state(s, w); }
  static void encode_action(const Action& a, JsonWriter& w) { silkspan::encode_action(a, w); }
  static void encode_observation(const State& s, JsonWriter& w) {
    silkspan::encode_observation(s, w);
  }

  // Conformance hook (SS-17, SS-90): only tick, start and nextStage may move the counter or the
  // world; setHeading, release and endRun change the heading or the status and nothing else.
  static std::string step_invariant_violation(const State& before, const Action& a,
                                              const State& after) {
    const bool world = a.type == ActionType::kTick || a.type == ActionType::kStart ||
                       a.type == ActionType::kNextStage;
    if (world) return {};
    State expected = before;
    expected.heading = after.heading;
    expected.status = after.status;
    if (!(expected == after)) return "a non-tick action changed the world";
    return {};
  }
};

}  // namespace gb::silkspan
