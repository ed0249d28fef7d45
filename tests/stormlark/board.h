// Test helpers: Stormlark positions drawn as ASCII boards (the observation legend), so rule
// cases read like the rules.
#pragma once

#include <initializer_list>
#include <string_view>

#include "games/stormlark/stormlark.h"

namespace gb::stormlark::testing {

// Builds a flying state from 7 rows of 10 cells. '>' in column 0 marks the ship (default lane 3).
// Ids are assigned column by column, lane by lane, from 0. The generator's counter stays at the
// init value of seed 1, so a scrolling turn draws a real column into column 9.
inline State board(std::initializer_list<std::string_view> rows) {
  State s = init(1);
  s.count = 0;
  s.next_id = 0;
  int lane = 0;
  char cells[kLanes][kCols] = {};
  for (std::string_view row : rows) {
    for (int col = 0; col < kCols; ++col) cells[lane][col] = row[col];
    ++lane;
  }
  for (int col = 0; col < kCols; ++col) {
    for (int l = 0; l < kLanes; ++l) {
      char c = cells[l][col];
      Entity e{s.next_id, Kind::kCrag, static_cast<int8_t>(l), static_cast<int8_t>(col), 1, 0};
      switch (c) {
        case '>':
          s.ship_lane = static_cast<int8_t>(l);
          continue;
        case '.':
          continue;
        case '#':
          e.kind = Kind::kCrag;
          break;
        case 'k':
          e.kind = Kind::kKnot;
          break;
        case '^':
          e.kind = Kind::kDrifter;
          e.drift = -1;
          break;
        case 'v':
          e.kind = Kind::kDrifter;
          e.drift = 1;
          break;
        case 'R':
          e.kind = Kind::kRimeshell;
          e.hp = 2;
          break;
        case 'r':
          e.kind = Kind::kRimeshell;
          e.hp = 1;
          break;
        case 's':
          e.kind = Kind::kSparker;
          break;
        case 'W':
          e.kind = Kind::kWarden;
          e.hp = 4;
          break;
        case '~':
          e.kind = Kind::kSquall;
          break;
        case '*':
          e.kind = Kind::kMote;
          break;
        case '|':
          e.kind = Kind::kGate;
          break;
        default:
          continue;
      }
      s.entities[s.count++] = e;
      ++s.next_id;
    }
  }
  return s;
}

// Shorthand for a state with an empty board and the ship in `lane`.
inline State empty_board(int lane = 3) {
  State s = board({"..........", "..........", "..........", "..........", "..........",
                   "..........", ".........."});
  s.ship_lane = static_cast<int8_t>(lane);
  return s;
}

// The entity at (lane, col), or nullptr.
inline const Entity* at(const State& s, int lane, int col) {
  int i = entity_at(s, lane, col);
  return i < 0 ? nullptr : &s.entities[i];
}

inline Outcome act(State& s, ActionType a) {
  return apply(s, Action{a});
}

}  // namespace gb::stormlark::testing
