// Playing one whole run of an agent: the loop shared by `eval`, its remote mode and the tests.
//
// A run starts from init(seed), asks the agent for one action at a time and applies it through a
// Stepper (in process, or over HTTP), until the game is over or `max_actions` agent actions have
// been played. At the cap, a game with an end action (agents/<slug>/agents.h, end_action) gets it
// appended so the score is final and the replay ends in `over`; a game without one simply stops.
// Every action is recorded as its JSON object.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "agents/common/agent.h"
#include "core/game.h"
#include "core/hash.h"
#include "core/json_writer.h"

namespace gb::agents {

// One finished run. `end_reason` is "over" (the rules ended it)
// or "cap" (the action cap stopped it). `actions_digest` is fnv1a64 of `actions_json`, in hex.
struct RunResult {
  uint32_t seed = 0;
  int64_t score = 0;
  int64_t length = 0;  // actions applied, the end action included
  std::string end_reason;
  std::string actions_json;  // compact JSON array of action objects
  std::string actions_digest;
};

// hex64 is core/hash.h's (one hash helper for the whole project).
using gb::hex64;

// Thrown when a run cannot continue: an action the engine or server refused, or a transport
// failure. The message says which seed and step.
class RunError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Applies actions in process: the engine itself.
template <class G>
struct LocalStepper {
  typename G::State init(uint32_t seed) { return G::init(seed); }
  // Applies `a` to `s`; returns the refusal reason, or nullopt when accepted.
  std::optional<std::string> apply(typename G::State& s, const typename G::Action& a) {
    Outcome o = G::apply(s, a);
    if (o.ok) return std::nullopt;
    return std::string(o.reason);
  }
};

// Plays one run of `agent` from `seed` through `stepper` (see the file comment). `end_action` is
// the game's end action, or nullopt. Throws RunError on a refused action.
template <class G, class Stepper>
RunResult play_run(Agent<G>& agent, Stepper& stepper, uint32_t seed, int64_t max_actions,
                   const std::optional<typename G::Action>& end_action) {
  RunResult r;
  r.seed = seed;
  typename G::State s = stepper.init(seed);
  JsonWriter w;
  w.begin_array();
  auto step = [&](const typename G::Action& a) {
    if (auto refused = stepper.apply(s, a)) {
      JsonWriter one;
      G::encode_action(a, one);
      throw RunError("seed " + std::to_string(seed) + ", action " + std::to_string(r.length + 1) +
                     " " + std::string(one.str()) + " refused: " + *refused);
    }
    G::encode_action(a, w);
    ++r.length;
  };
  while (!G::game_over(s) && r.length < max_actions) step(agent.act(s));
  r.end_reason = G::game_over(s) ? "over" : "cap";
  if (!G::game_over(s) && end_action) step(*end_action);
  w.end_array();
  r.score = G::score(s);
  r.actions_json = w.take();
  r.actions_digest = hex64(fnv1a64(r.actions_json));
  return r;
}

}  // namespace gb::agents
