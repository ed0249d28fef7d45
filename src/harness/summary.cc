#include "harness/summary.h"

#include <algorithm>
#include <cstdio>

namespace gb::harness {
namespace {

// The nearest-rank percentile of sorted `v` (1 <= pct <= 100, v not empty).
int64_t nearest_rank(const std::vector<int64_t>& v, size_t pct) {
  size_t rank = (pct * v.size() + 99) / 100;
  return v[std::max<size_t>(rank, 1) - 1];
}

}  // namespace

Summary summarise(const std::vector<agents::RunResult>& results) {
  Summary s;
  if (results.empty()) return s;
  std::vector<int64_t> scores;
  for (const auto& r : results) scores.push_back(r.score);
  std::sort(scores.begin(), scores.end());
  s.n = scores.size();
  double total = 0;
  for (int64_t v : scores) total += static_cast<double>(v);
  s.mean = total / static_cast<double>(s.n);
  size_t mid = s.n / 2;
  s.median = s.n % 2 == 1
                 ? static_cast<double>(scores[mid])
                 : (static_cast<double>(scores[mid - 1]) + static_cast<double>(scores[mid])) / 2;
  s.p10 = nearest_rank(scores, 10);
  s.p90 = nearest_rank(scores, 90);
  s.min = scores.front();
  s.max = scores.back();
  return s;
}

std::string summary_table(const Summary& s) {
  char line[256];
  std::snprintf(
      line, sizeof line,
      "%8s %12s %12s %10s %10s %10s %10s\n%8zu %12.1f %12.1f %10lld %10lld %10lld %10lld\n", "n",
      "mean", "median", "p10", "p90", "min", "max", s.n, s.mean, s.median,
      static_cast<long long>(s.p10), static_cast<long long>(s.p90), static_cast<long long>(s.min),
      static_cast<long long>(s.max));
  return line;
}

}  // namespace gb::harness
