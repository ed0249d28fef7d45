#include "harness/svg_histogram.h"

#include <algorithm>
#include <cstdint>

#include "core/markup_escape.h"

namespace gb::harness {

std::string svg_histogram(const std::vector<agents::RunResult>& results, const std::string& title) {
  constexpr int kWidth = 640, kHeight = 360, kLeft = 60, kRight = 20, kTop = 40, kBottom = 50;
  constexpr int kPlotW = kWidth - kLeft - kRight, kPlotH = kHeight - kTop - kBottom;
  int64_t lo = 0, hi = 0;
  for (size_t i = 0; i < results.size(); ++i) {
    lo = i == 0 ? results[i].score : std::min(lo, results[i].score);
    hi = i == 0 ? results[i].score : std::max(hi, results[i].score);
  }
  const int64_t span = hi - lo + 1;
  const int64_t bins = std::min<int64_t>(20, span);
  const int64_t bin_width = (span + bins - 1) / bins;
  std::vector<int64_t> counts(static_cast<size_t>(bins), 0);
  for (const auto& r : results) ++counts[static_cast<size_t>((r.score - lo) / bin_width)];
  const int64_t tallest = std::max<int64_t>(1, *std::max_element(counts.begin(), counts.end()));
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(kWidth) +
                    "\" height=\"" + std::to_string(kHeight) + "\" font-family=\"sans-serif\" " +
                    "font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  svg += "<text x=\"" + std::to_string(kWidth / 2) + "\" y=\"22\" text-anchor=\"middle\" " +
         "font-size=\"15\">" + markup_escape(title) + "</text>\n";
  const int bar_w = kPlotW / static_cast<int>(bins);
  for (int64_t b = 0; b < bins; ++b) {
    const int64_t c = counts[static_cast<size_t>(b)];
    const int64_t h = c * kPlotH / tallest;
    const int64_t x = kLeft + b * bar_w;
    svg += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(kTop + kPlotH - h) +
           "\" width=\"" + std::to_string(std::max(1, bar_w - 2)) + "\" height=\"" +
           std::to_string(h) + "\" fill=\"#4a78b5\"><title>" + std::to_string(lo + b * bin_width) +
           ".." + std::to_string(lo + (b + 1) * bin_width - 1) + ": " + std::to_string(c) +
           " runs</title></rect>\n";
  }
  const int axis_y = kTop + kPlotH;
  svg += "<line x1=\"" + std::to_string(kLeft) + "\" y1=\"" + std::to_string(axis_y) + "\" x2=\"" +
         std::to_string(kLeft + kPlotW) + "\" y2=\"" + std::to_string(axis_y) +
         "\" stroke=\"black\"/>\n";
  svg += "<line x1=\"" + std::to_string(kLeft) + "\" y1=\"" + std::to_string(kTop) + "\" x2=\"" +
         std::to_string(kLeft) + "\" y2=\"" + std::to_string(axis_y) + "\" stroke=\"black\"/>\n";
  auto label = [&](int x, int y, const std::string& text, const char* anchor) {
    svg += "<text x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" text-anchor=\"" +
           anchor + "\">" + markup_escape(text) + "</text>\n";
  };
  label(kLeft, axis_y + 16, std::to_string(lo), "start");
  label(kLeft + bar_w * static_cast<int>(bins), axis_y + 16,
        std::to_string(lo + bins * bin_width - 1), "end");
  label(kLeft + kPlotW / 2, axis_y + 36, "score (" + std::to_string(results.size()) + " runs)",
        "middle");
  label(kLeft - 6, kTop + 4, std::to_string(tallest), "end");
  label(kLeft - 6, axis_y, "0", "end");
  svg += "</svg>\n";
  return svg;
}

}  // namespace gb::harness
