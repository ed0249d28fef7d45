#include "games/testgame/testgame.h"

namespace gb::testgame {

void encode_state(const State& s, JsonWriter& w) {
  w.begin_object();
  w.field("seed", s.seed);
  w.field("pile", s.pile);
  w.field("turn", s.turn);
  w.field("score", s.score);
  w.field("started", s.started);
  w.field("over", s.over);
  w.end_object();
}

void encode_action(const Action& a, JsonWriter& w) {
  w.begin_object();
  w.field("type", kActionNames[static_cast<size_t>(a.type)]);
  if (a.type == ActionType::kTake || (a.type == ActionType::kTick && a.has_count)) {
    w.field("count", a.count);
  }
  w.end_object();
}

void encode_observation(const State& s, JsonWriter& w) {
  w.begin_object();
  w.field("text", board_text(s));
  w.field("pile", s.pile);
  w.field("turn", s.turn);
  w.field("score", s.score);
  w.end_object();
}

}  // namespace gb::testgame
