// The summary of an eval: n, mean, median, p10, p90, min, max of the scores.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "agents/common/run.h"

namespace gb::harness {

struct Summary {
  size_t n = 0;
  double mean = 0;
  double median = 0;  // the mean of the two middle scores when n is even
  int64_t p10 = 0;    // nearest rank: the ceil(0.10 n)-th smallest score
  int64_t p90 = 0;    // nearest rank: the ceil(0.90 n)-th smallest score
  int64_t min = 0;
  int64_t max = 0;
};

// Summarises the scores of `results`; all zero when there are none.
Summary summarise(const std::vector<agents::RunResult>& results);

// Returns the summary as a two-line text table (header and values).
std::string summary_table(const Summary& s);

}  // namespace gb::harness
