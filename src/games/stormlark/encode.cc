// Stormlark's JSON encoding: the state, an action and the observation as canonical compact JSON.
// The encode half of the codec, apart from the decoder (json.cc) so that it also builds for
// WebAssembly, where the JSON reader does not.
#include "games/stormlark/stormlark.h"

#include <string>

#include "core/json_array.h"

namespace gb::stormlark {

namespace {

// Writes the counters the state and the observation's player share, reach to turn.
void write_counters(const State& s, JsonWriter& w) {
  w.field("reach", s.reach);
  w.field("shipLane", static_cast<int>(s.ship_lane));
  w.field("hull", static_cast<int>(s.hull));
  w.field("charge", static_cast<int>(s.charge));
  w.field("chain", s.chain);
  w.field("score", s.score);
  w.field("turn", s.turn);
}

}  // namespace

void encode_state(const State& s, JsonWriter& w) {
  w.begin_object();
  w.field("seed", s.seed);
  w.field("rngState", s.rng_state);
  w.field("phase", kPhaseNames[static_cast<int>(s.phase)]);
  write_counters(s, w);
  w.field("nextId", s.next_id);
  w.field("columnsDrawn", static_cast<int>(s.columns_drawn));
  w.field("reachFlawless", s.reach_flawless);
  write_array_field(w, "entities", s.count, [&](int i) {
    const Entity& e = s.entities[i];
    w.begin_object();
    w.field("id", e.id);
    w.field("kind", kKindNames[static_cast<int>(e.kind)]);
    w.field("lane", static_cast<int>(e.lane));
    w.field("col", static_cast<int>(e.col));
    w.field("hp", static_cast<int>(e.hp));
    w.field("drift", static_cast<int>(e.drift));
    w.end_object();
  });
  w.end_object();
}

void encode_action(const Action& a, JsonWriter& w) {
  w.begin_object();
  w.field("type", a.type == ActionType::kUnknown ? std::string_view("UNKNOWN")
                                                 : kActionNames[static_cast<int>(a.type)]);
  w.end_object();
}

void encode_observation(const State& s, JsonWriter& w) {
  int gate_col = -1;
  for (int i = 0; i < s.count && gate_col < 0; ++i) {
    if (s.entities[i].kind == Kind::kGate) gate_col = s.entities[i].col;
  }
  w.begin_object();
  w.field("text", board_text(s));
  w.key("player");
  w.begin_object();
  write_counters(s, w);
  w.field("chainMultTenths", chain_tenths(s.chain));
  w.field("reachMultQuarters", reach_quarters(s.reach));
  w.field("flawless", s.reach_flawless);
  w.field("gateCol", gate_col);
  w.end_object();
  w.end_object();
}

}  // namespace gb::stormlark
