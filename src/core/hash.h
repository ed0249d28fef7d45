// A stable 64-bit hash (FNV-1a) for golden signatures: the same bytes hash the same everywhere.
#pragma once

#include <cstdint>
#include <string_view>

namespace gb {

// Returns the FNV-1a 64-bit hash of `bytes`.
constexpr uint64_t fnv1a64(std::string_view bytes) {
  uint64_t h = 0xCBF29CE484222325ULL;
  for (char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001B3ULL;
  }
  return h;
}

}  // namespace gb
