// `wasm_speed_native GAME SEED STEPS`: the native side of the WebAssembly speed comparison
// (bench/wasm_speed.mjs runs the same random play in the module). Prints
// "<steps> steps <seconds> s digest <low 32 bits>".
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "wasm/ports.h"
#include "wasm/random_play.h"

namespace {

// Runs the random play of `game`; answers false for an unknown game.
bool play(std::string_view game, uint32_t seed, int64_t steps, uint64_t& digest) {
#define GB_PLAY(slug)                                            \
  if (game == gb::slug::Port::kSlug) {                           \
    digest = gb::wasm::random_play<gb::slug::Port>(seed, steps); \
    return true;                                                 \
  }
  GB_ALL_GAMES(GB_PLAY)
#undef GB_PLAY
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: wasm_speed_native GAME SEED STEPS\n");
    return 2;
  }
  const auto seed = static_cast<uint32_t>(std::strtoul(argv[2], nullptr, 10));
  const int64_t steps = std::strtoll(argv[3], nullptr, 10);
  uint64_t digest = 0;
  const auto start = std::chrono::steady_clock::now();
  if (!play(argv[1], seed, steps, digest)) {
    std::fprintf(stderr, "wasm_speed_native: unknown game %s\n", argv[1]);
    return 2;
  }
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  std::printf("%lld steps %.6f s digest %u\n", static_cast<long long>(steps), took.count(),
              static_cast<unsigned>(digest));
  return 0;
}
