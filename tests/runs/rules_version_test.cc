// Each game's rules version (GameInfo::rules_version) names the rules and generator that
// verified a stored run; boards rank only the current version. It must change whenever a rule or
// the generator changes. The golden runs (tests/golden/, 5 per game) catch such a change: their
// final states, fingerprinted here, are pinned to the version they belong to, so a change to the
// rules fails this test until the version is bumped and a row for the new version added.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "core/hash.h"
#include "games/all_games.h"
#include "registry/registry.h"
#include "runs/verify.h"

namespace gb::runs {
namespace {

struct Pinned {
  std::string_view slug;
  uint32_t rules_version;
  uint64_t fingerprint;  // fnv1a64 of the golden runs' state hashes, in file-name order
};

// Add a row (never edit one) when a game's rules change: bump its rules_version, re-derive.
constexpr Pinned kPinned[] = {
    {"stormlark", 1, 0x8dcc6d5f33cbfa2c},
    {"glimfall", 1, 0x6dbd5b17d4fe4422},
    {"silkspan", 1, 0xa16aba96be83d1e7},
};

uint64_t golden_fingerprint(std::string_view slug) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(GB_GOLDEN_DIR)) {
    std::string name = entry.path().filename().string();
    if (name.starts_with(std::string(slug) + "-") && name.ends_with(".json")) {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  EXPECT_GE(files.size(), 5u) << slug;
  std::string hashes;
  for (const auto& file : files) {
    std::ifstream in(file);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    simdjson::dom::parser parser;
    simdjson::dom::element doc = parser.parse(text);
    uint64_t seed = doc["seed"].get_uint64();
    Verification v = verify_run(slug, static_cast<uint32_t>(seed), doc["actions"].value());
    EXPECT_TRUE(v.run) << file << ": " << v.issue;
    if (v.run) hashes += v.run->state_hash + "\n";
  }
  return fnv1a64(hashes);
}

TEST(RulesVersion, TheGoldenRunsBelongToEachGamesCurrentVersion) {
  for (const GameService* game : all_games()) {
    const GameInfo& info = game->info();
    if (is_test_game(info.slug)) continue;  // a test-only game has no golden runs to pin
    uint64_t fingerprint = golden_fingerprint(info.slug);
    const Pinned* row = nullptr;
    for (const Pinned& p : kPinned) {
      if (p.slug == info.slug && p.rules_version == info.rules_version) row = &p;
    }
    ASSERT_NE(row, nullptr) << info.slug << " has rules version " << info.rules_version
                            << " with no pinned row: add {\"" << info.slug << "\", "
                            << info.rules_version << ", 0x" << std::hex << fingerprint << "}";
    EXPECT_EQ(row->fingerprint, fingerprint)
        << info.slug << ": the golden runs end elsewhere than under rules version "
        << info.rules_version << ": the rules or the generator changed. Bump "
        << "GameInfo::rules_version and add a row {\"" << info.slug << "\", "
        << info.rules_version + 1 << ", 0x" << std::hex << fingerprint << "}";
  }
}

}  // namespace
}  // namespace gb::runs
