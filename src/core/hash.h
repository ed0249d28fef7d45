// Every hash the project computes, in one place: FNV-1a 64 for golden signatures and state hashes
// (the same bytes hash the same everywhere), and SHA-256 for stored secrets (OpenSSL).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
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

// Returns `h` as 16 lower-case hex digits.
std::string hex64(uint64_t h);

// Returns `n` bytes as 2n lower-case hex digits.
std::string hex_bytes(const unsigned char* bytes, size_t n);

// The state hash a run carries: fnv1a64 of the final state's JSON, as 16 hex digits.
inline std::string state_hash(std::string_view state_json) {
  return hex64(fnv1a64(state_json));
}

// Returns the SHA-256 of `bytes` as 64 lower-case hex digits (sha256.cc, target gb_sha256: the
// one piece that needs OpenSSL, so the engines' builds for Python and WebAssembly stay without).
std::string sha256_hex(std::string_view bytes);

}  // namespace gb
