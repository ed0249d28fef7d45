// Testgame's rules (testgame.h).
#include "games/testgame/testgame.h"

namespace gb::testgame {

State init(uint32_t seed) {
  State s;
  s.seed = seed;
  s.pile = kMinPile + static_cast<int64_t>(seed % (kMaxPile - kMinPile + 1));
  return s;
}

Outcome apply(State& s, const Action& a) {
  if (s.over) return Outcome::refuse("game_over");
  if (a.type == ActionType::kStart) {
    if (s.started) return Outcome::refuse("already_started");
    s.started = true;
    return Outcome::accept();
  }
  if (a.type != ActionType::kEndRun && !s.started) return Outcome::refuse("not_started");
  switch (a.type) {
    case ActionType::kStart:
      break;
    case ActionType::kTake:
      if (a.count > s.pile) return Outcome::refuse("pile_too_small");
      s.pile -= a.count;
      s.score += a.count;
      s.turn += 1;
      break;
    case ActionType::kTick:
      s.turn += a.count;
      break;
    case ActionType::kEndRun:
      s.over = true;
      return Outcome::accept();
  }
  if (s.pile == 0 || s.turn >= kLastTurn) s.over = true;
  return Outcome::accept();
}

void legal_actions(const State& s, ActionList& out) {
  out.clear();
  if (s.over) return;
  if (!s.started) {
    out.push_back(Action{ActionType::kStart, 0, false});
  } else {
    for (int64_t n = 1; n <= kMaxTake && n <= s.pile; ++n) {
      out.push_back(Action{ActionType::kTake, n, true});
    }
    out.push_back(Action{ActionType::kTick, 1, false});
  }
  out.push_back(Action{ActionType::kEndRun, 0, false});
}

bool game_over(const State& s) {
  return s.over;
}

std::string board_text(const State& s) {
  std::string text = "pile ";
  for (int64_t i = 0; i < kMaxPile; ++i) text += i < s.pile ? 'o' : '.';
  text += " turn " + std::to_string(s.turn) + " score " + std::to_string(s.score);
  return text;
}

}  // namespace gb::testgame
