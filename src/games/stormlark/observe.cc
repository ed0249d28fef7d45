// The Stormlark observation picture: 7 lines (lanes 0..6) of 10 cells (columns 0..9).
#include "games/stormlark/stormlark.h"

namespace gb::stormlark {

char glyph(const Entity& e) {
  switch (e.kind) {
    case Kind::kCrag:
      return '#';
    case Kind::kKnot:
      return 'k';
    case Kind::kDrifter:
      return e.drift < 0 ? '^' : 'v';
    case Kind::kRimeshell:
      return e.hp >= 2 ? 'R' : 'r';  // 'r': cracked after the first hit
    case Kind::kSparker:
      return 's';
    case Kind::kWarden:
      return 'W';
    case Kind::kSquall:
      return '~';
    case Kind::kMote:
      return '*';
    case Kind::kGate:
      return '|';
  }
  return '?';
}

std::string board_text(const State& s) {
  std::string text;
  text.reserve(kLanes * (kCols + 1));
  char cells[kLanes][kCols];
  for (auto& row : cells) {
    for (char& c : row) c = '.';
  }
  for (int i = 0; i < s.count; ++i) {
    const Entity& e = s.entities[i];
    cells[e.lane][e.col] = glyph(e);
  }
  cells[s.ship_lane][0] = '>';
  for (int lane = 0; lane < kLanes; ++lane) {
    text.append(cells[lane], kCols);
    text.push_back('\n');
  }
  text.pop_back();
  return text;
}

}  // namespace gb::stormlark
