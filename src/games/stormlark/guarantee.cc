// Step 10: the survivability guarantee. Some start lane must have a 3-turn sequence of UP, DOWN and
// VENT that takes no hull damage under the real step rules; when none does, the repair deletes the
// fewest solids in columns 1..3 that restore one. Only columns 1..3 matter: nothing further right
// can reach column 0 (or discharge from column 1) within three turns, and nothing is drawn into
// reach. Neither the check nor the repair draws from the generator.
#include <algorithm>
#include <array>

#include "games/stormlark/stormlark.h"
#include "games/stormlark/turn.h"

namespace gb::stormlark {
namespace {

using detail::Turn;
constexpr int kHorizon = 3;
constexpr uint8_t kAllLanes = (1u << kLanes) - 1;
constexpr std::array<ActionType, 3> kDodges = {ActionType::kUp, ActionType::kDown,
                                               ActionType::kVent};

// The part of the board that can touch the ship within the horizon, on a clean flying state.
State near_board(const State& s) {
  State b;
  b.seed = s.seed;
  b.ship_lane = s.ship_lane;
  b.count = 0;
  for (int i = 0; i < s.count; ++i) {
    if (s.entities[i].col >= 1 && s.entities[i].col <= kHorizon) {
      b.entities[b.count++] = s.entities[i];
    }
  }
  return b;
}

bool has_warden(const State& b) {
  for (int i = 0; i < b.count; ++i) {
    if (b.entities[i].kind == Kind::kWarden) return true;
  }
  return false;
}

bool dodge_is_legal(int lane, ActionType a) {
  return !(a == ActionType::kUp && lane == 0) && !(a == ActionType::kDown && lane == kLanes - 1);
}

// One dodge turn under the real rules (steps 2..7); returns the ids of the entities that damage
// the ship, written to `hits` (at most one discharge and one collision per turn).
int dodge_turn(State& b, ActionType a, std::array<int64_t, 4>& hits) {
  Turn t;
  t.action = a;
  int n = 0;
  detail::step2_player(b, t);
  for (int i = 0; i < b.count; ++i) {
    const Entity& e = b.entities[i];
    if (e.kind == Kind::kSparker && e.col == 1 && e.lane == b.ship_lane) hits[n++] = e.id;
  }
  detail::step3_discharge(b, t);
  detail::step4_movers(b, t);
  detail::step5_scroll(b, t);
  int at = entity_at(b, b.ship_lane, 0);
  if (at >= 0 && is_solid(b.entities[at].kind)) hits[n++] = b.entities[at].id;
  detail::step6_pickups(b, t);
  detail::step7_collision(b, t);
  return n;
}

// Without wardens the board moves the same whatever the ship does, so the damage of each turn is
// a lane mask and the search is a reachability sweep over the seven lanes.
bool survivable_static(State b) {
  uint8_t alive = kAllLanes;
  Turn t;
  b.ship_lane = -1;  // a lane no entity occupies: nothing discharges into it
  for (int turn = 0; turn < kHorizon; ++turn) {
    uint8_t danger = 0;
    for (int i = 0; i < b.count; ++i) {
      const Entity& e = b.entities[i];
      if (e.kind == Kind::kSparker && e.col == 1) danger |= static_cast<uint8_t>(1u << e.lane);
    }
    detail::step3_discharge(b, t);
    detail::step4_movers(b, t);
    detail::step5_scroll(b, t);
    for (int i = 0; i < b.count; ++i) {
      const Entity& e = b.entities[i];
      if (e.col == 0 && is_solid(e.kind)) danger |= static_cast<uint8_t>(1u << e.lane);
    }
    alive = static_cast<uint8_t>((alive | (alive << 1) | (alive >> 1)) & kAllLanes & ~danger);
    if (alive == 0) return false;
  }
  return true;
}

// With a warden the board depends on the ship's lane: search every dodge sequence.
bool dodge_search(const State& b, int depth) {
  if (depth == kHorizon) return true;
  for (ActionType a : kDodges) {
    if (!dodge_is_legal(b.ship_lane, a)) continue;
    State next = b;
    std::array<int64_t, 4> hits{};
    if (dodge_turn(next, a, hits) == 0 && dodge_search(next, depth + 1)) return true;
  }
  return false;
}

bool survivable_near(const State& b) {
  if (!has_warden(b)) return survivable_static(b);
  for (int lane = 0; lane < kLanes; ++lane) {
    State start = b;
    start.ship_lane = static_cast<int8_t>(lane);
    if (dodge_search(start, 0)) return true;
  }
  return false;
}

// A small fixed-capacity set of entity ids (the repair never allocates).
struct IdSet {
  std::array<int64_t, kLanes * kHorizon> ids{};
  size_t size = 0;
  void push_back(int64_t id) { ids[size++] = id; }
  bool contains(int64_t id) const {
    for (size_t i = 0; i < size; ++i) {
      if (ids[i] == id) return true;
    }
    return false;
  }
};

State without(const State& b, const IdSet& doomed) {
  State c = b;
  c.count = 0;
  for (int i = 0; i < b.count; ++i) {
    if (!doomed.contains(b.entities[i].id)) c.entities[c.count++] = b.entities[i];
  }
  // Slots past count stay empty, so that equal games compare equal.
  std::fill(c.entities.begin() + c.count, c.entities.begin() + b.count, Entity{});
  return c;
}

// Tries every set of k candidates in lexicographic order; stores the first that works.
bool first_working_subset(const State& b, const IdSet& candidates, size_t k, IdSet& found) {
  const size_t n = candidates.size;
  if (k > n) return false;
  std::array<size_t, 3> pick{};
  for (size_t i = 0; i < k; ++i) pick[i] = i;
  while (true) {
    IdSet ids;
    for (size_t i = 0; i < k; ++i) ids.push_back(candidates.ids[pick[i]]);
    if (survivable_near(without(b, ids))) {
      found = ids;
      return true;
    }
    size_t i = k;
    while (i > 0 && pick[i - 1] == n - k + i - 1) --i;
    if (i == 0) return false;
    ++pick[i - 1];
    for (size_t j = i; j < k; ++j) pick[j] = pick[j - 1] + 1;
  }
}

// The entities met by the cheapest path when each is deleted on contact; ties go to the lowest
// start lane, then the first sequence in UP < DOWN < VENT order.
IdSet cheapest_path_hits(const State& b) {
  IdSet best;
  bool have = false;
  for (int lane = 0; lane < kLanes; ++lane) {
    for (ActionType a1 : kDodges) {
      for (ActionType a2 : kDodges) {
        for (ActionType a3 : kDodges) {
          State c = b;
          c.ship_lane = static_cast<int8_t>(lane);
          IdSet met;
          bool legal = true;
          for (ActionType a : {a1, a2, a3}) {
            if (!dodge_is_legal(c.ship_lane, a)) legal = false;
            if (!legal) break;
            std::array<int64_t, 4> hits{};
            int n = dodge_turn(c, a, hits);
            for (int h = 0; h < n; ++h) met.push_back(hits[static_cast<size_t>(h)]);
          }
          if (legal && (!have || met.size < best.size)) {
            best = met;
            have = true;
          }
        }
      }
    }
  }
  return best;
}

}  // namespace

bool survivable(const State& s) {
  return survivable_near(near_board(s));
}

int repair(State& s) {
  State b = near_board(s);
  if (survivable_near(b)) return 0;
  // Candidates: the solids of columns 1..3, ordered by column, then lane.
  IdSet candidates;
  for (int col = 1; col <= kHorizon; ++col) {
    for (int lane = 0; lane < kLanes; ++lane) {
      int i = entity_at(b, lane, col);
      if (i >= 0 && is_solid(b.entities[i].kind)) candidates.push_back(b.entities[i].id);
    }
  }
  IdSet doomed;
  bool exact = false;
  for (size_t k = 1; k <= 3 && !exact; ++k) exact = first_working_subset(b, candidates, k, doomed);
  if (!exact) {
    // Beyond three deletions: delete what the cheapest path meets until a lane passes.
    while (!survivable_near(without(b, doomed))) {
      IdSet more = cheapest_path_hits(without(b, doomed));
      if (more.size == 0) {  // unreachable when the sweep and the path search agree; stay total
        doomed = candidates;
        break;
      }
      for (size_t i = 0; i < more.size && doomed.size < doomed.ids.size(); ++i) {
        if (!doomed.contains(more.ids[i])) doomed.push_back(more.ids[i]);
      }
    }
  }
  s = without(s, doomed);
  return static_cast<int>(doomed.size);
}

}  // namespace gb::stormlark
