// Stormlark's JSON decoder: untrusted states and actions in; the canonical JSON out is encode.cc.
#include <fmt/format.h>

#include <algorithm>

#include "games/stormlark/traits.h"

namespace gb::stormlark {
namespace {

constexpr int64_t kMaxSafeInt = (1LL << 53) - 1;
constexpr int64_t kMaxReach = 1000000;
constexpr int64_t kMaxChain = 1000000000;
constexpr int64_t kMaxTurn = 1000000000000;

bool decode_entity(JsonValue v, ElementPath path, Entity& e, Issues& issues) {
  ObjectReader r(v, path, issues);
  if (!r.is_object()) return false;
  int kind = 0;
  bool ok = r.integer("id", 0, kMaxSafeInt - 1, e.id);
  ok &= r.one_of("kind", kKindNames, kind);
  ok &= r.integer("lane", 0, kLanes - 1, e.lane);
  ok &= r.integer("col", 0, kCols - 1, e.col);
  e.kind = static_cast<Kind>(kind);
  if (!ok) return false;
  const int max_hp = starting_hp(e.kind);
  ok &= r.integer("hp", 1, max_hp, e.hp);
  if (e.kind == Kind::kDrifter) {
    ok &= r.integer("drift", -1, 1, e.drift);
    if (ok && e.drift == 0) {
      issues.add(r.child_path("drift"), "must be -1 or 1 for a drifter");
      ok = false;
    }
  } else {
    ok &= r.integer("drift", 0, 0, e.drift);
  }
  return ok;
}

// Structure checks across entities: unique ids and cells, ids below nextId, whole gate columns.
void check_board(const State& s, Issues& issues) {
  int cell[kLanes][kCols];
  for (auto& row : cell) {
    for (int& c : row) c = -1;
  }
  int gates_in_col[kCols] = {};
  for (int i = 0; i < s.count; ++i) {
    const Entity& e = s.entities[i];
    // Formatted only for a failing entity: a valid board builds no strings.
    auto path = [&] { return fmt::format("state.entities (id {})", e.id); };
    if (i > 0 && s.entities[i - 1].id == e.id) issues.add(path(), "repeats an id");
    if (cell[e.lane][e.col] >= 0) {
      issues.add(path(), fmt::format("shares lane {} col {} with id {}", e.lane, e.col,
                                     s.entities[cell[e.lane][e.col]].id));
    }
    cell[e.lane][e.col] = i;
    if (e.id >= s.next_id) {
      issues.add(path(), fmt::format("id must be below nextId {}", s.next_id));
    }
    if (e.kind == Kind::kGate) ++gates_in_col[e.col];
  }
  for (int col = 0; col < kCols; ++col) {
    if (gates_in_col[col] != 0 && gates_in_col[col] != kLanes) {
      issues.add("state.entities", fmt::format("gate column {} must fill all 7 lanes", col));
    }
  }
}

}  // namespace

void Traits::candidate_actions(const State&, ActionList& out) {
  out.clear();
  for (size_t i = 0; i < kActionNames.size(); ++i)
    out.push_back(Action{static_cast<ActionType>(i)});
}

std::optional<Action> Traits::decode_action(JsonValue v, Issues& issues) {
  ObjectReader r(v, "action", issues);
  int type = 0;
  if (!r.one_of("type", kActionNames, type)) return std::nullopt;
  return Action{static_cast<ActionType>(type)};
}

bool Traits::decode_state(JsonValue v, State& s, Issues& issues) {
  const size_t before = issues.total();
  ObjectReader r(v, "state", issues);
  if (!r.is_object()) return false;
  s = State{};
  int phase = 0;
  r.integer("seed", 0, 4294967295LL, s.seed);
  r.integer("rngState", 0, kMaxSafeInt, s.rng_state);
  if (r.one_of("phase", kPhaseNames, phase)) s.phase = static_cast<Phase>(phase);
  r.integer("reach", 1, kMaxReach, s.reach);
  r.integer("shipLane", 0, kLanes - 1, s.ship_lane);
  r.integer("hull", 0, kHullMax, s.hull);
  r.integer("charge", 0, kChargeMax, s.charge);
  r.integer("chain", 0, kMaxChain, s.chain);
  r.integer("score", 0, kPlausibilityGuard, s.score);
  r.integer("turn", 0, kMaxTurn, s.turn);
  r.integer("nextId", 0, kMaxSafeInt, s.next_id);
  r.integer("columnsDrawn", 0, kContentColumnsPerReach, s.columns_drawn);
  r.boolean("reachFlawless", s.reach_flawless);
  read_elements(r, "entities", "state.entities", s.entities, s.count, decode_entity, issues);
  if (issues.total() != before) return false;
  std::sort(s.entities.begin(), s.entities.begin() + s.count,
            [](const Entity& a, const Entity& b) { return a.id < b.id; });
  check_board(s, issues);
  if (s.hull == 0 && s.phase != Phase::kOver) {
    issues.add("state.hull", "is 0 but the phase is not over");
  }
  return issues.total() == before;
}

}  // namespace gb::stormlark
