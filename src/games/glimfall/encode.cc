// Glimfall's JSON encoding: the state, an action and the observation as canonical compact JSON.
// The encode half of the codec, apart from the decoder (json.cc) so that it also builds for
// WebAssembly, where the JSON reader does not.
#include "games/glimfall/glimfall.h"

#include <string>

#include "core/json_array.h"

namespace gb::glimfall {
namespace {

void write_rib(const Rib& r, JsonWriter& w) {
  w.begin_object();
  w.field("id", r.id);
  w.field("kind", static_cast<int>(r.kind));
  w.field("gapStart", static_cast<int>(r.gap_start));
  w.field("gapW", static_cast<int>(r.gap_w));
  w.field("turnDir", static_cast<int>(r.turn_dir));
  w.field("turnEvery", static_cast<int>(r.turn_every));
  w.field("spawnTick", r.spawn_tick);
  w.field("arriveTick", r.arrive_tick);
  w.field("gap2Start", static_cast<int>(r.gap2_start));
  w.field("brightBracket", static_cast<int>(r.bright_bracket));
  w.field("resolved", r.resolved);
  w.end_object();
}

// Writes the counters the state and the observation's player share, tick to bleedTimer.
void write_counters(const State& s, JsonWriter& w) {
  w.field("tick", s.tick);
  w.field("bracket", static_cast<int>(s.bracket));
  w.field("turnLock", static_cast<int>(s.turn_lock));
  w.field("sparks", static_cast<int>(s.sparks));
  w.field("blaze", static_cast<int>(s.blaze));
  w.field("score", s.score);
  w.field("reach", s.reach);
  w.field("ribsDescended", s.ribs_descended);
  w.field("settle", static_cast<int>(s.settle));
  w.field("blazeWindow", static_cast<int>(s.blaze_window));
  w.field("bleedTimer", static_cast<int>(s.bleed_timer));
}

}  // namespace

void encode_state(const State& s, JsonWriter& w) {
  w.begin_object();
  w.field("seed", s.seed);
  w.field("status", kStatusNames[static_cast<int>(s.status)]);
  write_counters(s, w);
  write_array_field(w, "ribs", s.rib_count, [&](int i) { write_rib(s.ribs[i], w); });
  write_array_field(w, "motes", s.mote_count, [&](int i) {
    const Mote& m = s.motes[i];
    w.begin_object();
    w.field("id", m.id);
    w.field("bracket", static_cast<int>(m.bracket));
    w.field("tick", m.tick);
    w.field("value", static_cast<int>(m.value));
    w.field("state", kMoteStateNames[static_cast<int>(m.state)]);
    w.end_object();
  });
  write_array_field(w, "events", s.event_count, [&](int i) {
    const Event& e = s.events[i];
    w.begin_object();
    w.field("t", e.t);
    w.field("type", kEventTypeNames[static_cast<int>(e.type)]);
    w.field("ref", e.ref);
    w.field("value", e.value);
    w.end_object();
  });
  w.end_object();
}

void encode_action(const Action& a, JsonWriter& w) {
  w.begin_object();
  switch (a.type) {
    case ActionType::kStart:
      w.field("type", "start");
      break;
    case ActionType::kRotate:
      w.field("type", "rotate");
      w.field("dir", a.dir);
      break;
    case ActionType::kTick:
      w.field("type", "tick");
      if (a.count != 1) w.field("count", a.count);
      break;
    default:
      w.field("type", "unknown");
      break;
  }
  w.end_object();
}

void encode_observation(const State& s, JsonWriter& w) {
  const int nearest = nearest_live_rib(s);
  w.begin_object();
  w.field("text", strip_text(s));
  w.key("player");
  w.begin_object();
  write_counters(s, w);
  w.field("multiplier", multiplier(s.blaze));
  w.field("bracketsReachable", brackets_reachable(s));
  w.field("nearestRibId", nearest >= 0 ? s.ribs[nearest].id : int64_t{-1});
  w.field("ribs", live_rib_count(s));
  w.field("motes", pending_mote_count(s));
  w.end_object();
  w.end_object();
}

}  // namespace gb::glimfall
