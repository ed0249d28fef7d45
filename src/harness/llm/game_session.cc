#include "harness/llm/game_session.h"

namespace gb::harness::llm {

GameSession::GameSession(const GameService& game, uint32_t seed) : game_(game) {
  game_.write_init(seed, out_);
  decode_game_answer(out_.str(), view_);
}

Applied GameSession::apply(std::string_view action, std::string& why) {
  simdjson::dom::element state;
  simdjson::dom::element parsed;
  if (action_parser_.parse(action.data(), action.size()).get(parsed) != simdjson::SUCCESS) {
    why = "not JSON";
    return Applied::kInvalid;
  }
  if (state_parser_.parse(view_.state).get(state) != simdjson::SUCCESS) {
    why = "internal: the engine's state did not parse";
    return Applied::kInvalid;
  }
  out_.clear();
  game_.write_action(state, parsed, out_);
  GameView next;
  decode_game_answer(out_.str(), next);
  if (!next.error.empty()) {
    why = next.error;
    return Applied::kInvalid;
  }
  if (!next.ok) {
    why = next.reason;
    return Applied::kRefused;
  }
  view_ = std::move(next);
  if (length_ > 0) actions_ += ',';
  actions_.append(action);
  ++length_;
  return Applied::kOk;
}

}  // namespace gb::harness::llm
