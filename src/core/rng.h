// Counter-based randomness: every draw is a pure function of (seed, counter).
//
// The state of a game carries its seed and a counter; the engine draws `draw(seed, counter++)`.
// No generator object lives outside the state, no standard-library distribution is used (their
// algorithms differ between standard libraries), and no floating point is involved.
#pragma once

#include <cstdint>

namespace gb {

// SplitMix64's finaliser: a bijective 64-bit mixer with full avalanche.
constexpr uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Returns the 64 random bits at position `counter` of the stream named by `seed`.
constexpr uint64_t draw(uint64_t seed, uint64_t counter) {
  return mix64(mix64(seed + 0x9E3779B97F4A7C15ULL) ^ (counter * 0xD1B54A32D192ED03ULL));
}

__extension__ typedef unsigned __int128 Uint128;

// Maps 64 random bits onto 0..bound-1 by multiply-shift (Lemire). Requires bound > 0.
constexpr uint32_t below(uint64_t bits, uint32_t bound) {
  return static_cast<uint32_t>((static_cast<Uint128>(bits) * bound) >> 64);
}

// A cursor over one stream: reads draw(seed, counter) and advances the counter it points to.
class RngCursor {
 public:
  constexpr RngCursor(uint64_t seed, uint64_t& counter) : seed_(seed), counter_(counter) {}
  // Returns a value in 0..bound-1 and consumes one counter position.
  constexpr uint32_t below(uint32_t bound) { return gb::below(draw(seed_, counter_++), bound); }
  // Returns true with probability per_mille / 1000 and consumes one counter position.
  constexpr bool chance(uint32_t per_mille) { return below(1000) < per_mille; }

 private:
  uint64_t seed_;
  uint64_t& counter_;
};

}  // namespace gb
