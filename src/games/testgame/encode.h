// Testgame's canonical JSON output: the same bytes in the server, the CLI, Python and WebAssembly.
#pragma once

#include "core/json_writer.h"
#include "games/testgame/testgame.h"

namespace gb::testgame {

// Writes {seed, pile, turn, score, started, over}: every field the decoder reads back.
void encode_state(const State& s, JsonWriter& w);
// Writes {type, count?}: take always has its count, a tick only when it was given one.
void encode_action(const Action& a, JsonWriter& w);
// Writes {text, pile, turn, score}.
void encode_observation(const State& s, JsonWriter& w);

}  // namespace gb::testgame
