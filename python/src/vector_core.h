// A batch of games stepped together into caller-owned arrays, with Gymnasium's next-step
// autoreset. Touches no Python object, so the binding releases the GIL around reset and step.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "env_core.h"

namespace gb::py {

// Row-major arrays of num_envs rows each, owned by the caller (numpy arrays in the binding).
struct VectorBuffers {
  uint8_t* board = nullptr;          // [n, planes, height, width]
  int32_t* features = nullptr;       // [n, features]
  int8_t* mask = nullptr;            // [n, actions]
  double* reward = nullptr;          // [n]
  bool* terminated = nullptr;        // [n]
  bool* truncated = nullptr;         // [n]
  int8_t* refused = nullptr;         // [n]
  int64_t* score = nullptr;          // [n]
  uint32_t* episode_seed = nullptr;  // [n] the game seed env i is playing
};

// The batch settings. max_steps 0 means no truncation.
struct VectorConfig {
  int num_envs = 1;
  int num_threads = 1;
  int64_t max_steps = 0;
  int ticks_per_step = 1;
};

class VectorCore {
 public:
  virtual ~VectorCore() = default;
  virtual const Layout& layout() const = 0;
  // Starts every env: env i plays seed + i. Fills the observation, mask, score and seed rows
  // and zeroes reward, terminated, truncated and refused.
  virtual void reset(uint32_t seed, const VectorBuffers& out) = 0;
  // Steps every env with actions[i] (each in 0..actions-1, checked by the caller). An env that
  // ended on the previous step ignores its action and starts its next game instead (reward 0,
  // not terminated, not truncated): episode k of env i plays seed + i + k * num_envs (mod 2^32).
  virtual void step(const int64_t* actions, const VectorBuffers& out) = 0;
};

// The batch for `slug`, or nullptr when no such game.
std::unique_ptr<VectorCore> make_vector_core(std::string_view slug, const VectorConfig& config);

// Plays `steps` uniformly random legal actions of `slug` in one engine state on this thread
// (a new game, seed + k, whenever one ends); returns the summed score, or -1 for an unknown slug.
// The benchmark's baseline: the engine's own random-play rate with no observation.
int64_t engine_random_play(std::string_view slug, int64_t steps, uint32_t seed);

}  // namespace gb::py
