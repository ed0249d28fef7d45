// The observation picture (GF-Q21). One line per row, bracket 0 leftmost:
//   a status line: "<status> tick <T> sparks <S> blaze <B> x<M> settle <N> reach <R>"
//   the Collar:    12 cells, 'G' on the Glim's bracket and '-' elsewhere, then " collar lock <L>"
//   one row per live rib, nearest first: 12 cells of '.' open / '#' stone as the rib will be on
//   arrival, then " t<ticks left> #<id> <kind>" and " bright@<b>" or " beacon@<b>"
//   the next pending mote, if any: '*' on its bracket, " mote t<ticks left> #<id> <value>"
#include <fmt/format.h>

#include <iterator>

#include "games/glimfall/glimfall.h"

namespace gb::glimfall {
namespace {

void append_cells(std::string& out, BracketMask open) {
  for (int b = 0; b < kBrackets; ++b) out.push_back((open >> b) & 1u ? '.' : '#');
}

}  // namespace

std::string strip_text(const State& s) {
  std::string out;
  out.reserve(256);                    // the status line, the Collar and a few ribs: one allocation
  auto put = std::back_inserter(out);  // formats straight into `out`, no temporary strings
  fmt::format_to(put, "{} tick {} sparks {} blaze {} x{} settle {} reach {}\n",
                 kStatusNames[static_cast<int>(s.status)], s.tick, s.sparks, s.blaze,
                 multiplier(s.blaze), s.settle, s.reach);
  for (int b = 0; b < kBrackets; ++b) out.push_back(b == s.bracket ? 'G' : '-');
  fmt::format_to(put, " collar lock {}\n", s.turn_lock);
  // Live ribs nearest first: selection by arriveTick (at most 6 entries).
  int64_t last = -1;
  for (int row = 0; row < s.rib_count; ++row) {
    int pick = -1;
    for (int i = 0; i < s.rib_count; ++i) {
      const Rib& r = s.ribs[i];
      if (r.resolved || r.arrive_tick <= last) continue;
      if (pick < 0 || r.arrive_tick < s.ribs[pick].arrive_tick) pick = i;
    }
    if (pick < 0) break;
    const Rib& r = s.ribs[pick];
    last = r.arrive_tick;
    append_cells(out, arrival_open(r));
    fmt::format_to(put, " t{} #{} {}", r.arrive_tick - s.tick, r.id,
                   kRibKindNames[static_cast<int>(r.kind)]);
    if (r.kind == RibKind::kSplit) fmt::format_to(put, " bright@{}", r.gap2_start);
    if (r.kind == RibKind::kBloom) fmt::format_to(put, " beacon@{}", r.bright_bracket);
    out.push_back('\n');
  }
  int next = -1;
  for (int i = 0; i < s.mote_count; ++i) {
    const Mote& m = s.motes[i];
    if (m.state != MoteState::kPending) continue;
    if (next < 0 || m.tick < s.motes[next].tick) next = i;
  }
  if (next >= 0) {
    const Mote& m = s.motes[next];
    for (int b = 0; b < kBrackets; ++b) out.push_back(b == m.bracket ? '*' : ' ');
    fmt::format_to(put, " mote t{} #{} {}\n", m.tick - s.tick, m.id, m.value);
  }
  out.pop_back();
  return out;
}

}  // namespace gb::glimfall
