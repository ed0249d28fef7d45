#include "scorecards/suite.h"

#include <array>

#include "core/hash.h"
#include "core/rng.h"

namespace gb::scorecards {
namespace {

// open-v1's public seeds: drawn_open_seeds("open-v1", slug, 20), written out so that the suite
// reads as the data it is (suite_test checks both agree).
constexpr std::array<uint32_t, 20> kOpenV1Stormlark = {
    590343318u,  382208848u,  255776650u,  4002442291u, 3089258477u, 1388507349u, 1307042190u,
    2193102164u, 1169941372u, 1144177118u, 658762977u,  404378151u,  723716780u,  3216001448u,
    2870865511u, 2034201610u, 309036998u,  3548955332u, 3822309519u, 3279328670u};
constexpr std::array<uint32_t, 20> kOpenV1Glimfall = {
    3579675865u, 718356280u,  2728962284u, 102666112u,  89392496u,   529606891u,  2283032416u,
    702410674u,  1784674818u, 894365746u,  2633724454u, 68732870u,   1697034387u, 268530509u,
    1142872817u, 2083324819u, 2908872159u, 860652146u,  2198442257u, 2712794786u};
constexpr std::array<uint32_t, 20> kOpenV1Silkspan = {
    1812542888u, 3806528679u, 963528390u,  3356542177u, 1797164140u, 657686688u,  1643842556u,
    83702212u,   1108953140u, 4250443145u, 1640039614u, 91953323u,   2730593888u, 1566011873u,
    161617842u,  1316685738u, 2078828003u, 1547306595u, 789588484u,  804875226u};

// Reference means: the sums of the `random` (agent seed 0) and `planner` (default budget) scores
// over each game's 20 open-v1 seeds at the suite's caps; suite_test recomputes them.
constexpr ReferenceMean kStormlarkRandom{13169, 20};
constexpr ReferenceMean kStormlarkPlanner{708352, 20};
constexpr ReferenceMean kGlimfallRandom{1900, 20};
constexpr ReferenceMean kGlimfallPlanner{1693310, 20};
constexpr ReferenceMean kSilkspanRandom{280, 20};
constexpr ReferenceMean kSilkspanPlanner{6112215, 20};

// The caps are the reference agents' default run lengths (harness/game_agents.cc).
const std::array<SuiteGame, 3> kOpenV1Games = {{
    {"stormlark", 2000, kOpenV1Stormlark, 20, kStormlarkRandom, kStormlarkPlanner},
    {"glimfall", 1500, kOpenV1Glimfall, 20, kGlimfallRandom, kGlimfallPlanner},
    {"silkspan", 600, kOpenV1Silkspan, 20, kSilkspanRandom, kSilkspanPlanner},
}};

// sealed-v1: open-v1's shape and references, with each card's seeds drawn when it opens.
const std::array<SuiteGame, 3> kSealedV1Games = {{
    {"stormlark", 2000, {}, 20, kStormlarkRandom, kStormlarkPlanner},
    {"glimfall", 1500, {}, 20, kGlimfallRandom, kGlimfallPlanner},
    {"silkspan", 600, {}, 20, kSilkspanRandom, kSilkspanPlanner},
}};

const std::array<Suite, 2> kSuites = {{
    {"open-v1", false, kOpenV1Games},
    {"sealed-v1", true, kSealedV1Games},
}};

}  // namespace

int Suite::slot_count() const {
  int n = 0;
  for (const SuiteGame& g : games) n += g.count;
  return n;
}

std::span<const Suite> all_suites() {
  return kSuites;
}

const Suite* find_suite(std::string_view id) {
  for (const Suite& s : kSuites)
    if (s.id == id) return &s;
  return nullptr;
}

std::vector<uint32_t> drawn_open_seeds(std::string_view id, std::string_view slug, int count) {
  const std::string key = std::string(id) + "/" + std::string(slug);
  const uint64_t stream = fnv1a64(key);
  std::vector<uint32_t> seeds;
  for (int i = 0; i < count; ++i)
    seeds.push_back(static_cast<uint32_t>(draw(stream, static_cast<uint64_t>(i)) & 0xFFFFFFFFu));
  return seeds;
}

std::vector<Slot> open_slots(const Suite& suite) {
  std::vector<Slot> slots;
  for (const SuiteGame& g : suite.games)
    for (uint32_t seed : g.seeds)
      slots.push_back({static_cast<int>(slots.size()), g.slug, seed, g.max_actions});
  return slots;
}

}  // namespace gb::scorecards
