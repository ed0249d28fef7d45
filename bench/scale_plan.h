// The population of the at-scale benchmark (docs/performance.md, "At a hundred thousand runs"):
// for run i of N, which name, kind, game, agent, seed and creation time it has, and its actions,
// played in process by the project's own agents so that every run verifies.
//
// Name j (of M) is "player-<j>" with its own strong token; 3 names in 5 are people, the rest
// agents; 1 name in 4 plays the greedy agent, the others the random one. Name j's r-th run
// (i = r * M + j) is of game (r + j) mod 3, so every name plays every game once M <= N / 3, and
// the runs are spread evenly over `days` days ending at `end`, oldest first.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace gb::bench {

struct Population {
  int64_t runs = 100'000;
  int64_t names = 5'000;
  int days = 3;
  std::chrono::system_clock::time_point end = std::chrono::system_clock::now();
  uint32_t first_seed = 1;  // run i has seed first_seed + i
  std::string name_prefix = "player-";
};

struct PlannedRun {
  std::string slug;
  uint32_t seed = 0;
  std::string name;
  std::string token;       // the name's strong token (the same for every run of the name)
  std::string kind;        // "human" or "agent"
  std::string agent;       // the agent that plays it: "random" or "greedy"
  std::string label;       // the agent label submitted ("" for people)
  std::string created_at;  // ISO-8601 UTC with milliseconds
};

// Returns run `i` (0 <= i < population.runs) of `population`.
PlannedRun plan_run(const Population& population, int64_t i);

// Plays `run` in process with its agent (the game's default run cap) and returns its actions as
// a compact JSON array.
std::string play_actions(const PlannedRun& run);

}  // namespace gb::bench
