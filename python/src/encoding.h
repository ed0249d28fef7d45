// The Python package's fixed-shape view of a game: how a discrete action index maps onto the
// engine's Action, and how a State fills a board tensor [planes, height, width] (uint8) and a
// feature vector (int32). One specialisation per game, beside this file; docs/python.md
// describes every plane, feature and action index.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>

namespace gb::py {

template <class G>
struct Encoding;  // specialised per game in <slug>_encoding.h, beside this file

// Clamps an engine counter into int32 (features saturate rather than wrap).
inline int32_t saturate(int64_t v) {
  constexpr int64_t lo = std::numeric_limits<int32_t>::min();
  constexpr int64_t hi = std::numeric_limits<int32_t>::max();
  return static_cast<int32_t>(std::clamp(v, lo, hi));
}

}  // namespace gb::py
