// Silkspan's canonical JSON output (SPEC 1): the same bytes in the server, the CLI and the
// WebAssembly engine.
#pragma once

#include "core/json_writer.h"
#include "games/silkspan/silkspan.h"

namespace gb::silkspan {

// Writes the full state, every field the decoder reads back.
void encode_state(const State& s, JsonWriter& w);
// Writes one action in the grammar's form.
void encode_action(const Action& a, JsonWriter& w);
// Writes the observation: the text view and the player's counters.
void encode_observation(const State& s, JsonWriter& w);

}  // namespace gb::silkspan
