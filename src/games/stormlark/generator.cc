// The Stormlark generator: one column per scrolling turn from a fixed block of kRngBudget counter
// positions, so every turn advances rngState by the same amount whatever the column holds.
#include <algorithm>

#include "core/rng.h"
#include "games/stormlark/stormlark.h"

namespace gb::stormlark {
namespace {

// Counter slots within one column's block. Every slot is reserved whether it is read or not.
enum Slot : uint64_t {
  kWallRoll = 0,
  kWallGap = 1,
  kWallKind = 2,    // 2..8: crag or knot per wall lane
  kSolidRoll = 9,   // 9..15: solid or empty per lane
  kCragRoll = 16,   // 16..22: crag or other per lane
  kOtherKind = 23,  // 23..29: which unlocked kind
  kDriftRoll = 30,  // 30..36: drifter direction
  kRunRoll = 37,    // 37..43: crag run continuation
  kMoteRoll = 44,
  kMoteLane = 45,
  kSquallRoll = 46,
  kSquallLane = 47,
};
static_assert(kSquallLane < kRngBudget, "slots must fit the budget");

class ColumnDraw {
 public:
  ColumnDraw(uint64_t seed, uint64_t base) : seed_(seed), base_(base) {}
  uint32_t below(uint64_t slot, uint32_t bound) const {
    return gb::below(draw(seed_, (base_ + slot) % kRngModulus), bound);
  }
  bool chance(uint64_t slot, int per_mille) const {
    return static_cast<int>(below(slot, 1000)) < per_mille;
  }

 private:
  uint64_t seed_;
  uint64_t base_;
};

int live_wardens(const State& s) {
  int n = 0;
  for (int i = 0; i < s.count; ++i) n += s.entities[i].kind == Kind::kWarden;
  return n;
}

void place(State& s, Kind kind, int lane, int8_t drift = 0) {
  s.entities[s.count++] = Entity{
      s.next_id++, kind, static_cast<int8_t>(lane), 9, static_cast<int8_t>(starting_hp(kind)),
      drift};
}

// Picks a non-crag solid among the kinds unlocked at this difficulty. Weights: knot 10,
// drifter 4, rimeshell 3, sparker 3, warden 1; a third warden becomes a knot.
Kind other_kind(const State& s, const Difficulty& d, uint32_t roll_bits) {
  struct Weighted {
    Kind kind;
    int weight;
    bool unlocked;
  };
  const Weighted table[] = {{Kind::kKnot, 10, true},
                            {Kind::kDrifter, 4, d.drifter},
                            {Kind::kRimeshell, 3, d.rimeshell},
                            {Kind::kSparker, 3, d.sparker},
                            {Kind::kWarden, 1, d.warden}};
  int total = 0;
  for (const auto& w : table) total += w.unlocked ? w.weight : 0;
  int roll = static_cast<int>(roll_bits % static_cast<uint32_t>(total));
  for (const auto& w : table) {
    if (!w.unlocked) continue;
    if (roll < w.weight) {
      if (w.kind == Kind::kWarden && live_wardens(s) >= kMaxWardens) return Kind::kKnot;
      return w.kind;
    }
    roll -= w.weight;
  }
  return Kind::kKnot;
}

}  // namespace

Difficulty difficulty(int64_t reach) {
  const int r = static_cast<int>(std::min<int64_t>(reach, kDifficultyCap));
  Difficulty d{};
  d.solid_pm = 80 + 20 * (r - 1);
  d.crag_share_pm = 520 + 25 * (r - 1);
  d.crag_run_pm = 150 + 35 * (r - 1);
  d.mote_pm = 450 - 30 * (r - 1);
  d.squall_pm = r >= 3 ? 60 + 10 * (r - 3) : 0;
  d.wall_pm = r >= 8 ? 80 + 20 * (r - 8) : 0;
  d.drifter = r >= 2;
  d.rimeshell = r >= 4;
  d.sparker = r >= 5;
  d.warden = r >= 6;
  return d;
}

int64_t drawing_reach(const State& s) {
  for (int i = 0; i < s.count; ++i) {
    if (s.entities[i].kind == Kind::kGate) return s.reach + 1;
  }
  return s.reach;
}

void draw_content_column(State& s, int64_t reach, uint64_t base) {
  const Difficulty d = difficulty(reach);
  const ColumnDraw rng(s.seed, base);

  if (d.wall_pm > 0 && rng.chance(kWallRoll, d.wall_pm)) {
    const int gap = static_cast<int>(rng.below(kWallGap, kLanes));
    for (int lane = 0; lane < kLanes; ++lane) {
      if (lane == gap) continue;
      place(s, rng.chance(kWallKind + lane, d.crag_share_pm) ? Kind::kCrag : Kind::kKnot, lane);
    }
    if (rng.chance(kMoteRoll, d.mote_pm)) place(s, Kind::kMote, gap);
    return;
  }

  // The lanes with a crag in column 8, found in one pass (a cell holds at most one entity).
  uint32_t crag_left = 0;
  for (int i = 0; i < s.count; ++i) {
    const Entity& e = s.entities[i];
    if (e.col == 8 && e.kind == Kind::kCrag) crag_left |= 1u << e.lane;
  }
  for (int lane = 0; lane < kLanes; ++lane) {
    bool run = ((crag_left >> lane) & 1u) && rng.chance(kRunRoll + lane, d.crag_run_pm);
    if (run) {
      place(s, Kind::kCrag, lane);
    } else if (rng.chance(kSolidRoll + lane, d.solid_pm)) {
      if (rng.chance(kCragRoll + lane, d.crag_share_pm)) {
        place(s, Kind::kCrag, lane);
      } else {
        Kind k = other_kind(s, d, rng.below(kOtherKind + lane, 1u << 20));
        int8_t drift = 0;
        if (k == Kind::kDrifter) drift = rng.below(kDriftRoll + lane, 2) ? 1 : -1;
        place(s, k, lane, drift);
      }
    }
  }
  if (rng.chance(kMoteRoll, d.mote_pm)) {
    int lane = static_cast<int>(rng.below(kMoteLane, kLanes));
    if (entity_at(s, lane, 9) < 0) place(s, Kind::kMote, lane);
  }
  if (d.squall_pm > 0 && rng.chance(kSquallRoll, d.squall_pm)) {
    int lane = static_cast<int>(rng.below(kSquallLane, kLanes));
    if (entity_at(s, lane, 9) < 0) place(s, Kind::kSquall, lane);
  }
}

}  // namespace gb::stormlark
