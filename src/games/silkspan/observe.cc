// The observation text (SS-94, SS-95, SS-128): the field in ASCII and the moving headings.
#include "games/silkspan/silkspan.h"

namespace gb::silkspan {

// Draws 36 lines of 48 characters, row 0 first: '#' woven, '.' dark, 'o' thread, '*' spark,
// 'm' moth, 'B' beetle, '@' spinner (later ones drawn over earlier ones); then one line
// "moves: <dir> <name>, ..." listing every heading whose step would be taken now, or
// "moves: none".
std::string field_text(const State& s) {
  std::string text;
  text.reserve(kRows * (kCols + 1) + 64);
  std::array<char, kCells> pic;
  for (int i = 0; i < kCells; ++i) {
    const uint8_t c = s.cells[i];
    pic[i] = (c & kWoven) ? '#' : (c & kThread) ? 'o' : '.';
  }
  if (s.spark.lit && s.spark.index < s.thread_len) pic[s.thread[s.spark.index]] = '*';
  for (int i = 0; i < s.moth_count; ++i) pic[index_of(s.moths[i].x, s.moths[i].y)] = 'm';
  for (int i = 0; i < s.beetle_count; ++i) pic[index_of(s.beetles[i].x, s.beetles[i].y)] = 'B';
  pic[index_of(s.spinner.x, s.spinner.y)] = '@';
  for (int y = 0; y < kRows; ++y) {
    text.append(pic.data() + y * kCols, kCols);
    text.push_back('\n');
  }
  text += "moves:";
  bool any = false;
  for (int dir = 0; dir < 4; ++dir) {
    if (!heading_moves(s, dir)) continue;
    text += any ? ", " : " ";
    text += std::to_string(dir);
    text += ' ';
    text += kHeadingNames[dir];
    any = true;
  }
  if (!any) text += " none";
  return text;
}

}  // namespace gb::silkspan
