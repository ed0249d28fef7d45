// A typed game session behind a type-erased face: the state is decoded once (or started from a
// seed), stepped as the engine's own State, and encoded only when asked. MCP's held games step
// through it instead of encoding and decoding the state's JSON at every action.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "core/game.h"

namespace gb {

// What one apply did: applied, refused by the rules (the state is unchanged; reason()), or
// outside the action grammar (the issues say why; nothing changed).
enum class SessionStep { kApplied, kRefused, kBadAction };

class GameSession {
 public:
  virtual ~GameSession() = default;
  // Replaces the state with init(seed).
  virtual void init(uint32_t seed) = 0;
  // Replaces the state with a fully validated decoding of `state`; false (issues appended, the
  // state unchanged) when it is not a valid state.
  virtual bool from_json(JsonValue state, Issues& issues) = 0;
  // Grammar-checks `action` and applies it.
  virtual SessionStep apply(JsonValue action, Issues& issues) = 0;
  // The last refusal's reason; empty after init, from_json or an applied action.
  std::string_view reason() const { return reason_; }
  // Engine steps applied since init or from_json (a tick of count N counts N), to bound a
  // replay the way RunBounds::max_steps bounds verification.
  int64_t steps() const { return steps_; }
  virtual int64_t score() const = 0;
  virtual bool game_over() const = 0;
  // Writes the state's JSON (the API's `state`).
  virtual void write_state(JsonWriter& out) const = 0;
  // Writes the action route's answer for the current state: {ok, reason?, state, observation,
  // legalActions, score, gameOver}, with ok and reason from the last apply.
  virtual void write_answer(JsonWriter& out) const = 0;
  // A copy of this session.
  virtual std::unique_ptr<GameSession> clone() const = 0;
  // The bytes the state holds (its type's size), for caches that bound their memory.
  virtual size_t state_bytes() const = 0;

 protected:
  std::string_view reason_;
  int64_t steps_ = 0;
};

template <GameTraits G>
class SessionFor final : public GameSession {
 public:
  void init(uint32_t seed) override {
    *state_ = G::init(seed);
    reason_ = {};
    steps_ = 0;
  }

  bool from_json(JsonValue state, Issues& issues) override {
    auto decoded = std::make_unique<typename G::State>();
    if (!G::decode_state(state, *decoded, issues)) return false;
    state_ = std::move(decoded);
    reason_ = {};
    steps_ = 0;
    return true;
  }

  SessionStep apply(JsonValue action_json, Issues& issues) override {
    std::optional<typename G::Action> action = G::decode_action(action_json, issues);
    if (!action) return SessionStep::kBadAction;
    Outcome outcome = G::apply(*state_, *action);
    reason_ = outcome.ok ? std::string_view() : outcome.reason;
    if (outcome.ok) steps_ += G::engine_steps(*action);
    return outcome.ok ? SessionStep::kApplied : SessionStep::kRefused;
  }

  int64_t score() const override { return G::score(*state_); }
  bool game_over() const override { return G::game_over(*state_); }
  void write_state(JsonWriter& out) const override { G::encode_state(*state_, out); }

  void write_answer(JsonWriter& out) const override {
    out.begin_object();
    out.field("ok", reason_.empty());
    if (!reason_.empty()) out.field("reason", reason_);
    out.key("state");
    G::encode_state(*state_, out);
    out.key("observation");
    G::encode_observation(*state_, out);
    typename G::ActionList legal;
    G::legal_actions(*state_, legal);
    out.key("legalActions");
    out.begin_array();
    for (const auto& a : legal) G::encode_action(a, out);
    out.end_array();
    out.field("score", G::score(*state_));
    out.field("gameOver", G::game_over(*state_));
    out.end_object();
  }

  std::unique_ptr<GameSession> clone() const override {
    auto copy = std::make_unique<SessionFor>();
    *copy->state_ = *state_;
    copy->reason_ = reason_;
    copy->steps_ = steps_;
    return copy;
  }

  size_t state_bytes() const override { return sizeof(typename G::State); }

 private:
  // On the heap: a state may be tens of kilobytes.
  std::unique_ptr<typename G::State> state_ = std::make_unique<typename G::State>(G::init(0));
};

}  // namespace gb
