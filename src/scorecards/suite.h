// Scorecard suites (SPEC section 14): the fixed protocols an agent is measured on. A suite is a
// versioned constant: its games, seeds, action caps and reference means never change under its
// id. A rules change that moves a reference mean makes a new suite id, as a rules change makes a
// new rules version. A suite names its games on purpose: adding a game must not change what an
// existing suite measures.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gb::scorecards {

// A reference agent's mean on a game's open-v1 seeds: `sum` of the scores over `n` runs, kept as
// integers so the constant is exact; mean() divides.
struct ReferenceMean {
  int64_t sum = 0;
  int64_t n = 1;
  double mean() const { return static_cast<double>(sum) / static_cast<double>(n); }
};

// One game of a suite: how many slots it has, the action cap of each run, and for an open suite
// the seeds themselves (a sealed suite draws them per card).
struct SuiteGame {
  std::string_view slug;
  int64_t max_actions = 0;
  std::span<const uint32_t> seeds;  // the open seeds; empty in a sealed suite
  int count = 0;                    // slots of this game on one card
  ReferenceMean random;             // the `random` agent, default settings
  ReferenceMean planner;            // the `planner` agent, default budget
};

struct Suite {
  std::string_view id;
  bool sealed = false;
  std::span<const SuiteGame> games;
  // Slots on one card: the sum of the games' counts.
  int slot_count() const;
};

// One slot of a card: which game, which seed, which cap. Slots are numbered from 0 in suite
// order (every slot of the first game, then the second's, ...).
struct Slot {
  int index = 0;
  std::string_view slug;
  uint32_t seed = 0;
  int64_t max_actions = 0;
};

// Every suite, oldest first.
std::span<const Suite> all_suites();

// The suite with this id, or nullptr.
const Suite* find_suite(std::string_view id);

// The open seeds of `slug` in suite `id`: the low 32 bits of draw(fnv1a64(id + "/" + slug), i)
// for i = 0..count-1. The constants of open-v1 are this list, which a test checks, so nobody
// chose them.
std::vector<uint32_t> drawn_open_seeds(std::string_view id, std::string_view slug, int count);

// The slots of an open suite's card, in order. Requires !suite.sealed.
std::vector<Slot> open_slots(const Suite& suite);

}  // namespace gb::scorecards
