// Testgame as seen by the registry, the server, the CLI and the conformance suite: the engine
// joined to its JSON decoder (json.cc), encoder (encode.cc) and published texts (spec.cc).
#pragma once

#include <optional>
#include <string_view>

#include "core/game.h"
#include "games/testgame/testgame.h"

namespace gb::testgame {

// JSON Schemas (2020-12) of the encoded state and observation (spec.cc), for GameInfo.
extern const std::string_view kStateSchema;
extern const std::string_view kObservationSchema;

struct Traits {
  using State = testgame::State;
  using Action = testgame::Action;
  using ActionList = testgame::ActionList;

  static const GameInfo& info();
  static State init(uint32_t seed) { return testgame::init(seed); }
  static Outcome apply(State& s, const Action& a) { return testgame::apply(s, a); }
  static void legal_actions(const State& s, ActionList& out) { testgame::legal_actions(s, out); }
  // start, take 1..3, tick, endRun.
  static void candidate_actions(const State& s, ActionList& out);
  static int64_t score(const State& s) { return s.score; }
  static bool game_over(const State& s) { return testgame::game_over(s); }
  // A tick of count N is N turns; every other action is one.
  static int64_t engine_steps(const Action& a) { return a.type == ActionType::kTick ? a.count : 1; }

  static std::optional<Action> decode_action(JsonValue v, Issues& issues);
  static bool decode_state(JsonValue v, State& out, Issues& issues);
  static void encode_state(const State& s, JsonWriter& w) { testgame::encode_state(s, w); }
  static void encode_action(const Action& a, JsonWriter& w) { testgame::encode_action(a, w); }
  static void encode_observation(const State& s, JsonWriter& w) {
    testgame::encode_observation(s, w);
  }
};

}  // namespace gb::testgame
