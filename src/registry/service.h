// The type-erased face of one game for the server and the CLI, and the adapter that builds it
// from a GameTraits struct. The response shapes of SPEC.md section 1 are written here, once.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/position_fields.h"
#include "registry/session.h"

namespace gb {

// Writes the `spec` object: {slug, name, goal, scoring, rules, actionGrammar}.
void write_spec(const GameInfo& info, JsonWriter& out);

// The bounds on one replayed run (SPEC section 8).
struct RunBounds {
  size_t max_actions = 100'000;
  int64_t max_steps = 2'000'000;  // turns or ticks; a tick of count N counts N
};

// What replaying (seed, actions) from init gives: the final counters, or the first problem.
struct RunReplay {
  bool ok = false;
  std::string issue;  // when !ok, e.g. "actions[17]: refused: low_charge"
  int64_t score = 0;
  int64_t length = 0;  // actions applied
  int64_t steps = 0;   // engine steps taken
  bool over = false;
  std::string final_state;  // the final state's JSON encoding
};

class GameService {
 public:
  virtual ~GameService() = default;
  virtual const GameInfo& info() const = 0;
  // Writes the init answer {ok, state, observation, legalActions, spec, score, gameOver}.
  virtual void write_init(uint32_t seed, JsonWriter& out) const = 0;
  // Validates and applies one action; writes the answer and returns its HTTP status (200/400).
  virtual int write_action(JsonValue state, JsonValue action, JsonWriter& out) const = 0;
  // Replays `actions` from init(seed) through the action route's grammar check and apply,
  // stopping at the first action that is malformed, refused or over `bounds`.
  virtual RunReplay replay_run(uint32_t seed, simdjson::dom::array actions,
                               const RunBounds& bounds) const = 0;
  // A typed session of this game, at init(0) until told otherwise.
  virtual std::unique_ptr<GameSession> new_session() const = 0;
};

// Returns `issue` (a path such as "action.type: ...") re-rooted at "actions[index]".
std::string run_action_issue(size_t index, std::string_view issue);

// Writes {error, issues:[...]} for a 400 answer.
void write_error(std::string_view error, const Issues& issues, JsonWriter& out);

template <GameTraits G>
class ServiceFor final : public GameService {
 public:
  const GameInfo& info() const override { return G::info(); }

  void write_init(uint32_t seed, JsonWriter& out) const override {
    typename G::State s = G::init(seed);
    out.begin_object();
    out.field("ok", true);
    out.key("state");
    G::encode_state(s, out);
    write_common(s, out);
    out.key("spec");
    write_spec(G::info(), out);
    out.end_object();
  }

  int write_action(JsonValue state_json, JsonValue action_json, JsonWriter& out) const override {
    Issues issues;
    std::optional<typename G::Action> action = G::decode_action(action_json, issues);
    if (!action) {
      write_error("Invalid body", issues, out);
      return 400;
    }
    typename G::State s{};
    if (!G::decode_state(state_json, s, issues)) {
      write_error("Invalid state", issues, out);
      return 400;
    }
    Outcome outcome = G::apply(s, *action);
    out.begin_object();
    out.field("ok", outcome.ok);
    if (!outcome.ok) out.field("reason", outcome.reason);
    out.key("state");
    if (outcome.ok) {
      G::encode_state(s, out);
    } else {
      out.raw(to_compact_json(state_json));  // the same JSON value as the one sent
    }
    write_common(s, out);
    out.end_object();
    return 200;
  }

  RunReplay replay_run(uint32_t seed, simdjson::dom::array actions,
                       const RunBounds& bounds) const override {
    RunReplay run;
    if (actions.size() > bounds.max_actions) {
      run.issue = "actions: " + std::to_string(actions.size()) + " actions, the bound is " +
                  std::to_string(bounds.max_actions);
      return run;
    }
    typename G::State s = G::init(seed);
    size_t index = 0;
    for (JsonValue item : actions) {
      Issues issues;
      std::optional<typename G::Action> action = G::decode_action(item, issues);
      if (!action) {
        run.issue = run_action_issue(index, issues.list().empty() ? "" : issues.list().front());
        return run;
      }
      run.steps += G::engine_steps(*action);
      if (run.steps > bounds.max_steps) {
        run.issue = "actions[" + std::to_string(index) + "]: the run exceeds " +
                    std::to_string(bounds.max_steps) + " engine steps";
        return run;
      }
      Outcome outcome = G::apply(s, *action);
      if (!outcome.ok) {
        run.issue =
            "actions[" + std::to_string(index) + "]: refused: " + std::string(outcome.reason);
        return run;
      }
      ++index;
    }
    run.ok = true;
    run.length = static_cast<int64_t>(index);
    run.score = G::score(s);
    run.over = G::game_over(s);
    JsonWriter w;
    G::encode_state(s, w);
    run.final_state = w.take();
    return run;
  }

  std::unique_ptr<GameSession> new_session() const override {
    return std::make_unique<SessionFor<G>>();
  }

 private:
  static void write_common(const typename G::State& s, JsonWriter& out) {
    write_position_fields<G>(s, G::score(s), out);
  }
};

}  // namespace gb
