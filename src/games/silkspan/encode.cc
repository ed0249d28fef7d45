// Silkspan's JSON encoding: the state, an action and the observation as canonical compact JSON.
// The encode half of the codec, apart from the decoder (json.cc) so that it also builds for
// WebAssembly, where the JSON reader does not.
#include "games/silkspan/silkspan.h"

#include <string>

#include "core/json_array.h"

namespace gb::silkspan {

void encode_state(const State& s, JsonWriter& w) {
  w.begin_object();
  w.field("seed", s.seed);
  w.field("rngState", s.rng_state);
  w.field("status", kStatusNames[static_cast<int>(s.status)]);
  w.field("panel", s.panel);
  w.field("tick", s.tick);
  w.field("score", s.score);
  w.field("spools", static_cast<int>(s.spools));
  w.key("grid");
  w.begin_array();
  std::string row(kCols, '.');
  for (int y = 0; y < kRows; ++y) {
    for (int x = 0; x < kCols; ++x) row[x] = (s.cells[index_of(x, y)] & kWoven) ? '#' : '.';
    w.value(std::string_view(row));
  }
  w.end_array();
  w.key("spinner");
  w.begin_object();
  w.field("x", static_cast<int>(s.spinner.x));
  w.field("y", static_cast<int>(s.spinner.y));
  w.end_object();
  w.key("heading");
  if (s.heading < 0) {
    w.null();
  } else {
    w.value(static_cast<int>(s.heading));
  }
  write_array_field(w, "thread", s.thread_len, [&](int i) {
    w.begin_object();
    w.field("x", cell_x(s.thread[i]));
    w.field("y", cell_y(s.thread[i]));
    w.end_object();
  });
  write_array_field(w, "moths", s.moth_count, [&](int i) {
    const Moth& m = s.moths[i];
    w.begin_object();
    w.field("x", static_cast<int>(m.x));
    w.field("y", static_cast<int>(m.y));
    w.field("dx", static_cast<int>(m.dx));
    w.field("dy", static_cast<int>(m.dy));
    w.field("confined", m.confined);
    w.end_object();
  });
  write_array_field(w, "beetles", s.beetle_count, [&](int i) {
    const Beetle& b = s.beetles[i];
    w.begin_object();
    w.field("x", static_cast<int>(b.x));
    w.field("y", static_cast<int>(b.y));
    w.field("clockwise", b.clockwise);
    w.field("walkIndex", static_cast<int>(b.walk_index));
    w.end_object();
  });
  w.key("spark");
  if (!s.spark.lit) {
    w.null();
  } else {
    w.begin_object();
    w.field("x", cell_x(s.thread[s.spark.index]));
    w.field("y", cell_y(s.thread[s.spark.index]));
    w.field("index", static_cast<int>(s.spark.index));
    w.field("timer", static_cast<int>(s.spark.timer));
    w.end_object();
  }
  w.field("invulnerable", static_cast<int>(s.invulnerable));
  w.field("still", s.still);
  w.field("panelsCleared", s.panels_cleared);
  w.field("flawlessPanels", s.flawless_panels);
  w.field("panelFlawless", s.panel_flawless);
  w.end_object();
}

void encode_action(const Action& a, JsonWriter& w) {
  w.begin_object();
  if (a.type == ActionType::kUnknown) {
    w.field("type", "unknown");
  } else {
    w.field("type", kActionNames[static_cast<int>(a.type)]);
  }
  if (a.type == ActionType::kSetHeading) w.field("dir", a.dir);
  if (a.type == ActionType::kTick && a.has_count) w.field("count", a.count);
  w.end_object();
}

void encode_observation(const State& s, JsonWriter& w) {
  const Difficulty d = difficulty(s.panel);
  const int woven = woven_interior(s);
  w.begin_object();
  w.field("text", field_text(s));
  w.key("player");
  w.begin_object();
  w.field("status", kStatusNames[static_cast<int>(s.status)]);
  w.field("panel", s.panel);
  w.field("tick", s.tick);
  w.field("score", s.score);
  w.field("spools", static_cast<int>(s.spools));
  w.field("spinnerX", static_cast<int>(s.spinner.x));
  w.field("spinnerY", static_cast<int>(s.spinner.y));
  w.field("heading", static_cast<int>(s.heading));
  w.field("threadLength", static_cast<int>(s.thread_len));
  w.field("woven", woven);
  w.field("coveragePct", 100 * woven / kInterior);
  w.field("targetPct", d.target_pct);
  w.field("targetCells", (d.target_pct * kInterior + 99) / 100);
  w.field("invulnerable", static_cast<int>(s.invulnerable));
  w.field("still", s.still);
  w.field("sparkGrace", d.spark_grace);
  w.field("sparkIndex", s.spark.lit ? static_cast<int>(s.spark.index) : -1);
  w.field("moths", static_cast<int>(s.moth_count));
  w.field("mothPeriod", d.moth_period);
  w.field("beetles", static_cast<int>(s.beetle_count));
  w.field("beetlePeriod", d.beetle_period);
  w.field("panelsCleared", s.panels_cleared);
  w.field("flawlessPanels", s.flawless_panels);
  w.key("moves");
  w.begin_array();
  for (int dir = 0; dir < 4; ++dir) {
    if (s.status == Status::kRunning && heading_moves(s, dir)) w.value(dir);
  }
  w.end_array();
  w.end_object();
  w.end_object();
}

}  // namespace gb::silkspan
