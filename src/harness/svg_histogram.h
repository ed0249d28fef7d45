// A histogram of scores as a standalone SVG file that a browser opens directly.
#pragma once

#include <string>
#include <vector>

#include "agents/common/run.h"

namespace gb::harness {

// Draws the scores of `results` in up to 20 equal-width bins, with axis labels and `title`
// (escaped) above.
std::string svg_histogram(const std::vector<agents::RunResult>& results, const std::string& title);

}  // namespace gb::harness
