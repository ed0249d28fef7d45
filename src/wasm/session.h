// One run inside the WebAssembly module: a state stepped by compact actions, and its JSON texts
// written on demand. The JSON matches the server's answers byte for byte (same encoders).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/json_writer.h"
#include "core/outcome.h"
#include "core/position_fields.h"

namespace gb::wasm {

// What a step did: applied, refused by the rules (see reason()), or not a valid action.
enum class StepResult : int { kInvalid = -1, kRefused = 0, kApplied = 1 };

class Session {
 public:
  virtual ~Session() = default;
  // A copy of this run (a checkpoint for the replay viewer).
  virtual std::unique_ptr<Session> clone() const = 0;
  // Applies the action (type index, optional argument); a refusal leaves the state unchanged.
  virtual StepResult step(int type, int64_t arg, bool has_arg) = 0;
  virtual int64_t score() const = 0;
  virtual bool over() const = 0;
  // The last refusal's reason, "" after an applied step.
  std::string_view reason() const { return reason_; }
  // The state's JSON, as the API's `state`.
  virtual const std::string& state_json() = 0;
  // The API's answer {ok, reason?, state, observation, legalActions, score, gameOver}, with `ok`
  // and `reason` from the last step (ok after init).
  virtual const std::string& answer_json() = 0;
  // The names of the game's action types, as a JSON array, in type index order.
  virtual const std::string& action_names_json() = 0;

 protected:
  std::string_view reason_;
  JsonWriter writer_;
  std::string text_;  // the last text handed out, NUL-terminated for JavaScript
};

template <class Port>
class SessionFor final : public Session {
 public:
  explicit SessionFor(uint32_t seed) : state_(Port::init(seed)) {}

  std::unique_ptr<Session> clone() const override { return std::make_unique<SessionFor>(*this); }

  StepResult step(int type, int64_t arg, bool has_arg) override {
    auto action = Port::action(type, arg, has_arg);
    if (!action) return StepResult::kInvalid;
    Outcome outcome = Port::apply(state_, *action);
    reason_ = outcome.reason;
    return outcome.ok ? StepResult::kApplied : StepResult::kRefused;
  }

  int64_t score() const override { return state_.score; }
  bool over() const override { return Port::game_over(state_); }

  const std::string& state_json() override {
    writer_.clear();
    Port::encode_state(state_, writer_);
    return publish();
  }

  const std::string& answer_json() override {
    writer_.clear();
    writer_.begin_object();
    writer_.field("ok", reason_.empty());
    if (!reason_.empty()) writer_.field("reason", reason_);
    writer_.key("state");
    Port::encode_state(state_, writer_);
    write_position_fields<Port>(state_, state_.score, writer_);
    writer_.end_object();
    return publish();
  }

  const std::string& action_names_json() override {
    writer_.clear();
    writer_.begin_array();
    for (std::string_view name : Port::action_names()) writer_.value(name);
    writer_.end_array();
    return publish();
  }

 private:
  const std::string& publish() {
    text_.assign(writer_.str());
    return text_;
  }

  typename Port::State state_;
};

}  // namespace gb::wasm
