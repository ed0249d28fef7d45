// One game played through the registry's JSON face (GameService), the same path the HTTP API
// and `gameboard replay` take: the model's actions are checked by the action grammar and the
// rules exactly as a server would check them.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "core/json_writer.h"
#include "harness/llm/llm_codec.h"
#include "registry/service.h"

namespace gb::harness::llm {

// What applying one action gave.
enum class Applied { kOk, kRefused, kInvalid };

class GameSession {
 public:
  // Starts `game` at init(seed).
  GameSession(const GameService& game, uint32_t seed);

  // The current position (the last accepted answer).
  const GameView& view() const { return view_; }
  // The accepted actions so far as a compact JSON array.
  std::string actions_json() const { return actions_ + "]"; }
  int64_t length() const { return length_; }

  // Applies `action` (compact JSON). On kRefused `why` is the rules' reason, on kInvalid the
  // grammar's complaint; the position is then unchanged.
  Applied apply(std::string_view action, std::string& why);

 private:
  const GameService& game_;
  GameView view_;
  std::string actions_ = "[";
  int64_t length_ = 0;
  simdjson::dom::parser state_parser_;
  simdjson::dom::parser action_parser_;
  JsonWriter out_;
};

}  // namespace gb::harness::llm
