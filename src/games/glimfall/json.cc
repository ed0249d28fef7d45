// Glimfall's JSON decoder: untrusted states and actions in (validated, every array bounded); the
// canonical JSON out is encode.cc. Extra keys in an action or a state are ignored (GF-Q23).
#include <fmt/format.h>

#include "games/glimfall/traits.h"

namespace gb::glimfall {
namespace {

constexpr int64_t kMaxSafeInt = (1LL << 53) - 1;
constexpr int64_t kMaxLiveArrival = kMaxTick + kMaxArrivalLead;

// Reads a field that must be exactly -1 (not applicable to this kind).
void not_applicable(ObjectReader& r, std::string_view key, Issues& issues) {
  int64_t v = 0;
  if (r.integer(key, -1, kMaxSafeInt, v) && v != -1) {
    issues.add(r.child_path(key), "must be -1 for this kind");
  }
}

// Decodes one rib: its raw generator fields, each in range for its kind.
bool decode_rib(JsonValue v, ElementPath path, Rib& rib, Issues& issues) {
  const size_t before = issues.total();
  ObjectReader r(v, path, issues);
  if (!r.is_object()) return false;
  int kind = 0;
  r.integer("id", 0, kMaxSafeInt, rib.id);
  if (r.integer("kind", 0, 3, kind)) rib.kind = static_cast<RibKind>(kind);
  r.integer("spawnTick", 0, kMaxTick, rib.spawn_tick);
  r.integer("arriveTick", 0, kMaxLiveArrival, rib.arrive_tick);
  r.boolean("resolved", rib.resolved);
  if (issues.total() != before) return false;
  if (rib.arrive_tick < rib.spawn_tick)
    issues.add(path.str() + ".arriveTick", "is before spawnTick");
  const bool has_break = rib.kind != RibKind::kBloom;
  if (has_break) {
    r.integer("gapStart", 0, kBrackets - 1, rib.gap_start);
    r.integer("gapW", 1, rib.kind == RibKind::kSplit ? kBrackets - 2 : kBrackets - 1, rib.gap_w);
  } else {
    not_applicable(r, "gapStart", issues);
    not_applicable(r, "gapW", issues);
    rib.gap_start = rib.gap_w = -1;
  }
  if (rib.kind == RibKind::kTurn) {
    if (r.integer("turnDir", -1, 1, rib.turn_dir) && rib.turn_dir == 0) {
      issues.add(path.str() + ".turnDir", "must be -1 or 1");
    }
    r.integer("turnEvery", 1, 1000, rib.turn_every);
  } else {
    not_applicable(r, "turnDir", issues);
    not_applicable(r, "turnEvery", issues);
    rib.turn_dir = -1;
    rib.turn_every = -1;
  }
  if (rib.kind == RibKind::kSplit) {
    if (r.integer("gap2Start", 0, kBrackets - 1, rib.gap2_start) && issues.total() == before &&
        ((break_mask(rib.gap_start, rib.gap_w) >> rib.gap2_start) & 1u)) {
      issues.add(path.str() + ".gap2Start", "must lie outside the wide break");
    }
  } else {
    not_applicable(r, "gap2Start", issues);
    rib.gap2_start = -1;
  }
  if (rib.kind == RibKind::kBloom) {
    r.integer("brightBracket", 0, kBrackets - 1, rib.bright_bracket);
  } else {
    not_applicable(r, "brightBracket", issues);
    rib.bright_bracket = -1;
  }
  return issues.total() == before;
}

bool decode_mote(JsonValue v, ElementPath path, Mote& m, Issues& issues) {
  const size_t before = issues.total();
  ObjectReader r(v, path, issues);
  if (!r.is_object()) return false;
  int state = 0;
  r.integer("id", 0, kMaxSafeInt, m.id);
  r.integer("bracket", 0, kBrackets - 1, m.bracket);
  r.integer("tick", 0, kMaxLiveArrival, m.tick);
  if (r.integer("value", kMotePay, kRichMotePay, m.value) && m.value != kMotePay &&
      m.value != kRichMotePay) {
    issues.add(path.str() + ".value", "must be 10 or 30");
  }
  if (r.one_of("state", kMoteStateNames, state)) m.state = static_cast<MoteState>(state);
  return issues.total() == before;
}

bool decode_event(JsonValue v, ElementPath path, Event& e, Issues& issues) {
  const size_t before = issues.total();
  ObjectReader r(v, path, issues);
  if (!r.is_object()) return false;
  int type = 0;
  r.integer("t", 0, kMaxTick, e.t);
  if (r.one_of("type", kEventTypeNames, type)) e.type = static_cast<EventType>(type);
  r.integer("ref", -1, kMaxSafeInt, e.ref);
  r.integer("value", 0, kMaxSafeInt, e.value);
  return issues.total() == before;
}

// Cross-field coherence of the rib list (GF-Q25): consecutive ascending ids, resolved ones first,
// exactly three live ribs numbered from ribsDescended, arrivals strictly increasing, live ribs
// still ahead (within kMaxArrivalLead) and resolved ones behind.
void check_ribs(const State& s, Issues& issues) {
  int live = 0;
  for (int i = 0; i < s.rib_count; ++i) {
    const Rib& r = s.ribs[i];
    auto path = [i] { return element_path("state.ribs", i); };  // built only for an issue
    if (i > 0 && r.id != s.ribs[i - 1].id + 1)
      issues.add(path() + ".id", "ids must be consecutive and ascending");
    if (i > 0 && r.arrive_tick <= s.ribs[i - 1].arrive_tick) {
      issues.add(path() + ".arriveTick", "must be later than the previous rib's");
    }
    if (r.resolved) {
      if (live > 0) issues.add(path() + ".resolved", "a resolved rib follows a live one");
      if (r.arrive_tick > s.tick)
        issues.add(path() + ".arriveTick", "is after tick but the rib is resolved");
      continue;
    }
    if (r.id != s.ribs_descended + live) {
      issues.add(path() + ".id", fmt::format("live rib must be number {} (ribsDescended + {})",
                                             s.ribs_descended + live, live));
    }
    if (r.arrive_tick <= s.tick)
      issues.add(path() + ".arriveTick", "is not after tick but the rib is live");
    if (r.arrive_tick > s.tick + kMaxArrivalLead)
      issues.add(path() + ".arriveTick", "is too far ahead of tick");
    ++live;
  }
  if (live != kLiveRibs)
    issues.add("state.ribs", fmt::format("must hold exactly 3 live ribs, has {}", live));
}

// Motes: ascending unique ids, no interval beyond the last rib, pending ones ahead of tick and
// finished ones behind it.
void check_motes(const State& s, Issues& issues) {
  const int64_t last_rib = s.rib_count > 0 ? s.ribs[s.rib_count - 1].id : -1;
  for (int i = 0; i < s.mote_count; ++i) {
    const Mote& m = s.motes[i];
    auto path = [i] { return element_path("state.motes", i); };  // built only for an issue
    if (i > 0 && m.id <= s.motes[i - 1].id)
      issues.add(path() + ".id", "ids must be unique and ascending");
    if (m.id / 8 > last_rib)
      issues.add(path() + ".id", "belongs to an interval beyond the last rib");
    const bool pending = m.state == MoteState::kPending;
    if (pending && m.tick <= s.tick)
      issues.add(path() + ".tick", "is not after tick but the mote is pending");
    if (!pending && m.tick > s.tick)
      issues.add(path() + ".tick", "is after tick but the mote is decided");
  }
}

// Counters that must agree with each other.
void check_counters(const State& s, Issues& issues) {
  if ((s.status == Status::kDone) != (s.sparks == 0)) {
    issues.add("state.status", "must be done exactly when sparks is 0");
  }
  if (s.reach != 1 + s.ribs_descended / kRibsPerReach) {
    issues.add("state.reach", "must be 1 + floor(ribsDescended / 10)");
  }
  if (s.blaze_window > 0 && s.bleed_timer > 0) {
    issues.add("state.bleedTimer", "must be 0 while the blaze window is open");
  }
  for (int i = 0; i < s.event_count; ++i) {
    if (s.events[i].t != s.tick)
      issues.add(fmt::format("state.events[{}].t", i), "must equal tick");
  }
}

}  // namespace

void Traits::candidate_actions(const State&, ActionList& out) {
  out.clear();
  out.push_back(start_action());
  out.push_back(tick_action());
  out.push_back(rotate_action(-1));
  out.push_back(rotate_action(1));
}

std::optional<Action> Traits::decode_action(JsonValue v, Issues& issues) {
  ObjectReader r(v, "action", issues);
  int type = 0;
  if (!r.one_of("type", kActionNames, type)) return std::nullopt;
  Action a{static_cast<ActionType>(type), 0, 1};
  if (a.type == ActionType::kRotate) {
    int64_t dir = 0;
    if (!r.integer("dir", -1, 1, dir)) return std::nullopt;
    if (dir == 0) {
      issues.add("action.dir", "must be -1 or 1");
      return std::nullopt;
    }
    a.dir = static_cast<int>(dir);
  }
  if (a.type == ActionType::kTick) {
    JsonValue count;
    if (!v.get_object().value_unsafe().at_key("count").get(count)) {
      if (!read_integer(count, "action.count", 1, kMaxTickCount, a.count, issues)) {
        return std::nullopt;
      }
    }
  }
  return a;
}

bool Traits::decode_state(JsonValue v, State& s, Issues& issues) {
  const size_t before = issues.total();
  ObjectReader r(v, "state", issues);
  if (!r.is_object()) return false;
  s = State{};
  int status = 0;
  r.integer("seed", 0, 4294967295LL, s.seed);
  if (r.one_of("status", kStatusNames, status)) s.status = static_cast<Status>(status);
  r.integer("tick", 0, kMaxTick, s.tick);
  r.integer("bracket", 0, kBrackets - 1, s.bracket);
  r.integer("turnLock", 0, kTurnLock, s.turn_lock);
  r.integer("sparks", 0, kMaxSparks, s.sparks);
  r.integer("blaze", 0, kBlazeCap, s.blaze);
  r.integer("score", 0, kMaxScore, s.score);
  r.integer("reach", 1, kMaxTick, s.reach);
  r.integer("ribsDescended", 0, kMaxTick, s.ribs_descended);
  r.integer("settle", 0, kSettleTicks, s.settle);
  r.integer("blazeWindow", 0, kBlazeWindow, s.blaze_window);
  r.integer("bleedTimer", 0, kBleedEvery, s.bleed_timer);
  read_elements(r, "ribs", "state.ribs", s.ribs, s.rib_count, decode_rib, issues);
  read_elements(r, "motes", "state.motes", s.motes, s.mote_count, decode_mote, issues);
  read_elements(r, "events", "state.events", s.events, s.event_count, decode_event, issues);
  if (issues.total() != before) return false;
  check_ribs(s, issues);
  check_motes(s, issues);
  check_counters(s, issues);
  return issues.total() == before;
}

}  // namespace gb::glimfall
