// Which seeds an eval plays: a range "A..B" (or one seed "N"), optionally narrowed to one shard.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gb::harness {

// Parses "A..B" (inclusive, A <= B) or "N" into the seeds in ascending order. Seeds are
// 0..4294967295 and a range holds at most 10000000 seeds. On bad input returns an empty list and
// sets `error` to a sentence saying why.
std::vector<uint32_t> parse_seed_range(std::string_view text, std::string& error);

// A shard "K/M": 1 <= K <= M. It keeps every seed whose index in the range, counted from 0, is
// congruent to K-1 modulo M, so the M shards partition the range.
struct Shard {
  uint32_t index = 1;
  uint32_t count = 1;
};

// Parses "K/M"; false and `error` set on bad input.
bool parse_shard(std::string_view text, Shard& shard, std::string& error);

// Returns the seeds of `seeds` that belong to `shard`.
std::vector<uint32_t> select_shard(const std::vector<uint32_t>& seeds, const Shard& shard);

}  // namespace gb::harness
