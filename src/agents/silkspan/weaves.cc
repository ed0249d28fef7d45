#include "agents/silkspan/weaves.h"

#include <algorithm>

namespace gb::silkspan {
namespace {

// Ticks until the spinner's next step: steps happen on panel ticks divisible by kStepPeriod.
int ticks_to_step(const State& s) {
  return kStepPeriod - static_cast<int>(s.tick % kStepPeriod);
}

}  // namespace

void OptionRecorder::heading(int dir) {
  if (state_.heading == dir) return;
  flush();
  Action a{ActionType::kSetHeading, dir};
  if (apply(state_, a).ok) actions_.push_back(a);
}

void OptionRecorder::release() {
  if (state_.heading < 0) return;
  flush();
  Action a{ActionType::kRelease};
  if (apply(state_, a).ok) actions_.push_back(a);
}

bool OptionRecorder::step() {
  return wait(ticks_to_step(state_));
}

bool OptionRecorder::wait(int count) {
  if (!ok()) return false;
  Action a{ActionType::kTick, 0, count, true};
  apply(state_, a);
  pending_ticks_ += count;
  return ok();
}

void OptionRecorder::flush() {
  while (pending_ticks_ > 0) {
    int64_t n = std::min<int64_t>(pending_ticks_, 600);
    actions_.push_back(Action{ActionType::kTick, 0, n, true});
    pending_ticks_ -= n;
  }
}

agents::Expansion<Traits> OptionRecorder::finish() {
  flush();
  return {std::move(actions_), state_};
}

agents::Expansion<Traits> play_excursion(const State& s, int d1, int a, int d2, int b, int limit) {
  OptionRecorder r(s);
  const int legs[4][2] = {{d1, a}, {d2, b}, {(d1 + 2) % 4, limit}, {(d2 + 2) % 4, limit}};
  bool started = weaving(s);
  for (const auto& leg : legs) {
    r.heading(leg[0]);
    for (int i = 0; i < leg[1]; ++i) {
      if (!r.step()) return r.finish();
      if (weaving(r.state())) started = true;
      if (started && !weaving(r.state())) return r.finish();  // the thread closed
    }
  }
  return r.finish();
}

agents::Expansion<Traits> play_walk(const State& s, int dir, int steps) {
  OptionRecorder r(s);
  for (int i = 0; i < steps && classify_step(r.state(), dir) == StepKind::kWalk; ++i) {
    r.heading(dir);
    if (!r.step()) return r.finish();
  }
  r.release();
  return r.finish();
}

agents::Expansion<Traits> play_one_step(const State& s, int dir) {
  OptionRecorder r(s);
  r.heading(dir);
  r.step();
  return r.finish();
}

}  // namespace gb::silkspan
