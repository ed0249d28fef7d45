// One game instance behind a type-erased face, for the single-environment Python class: discrete
// actions in, fixed-shape observations out. Everything here touches no Python object.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/json_writer.h"
#include "encoding.h"

namespace gb::py {

// What one step did: refused (reason set, state unchanged, reward 0) or accepted.
struct StepResult {
  bool refused = false;
  std::string reason;
  int64_t reward = 0;  // score gained
  bool over = false;   // the game is over after the step
  int ticks = 0;       // engine actions applied (ticks_per_step repeats a tick)
};

// A state that failed decoding: the game codec's issues, joined.
struct BadState : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The shapes and names of one game's encoding.
struct Layout {
  std::string slug;
  int actions = 0, planes = 0, height = 0, width = 0, features = 0;
  std::vector<std::string> action_names, plane_names, feature_names;
};

class EnvCore {
 public:
  virtual ~EnvCore() = default;
  virtual const Layout& layout() const = 0;
  // Starts game `seed`.
  virtual void reset(uint32_t seed) = 0;
  // Applies action index `a` (0 <= a < actions); a tick action runs up to `ticks` ticks, stopping
  // at game over. Never throws for an index of the space.
  virtual StepResult step(int a, int ticks) = 0;
  // Fills board [planes*height*width] and features [features].
  virtual void observe(uint8_t* board, int32_t* features) const = 0;
  // Fills mask [actions] with 1 for the legal action indices, 0 elsewhere.
  virtual void mask(int8_t* out) const = 0;
  virtual std::string text() const = 0;
  virtual int64_t score() const = 0;
  virtual bool over() const = 0;
  // The HTTP API's state JSON (the game codec's encode_state).
  virtual std::string state_json() const = 0;
  // Decodes with full validation; throws BadState listing the issues and leaves the state as is.
  virtual void load_state_json(std::string_view text) = 0;
  // The HTTP API's JSON for action index `a`.
  virtual std::string action_json(int a) const = 0;
  virtual std::unique_ptr<EnvCore> clone() const = 0;
};

// The core for `slug`, or nullptr when no such game.
std::unique_ptr<EnvCore> make_env_core(std::string_view slug);
// Every slug the package knows, in registry order.
std::vector<std::string> known_slugs();

// Fills `mask` from the legal set of `s`.
template <class G>
void fill_mask(const typename G::State& s, int8_t* mask) {
  for (int i = 0; i < Encoding<G>::kActions; ++i) mask[i] = 0;
  typename G::ActionList legal;
  G::legal_actions(s, legal);
  for (const auto& a : legal) {
    const int i = Encoding<G>::index_of(a);
    if (i >= 0) mask[i] = 1;
  }
}

// Applies action index `a` to `s` (a tick up to `ticks` times). A refusal of the first engine
// action leaves `s` unchanged; later ticks stop at game over.
template <class G>
StepResult step_state(typename G::State& s, int a, int ticks) {
  StepResult r;
  const int64_t before = G::score(s);
  const typename G::Action action = Encoding<G>::action(a);
  const int repeats = Encoding<G>::is_tick(a) ? (ticks < 1 ? 1 : ticks) : 1;
  for (int k = 0; k < repeats; ++k) {
    const Outcome o = G::apply(s, action);
    if (!o.ok) {
      if (k == 0) {
        r.refused = true;
        r.reason = std::string(o.reason);
      }
      break;
    }
    ++r.ticks;
    if (G::game_over(s)) break;
  }
  r.reward = G::score(s) - before;
  r.over = G::game_over(s);
  return r;
}

// The layout of game G.
template <class G>
Layout layout_of() {
  using E = Encoding<G>;
  Layout l{std::string(G::info().slug),
           E::kActions,
           E::kPlanes,
           E::kHeight,
           E::kWidth,
           E::kFeatures,
           {},
           {},
           {}};
  for (auto n : E::kActionNames) l.action_names.emplace_back(n);
  for (auto n : E::kPlaneNames) l.plane_names.emplace_back(n);
  for (auto n : E::kFeatureNames) l.feature_names.emplace_back(n);
  return l;
}

}  // namespace gb::py
