// The difficulty table (SS-79..87) and the award arithmetic (SS-38..46), all in integers.
#include <algorithm>

#include "games/silkspan/silkspan.h"

namespace gb::silkspan {
namespace {

// The seed's anchor panels and their values.
constexpr std::array<int, 5> kAnchor = {1, 4, 8, 12, 20};
constexpr std::array<int, 5> kTarget = {60, 64, 68, 72, 80};
constexpr std::array<int, 5> kMothPeriod = {5, 5, 4, 3, 2};
constexpr std::array<int, 5> kBeetles = {2, 3, 4, 6, 8};
constexpr std::array<int, 5> kBeetlePeriod = {6, 6, 5, 4, 3};
constexpr std::array<int, 5> kGrace = {40, 34, 26, 18, 18};

// Linear interpolation from a (at p0) to b (at p1) at p, rounded half up. Requires p0 <= p <= p1.
int lerp_half_up(int a, int b, int64_t p0, int64_t p1, int64_t p) {
  const int64_t den = p1 - p0;
  const int64_t num = a * den + (b - a) * (p - p0);
  // floor(num/den + 1/2) for num possibly negative: shift by a multiple of den first.
  const int64_t twice = 2 * num + den;
  const int64_t q = twice >= 0 ? twice / (2 * den) : -((-twice + 2 * den - 1) / (2 * den));
  return static_cast<int>(q);
}

// Interpolates one column of the anchor table at panel p (held at panel 20 beyond it).
int table_value(const std::array<int, 5>& values, int64_t p) {
  if (p >= kAnchor[4]) return values[4];
  for (size_t i = 0; i + 1 < kAnchor.size(); ++i) {
    if (p <= kAnchor[i + 1])
      return lerp_half_up(values[i], values[i + 1], kAnchor[i], kAnchor[i + 1], p);
  }
  return values[4];
}

}  // namespace

Difficulty difficulty(int64_t panel) {
  const int64_t p = std::max<int64_t>(1, panel);
  const int64_t rate_p = std::min<int64_t>(p, 20);
  return Difficulty{
      .target_pct = table_value(kTarget, p),
      .moth_period = table_value(kMothPeriod, p),
      .beetles = table_value(kBeetles, p),
      .beetle_period = table_value(kBeetlePeriod, p),
      .spark_grace = table_value(kGrace, p),
      .turn_pm = lerp_half_up(230, 500, 1, 20, rate_p),
      .bias_pm = lerp_half_up(190, 600, 1, 20, rate_p),
      .moths = std::max<int64_t>(1, p / 4),
  };
}

int multiplier(int64_t n) {
  if (100 * n >= 39100) return 4;
  if (100 * n >= 23460) return 3;
  if (100 * n >= 12512) return 2;
  return 1;
}

int64_t claim_award(int64_t n) {
  return kCellPoints * multiplier(n) * n;
}

int64_t clear_award(int64_t panel, int64_t flawless) {
  return 30 * panel * (10 + std::min<int64_t>(5, flawless));
}

int64_t overshoot_award(int64_t woven, int target_pct) {
  const int64_t whole = 100 * woven / kInterior;
  return 30 * std::max<int64_t>(0, whole - target_pct);
}

bool target_reached(int64_t woven, int target_pct) {
  return 100 * woven >= static_cast<int64_t>(target_pct) * kInterior;
}

}  // namespace gb::silkspan
