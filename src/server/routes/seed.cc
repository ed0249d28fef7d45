#include "server/routes/seed.h"

#include <atomic>
#include <charconv>
#include <chrono>
#include <random>

#include "core/rng.h"

namespace gb::server {

std::optional<uint32_t> parse_seed(std::string_view text) {
  if (text.empty()) return std::nullopt;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  uint32_t value = 0;
  auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (err != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

namespace {

// Drawn once per process: random_device where it works, mixed with the start time.
uint64_t process_salt() {
  uint64_t entropy = 0;
  try {
    std::random_device device;
    entropy = (static_cast<uint64_t>(device()) << 32) ^ device();
  } catch (...) {
    entropy = 0;  // no entropy source: the clock alone still varies between runs
  }
  auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  return mix64(entropy ^ mix64(static_cast<uint64_t>(now)));
}

}  // namespace

uint32_t draw_seed() {
  static const uint64_t salt = process_salt();
  static std::atomic<uint64_t> counter{0};
  uint64_t n = counter.fetch_add(1, std::memory_order_relaxed);
  return static_cast<uint32_t>(mix64(salt + n * 0x9E3779B97F4A7C15ULL) >> 32);
}

}  // namespace gb::server
