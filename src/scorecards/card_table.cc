#include "scorecards/card_table.h"

#include <cstdio>

namespace gb::scorecards {
namespace {

// `x` with `decimals` digits, or "-" when unknown.
std::string maybe(const std::optional<double>& x, int decimals) {
  return x ? format_fixed(*x, decimals) : "-";
}

// "[lo, hi]" with `decimals` digits, or "-" when unknown.
std::string interval(const std::optional<Interval>& ci, int decimals) {
  if (!ci) return "-";
  std::string out = "[";  // appended piece by piece: GCC 12 warns falsely on "[" + string
  out += format_fixed(ci->lo, decimals);
  out += ", ";
  out += format_fixed(ci->hi, decimals);
  out += "]";
  return out;
}

// One row of the table, columns padded to fixed widths.
std::string row(const std::string& game, const std::string& n, const std::string& mean,
                const std::string& ci, const std::string& normalised, const std::string& human) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-10s %4s %12s %26s %11s %8s\n", game.c_str(), n.c_str(),
                mean.c_str(), ci.c_str(), normalised.c_str(), human.c_str());
  return buf;
}

}  // namespace

std::string card_table(const CardStats& stats) {
  std::string out = row("game", "n", "mean", "ci95", "normalised", "human");
  for (const GameStats& g : stats.games) {
    out += row(g.slug, std::to_string(g.n), format_fixed(g.mean, 1), interval(g.ci95, 1),
               maybe(g.normalised, 3), maybe(g.human_normalised, 3));
  }
  out += "overall normalised " + maybe(stats.overall.normalised, 3) + ", ci95 " +
         interval(stats.overall.ci95, 3) + "\n";
  return out;
}

}  // namespace gb::scorecards
