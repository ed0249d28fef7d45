// Testgame's JSON decoder: untrusted states and actions in (the output is encode.cc).
#include "games/testgame/traits.h"

namespace gb::testgame {

void Traits::candidate_actions(const State&, ActionList& out) {
  out.clear();
  out.push_back(Action{ActionType::kStart, 0, false});
  for (int64_t n = 1; n <= kMaxTake; ++n) out.push_back(Action{ActionType::kTake, n, true});
  out.push_back(Action{ActionType::kTick, 1, false});
  out.push_back(Action{ActionType::kEndRun, 0, false});
}

std::optional<Action> Traits::decode_action(JsonValue v, Issues& issues) {
  ObjectReader r(v, "action", issues);
  int type = 0;
  if (!r.one_of("type", kActionNames, type)) return std::nullopt;
  Action a{static_cast<ActionType>(type), 0, false};
  if (a.type == ActionType::kTake) {
    if (!r.integer("count", 1, kMaxTake, a.count)) return std::nullopt;
    a.has_count = true;
  } else if (a.type == ActionType::kTick) {
    a.count = 1;
    JsonValue count;
    if (!v.get_object().value_unsafe().at_key("count").get(count)) {
      if (!read_integer(count, "action.count", 1, kMaxTickCount, a.count, issues)) {
        return std::nullopt;
      }
      a.has_count = true;
    }
  }
  return a;
}

bool Traits::decode_state(JsonValue v, State& s, Issues& issues) {
  const size_t before = issues.total();
  ObjectReader r(v, "state", issues);
  if (!r.is_object()) return false;
  s = State{};
  r.integer("seed", 0, 4294967295LL, s.seed);
  r.integer("pile", 0, kMaxPile, s.pile);
  r.integer("turn", 0, kLastTurn + kMaxTickCount, s.turn);
  r.integer("score", 0, kMaxPile, s.score);
  r.boolean("started", s.started);
  r.boolean("over", s.over);
  if (issues.total() != before) return false;
  if (s.pile + s.score != init(static_cast<uint32_t>(s.seed)).pile) {
    issues.add("state.pile", "pile + score must be the seed's starting pile");
  }
  if (!s.started && (s.turn != 0 || s.score != 0)) {
    issues.add("state.started", "must be true once a turn has passed or a pebble was taken");
  }
  if ((s.pile == 0 || s.turn >= kLastTurn) && !s.over) {
    issues.add("state.over", "must be true when the pile is empty or the last turn is reached");
  }
  return issues.total() == before;
}

}  // namespace gb::testgame
