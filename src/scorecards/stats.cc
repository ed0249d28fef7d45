#include "scorecards/stats.h"

#include <cmath>
#include <cstdio>

namespace gb::scorecards {
namespace {

constexpr double kZ95 = 1.96;

// Mean and sample standard deviation of `scores` (sd 0 when fewer than two).
void mean_and_sd(std::span<const int64_t> scores, double& mean, double& sd) {
  mean = 0;
  sd = 0;
  if (scores.empty()) return;
  long double sum = 0;
  for (int64_t s : scores) sum += static_cast<long double>(s);
  const long double m = sum / static_cast<long double>(scores.size());
  mean = static_cast<double>(m);
  if (scores.size() < 2) return;
  long double squares = 0;
  for (int64_t s : scores) {
    const long double d = static_cast<long double>(s) - m;
    squares += d * d;
  }
  sd = static_cast<double>(std::sqrt(squares / static_cast<long double>(scores.size() - 1)));
}

// (value - zero) / (one - zero), or nullopt when one equals zero.
std::optional<double> normalise(double value, double zero, std::optional<double> one) {
  if (!one || *one == zero) return std::nullopt;
  return (value - zero) / (*one - zero);
}

}  // namespace

CardStats compute_stats(std::span<const GameInput> games) {
  CardStats card;
  bool all_normalised = !games.empty();
  bool all_intervals = !games.empty();
  double normalised_sum = 0;
  double variance_sum = 0;  // sum_g var_g / n_g, normalised units
  for (const GameInput& in : games) {
    GameStats g;
    g.slug = in.slug;
    g.n = static_cast<int64_t>(in.scores.size());
    mean_and_sd(in.scores, g.mean, g.sd);
    if (g.n >= 2) {
      const double half = kZ95 * g.sd / std::sqrt(static_cast<double>(g.n));
      g.ci95 = Interval{g.mean - half, g.mean + half};
    }
    g.normalised = normalise(g.mean, in.random, in.planner);
    g.human_normalised = normalise(g.mean, in.random, in.human);
    if (g.normalised) {
      normalised_sum += *g.normalised;
    } else {
      all_normalised = false;
    }
    if (g.ci95 && g.normalised) {
      const double sd_normalised = g.sd / (in.planner - in.random);
      variance_sum += sd_normalised * sd_normalised / static_cast<double>(g.n);
    } else {
      all_intervals = false;
    }
    card.games.push_back(std::move(g));
  }
  if (all_normalised) {
    const double count = static_cast<double>(games.size());
    const double overall = normalised_sum / count;
    card.overall.normalised = overall;
    if (all_intervals) {
      const double half = kZ95 * std::sqrt(variance_sum) / count;
      card.overall.ci95 = Interval{overall - half, overall + half};
    }
  }
  return card;
}

std::string format_fixed(double x, int decimals) {
  char buf[64];
  if (x == 0) x = 0;  // no "-0.00"
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  std::string out = buf;
  if (out.find_first_not_of("-0.") == std::string::npos && out[0] == '-') out.erase(0, 1);
  return out;
}

}  // namespace gb::scorecards
