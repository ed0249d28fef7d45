// The text table of a scorecard, as `gameboard card` prints it: one line per game (n, mean, its
// 95% interval, normalised and human-normalised scores) and the overall normalised score.
#pragma once

#include <string>

#include "scorecards/stats.h"

namespace gb::scorecards {

// Renders `stats` as an aligned table; an unknown value prints as "-". Means and intervals have
// 1 decimal, normalised scores 3.
std::string card_table(const CardStats& stats);

}  // namespace gb::scorecards
