// The same random play natively and in WebAssembly, to compare their speed (docs/performance.md):
// from init(seed), a legal action drawn by a fixed 64-bit LCG, a new run (seed + 1) when one is
// over. Answers a digest of the scores so the work cannot be skipped and both sides can be
// checked to have played the same game.
#pragma once

#include <cstdint>

namespace gb::wasm {

template <class Port>
uint64_t random_play(uint32_t seed, int64_t steps) {
  uint64_t lcg = 0x9E3779B97F4A7C15ULL ^ seed;
  uint64_t digest = 0;
  typename Port::State s = Port::init(seed);
  typename Port::ActionList legal;
  for (int64_t i = 0; i < steps; ++i) {
    Port::legal_actions(s, legal);
    if (legal.size == 0) {
      digest = digest * 31 + static_cast<uint64_t>(s.score);
      s = Port::init(++seed);
      continue;
    }
    lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    const auto& a = legal.items[static_cast<size_t>((lcg >> 33) % legal.size)];
    Port::apply(s, a);
  }
  return digest * 31 + static_cast<uint64_t>(s.score);
}

}  // namespace gb::wasm
