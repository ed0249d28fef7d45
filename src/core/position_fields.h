// The fields every answer about a position ends with, written the same way by the server
// (registry/service.h) and the WebAssembly engine (wasm/session.h), so that their bytes agree.
#pragma once

#include <cstdint>

#include "core/json_writer.h"

namespace gb {

// Writes the fields observation, legalActions, score and gameOver of state `s` into the open
// object of `out`, through Engine's encode_observation, legal_actions, encode_action and
// game_over (a game's Traits or Port); `score` is the state's score.
template <class Engine>
void write_position_fields(const typename Engine::State& s, int64_t score, JsonWriter& out) {
  out.key("observation");
  Engine::encode_observation(s, out);
  typename Engine::ActionList legal;
  Engine::legal_actions(s, legal);
  out.key("legalActions");
  out.begin_array();
  for (const auto& a : legal) Engine::encode_action(a, out);
  out.end_array();
  out.field("score", score);
  out.field("gameOver", Engine::game_over(s));
}

}  // namespace gb
