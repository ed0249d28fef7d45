#include "harness/seed_set.h"

#include <charconv>

namespace gb::harness {
namespace {

// Parses a whole decimal number into `out` within 0..max.
bool parse_number(std::string_view text, uint64_t max, uint64_t& out) {
  if (text.empty()) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && out <= max;
}

constexpr uint64_t kMaxSeed = 4294967295ULL;
constexpr uint64_t kMaxRangeSize = 10000000;

}  // namespace

std::vector<uint32_t> parse_seed_range(std::string_view text, std::string& error) {
  size_t dots = text.find("..");
  uint64_t first = 0;
  uint64_t last = 0;
  std::string_view a = dots == std::string_view::npos ? text : text.substr(0, dots);
  std::string_view b = dots == std::string_view::npos ? text : text.substr(dots + 2);
  if (!parse_number(a, kMaxSeed, first) || !parse_number(b, kMaxSeed, last)) {
    error = "bad seed range '" + std::string(text) +
            "': expected A..B or N with seeds 0..4294967295, e.g. 1..100";
    return {};
  }
  if (first > last) {
    error = "bad seed range '" + std::string(text) + "': the first seed is above the last";
    return {};
  }
  if (last - first + 1 > kMaxRangeSize) {
    error = "bad seed range '" + std::string(text) + "': more than 10000000 seeds";
    return {};
  }
  std::vector<uint32_t> seeds;
  seeds.reserve(last - first + 1);
  for (uint64_t s = first; s <= last; ++s) seeds.push_back(static_cast<uint32_t>(s));
  return seeds;
}

bool parse_shard(std::string_view text, Shard& shard, std::string& error) {
  size_t slash = text.find('/');
  uint64_t k = 0;
  uint64_t m = 0;
  if (slash == std::string_view::npos || !parse_number(text.substr(0, slash), kMaxSeed, k) ||
      !parse_number(text.substr(slash + 1), kMaxSeed, m) || k < 1 || m < 1 || k > m) {
    error = "bad shard '" + std::string(text) + "': expected K/M with 1 <= K <= M, e.g. 2/4";
    return false;
  }
  shard.index = static_cast<uint32_t>(k);
  shard.count = static_cast<uint32_t>(m);
  return true;
}

std::vector<uint32_t> select_shard(const std::vector<uint32_t>& seeds, const Shard& shard) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < seeds.size(); ++i) {
    if (i % shard.count == shard.index - 1) out.push_back(seeds[i]);
  }
  return out;
}

}  // namespace gb::harness
