// The statistics of a scorecard (SPEC section 14), as one pure function: per game the mean score
// with its 95% interval, normalised against the reference agents and against people; over games
// the mean normalised score with its interval. The server's card, the agents' board and the
// CLI's table all come from here, so they agree to the last digit.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace gb::scorecards {

struct Interval {
  double lo = 0;
  double hi = 0;
};

// What one game contributes: its scores (an empty slot counts as 0, the caller adds it) and the
// references it is normalised against. `human` is the median of people's verified runs, or
// nullopt while there are too few of them.
struct GameInput {
  std::string slug;
  std::vector<int64_t> scores;
  double random = 0;
  double planner = 0;
  std::optional<double> human;
};

struct GameStats {
  std::string slug;
  int64_t n = 0;
  double mean = 0;
  double sd = 0;                           // sample standard deviation; 0 when n < 2
  std::optional<Interval> ci95;            // mean +- 1.96 sd / sqrt(n); nullopt when n < 2
  std::optional<double> normalised;        // (mean - random) / (planner - random)
  std::optional<double> human_normalised;  // (mean - random) / (human - random)
};

struct OverallStats {
  std::optional<double> normalised;  // the mean over games of the normalised scores
  std::optional<Interval> ci95;      // +- 1.96 sqrt(sum_g var_g / n_g) / G, normalised units
};

struct CardStats {
  std::vector<GameStats> games;  // in the order given
  OverallStats overall;
};

// Computes the statistics of `games`. A game with no scores has n = 0, mean 0 and no interval.
// A normalised score is nullopt when its denominator is 0 (planner equal to random, or a human
// reference equal to random) or its reference is missing; overall is nullopt when any game's
// normalised score is, or there are no games; its interval is nullopt when any game's is.
CardStats compute_stats(std::span<const GameInput> games);

// Formats `x` as the tables and pages print it: fixed, `decimals` digits after the point.
std::string format_fixed(double x, int decimals);

}  // namespace gb::scorecards
