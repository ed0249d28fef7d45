// Silkspan options for the agents: a few spinner steps, or a whole weave, simulated on a copy of
// the state with the exact engine and recorded as the actions that played it. Consecutive ticks
// are merged into one {type:tick, count} (at most 600), which the engine defines as the same
// number of single ticks.
#pragma once

#include <vector>

#include "agents/common/option_agent.h"
#include "games/silkspan/traits.h"

namespace gb::silkspan {

// Records an option while simulating it. Stops (ok() false) once the panel stops running or a
// spool is lost.
class OptionRecorder {
 public:
  explicit OptionRecorder(const State& s) : state_(s), spools_(s.spools) {}

  // Sets heading `dir` (recorded only when it changes the heading).
  void heading(int dir);
  // Releases the heading (recorded only when one is set).
  void release();
  // Ticks until the spinner's next step; returns ok().
  bool step();
  // Ticks `count` times; returns ok().
  bool wait(int count);
  // True while the panel runs and no spool was lost.
  bool ok() const { return state_.status == Status::kRunning && state_.spools >= spools_; }
  const State& state() const { return state_; }
  // Flushes pending ticks and returns the option.
  agents::Expansion<Traits> finish();

 private:
  void flush();
  State state_;
  int spools_;
  int64_t pending_ticks_ = 0;
  std::vector<Action> actions_;
};

// Plays a rectangular excursion: `a` steps toward d1, `b` toward d2, then back toward the
// opposite of d1, and then of d2, until the thread closes (each leg at most `limit` steps).
// Returns the option as played, stopped early when the recorder stops.
agents::Expansion<Traits> play_excursion(const State& s, int d1, int a, int d2, int b, int limit);

// Walks up to `steps` steps toward `dir` over woven cells only, then releases the heading.
agents::Expansion<Traits> play_walk(const State& s, int dir, int steps);

// Sets `dir` and ticks to the next step (the greedy agent's one-step option).
agents::Expansion<Traits> play_one_step(const State& s, int dir);

}  // namespace gb::silkspan
