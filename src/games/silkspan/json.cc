// Silkspan's JSON decoder: untrusted states and actions in (SS-92, SS-107, SS-108, SS-128, SS-129,
// SS-131); the canonical JSON out is encode.cc.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "games/silkspan/traits.h"

namespace gb::silkspan {
namespace {

constexpr int64_t kMaxSafeInt = (1LL << 53) - 1;

// Returns the value at `key` of object `v` when present (no issue when absent).
std::optional<JsonValue> optional_field(JsonValue v, std::string_view key) {
  JsonValue out;
  if (v.type() != simdjson::dom::element_type::OBJECT) return std::nullopt;
  if (v.get_object().value_unsafe().at_key(key).get(out) != simdjson::SUCCESS) return std::nullopt;
  return out;
}

// Reads an {x, y} object whose x lies in x_lo..x_hi and y in y_lo..y_hi.
template <class Path>  // std::string or ElementPath, as ObjectReader takes
bool decode_cell(JsonValue v, Path path, int lo_x, int hi_x, int lo_y, int hi_y, Cell& c,
                 Issues& issues) {
  ObjectReader r(v, path, issues);
  if (!r.is_object()) return false;
  bool ok = r.integer("x", lo_x, hi_x, c.x);
  ok &= r.integer("y", lo_y, hi_y, c.y);
  return ok;
}

// The high bit of each byte of `x` that is zero, exactly (no borrow crosses bytes).
uint64_t zero_bytes(uint64_t x) {
  constexpr uint64_t k7f = 0x7f7f7f7f7f7f7f7fULL;
  return ~(((x & k7f) + k7f) | x) & ~k7f;
}

// Reads row `y` (kCols characters) into `row` (kWoven for '#', 0 for '.') when it holds only '#'
// and '.' with '#' on its frame cells, 8 characters at a time; false, with `row` untouched,
// otherwise.
bool read_clean_row(std::string_view text, int y, uint8_t* row) {
  static_assert(kCols % 8 == 0 && kWoven == 1);
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  uint64_t woven[kCols / 8];
  bool clean = true;
  for (int i = 0; i < kCols / 8; ++i) {
    uint64_t w;
    std::memcpy(&w, text.data() + 8 * i, 8);
    const uint64_t hash = zero_bytes(w ^ (kOnes * '#'));
    clean &= (hash | zero_bytes(w ^ (kOnes * '.'))) == kOnes * 0x80;
    woven[i] = hash >> 7;  // 1 in each '#' byte
  }
  if (y == 0 || y == kRows - 1) {
    for (uint64_t w : woven) clean &= w == kOnes;
  } else {
    clean &= text[0] == '#' && text[kCols - 1] == '#';
  }
  if (clean) std::memcpy(row, woven, kCols);
  return clean;
}

// Reads the 36 grid strings into the woven flags of s.cells. A row that is not clean is read
// cell by cell to name its first bad character or dark frame cell.
void decode_grid(ObjectReader& r, State& s, Issues& issues) {
  auto rows = r.array("grid", kRows);
  if (!rows) return;
  if (rows->size() != kRows) {
    issues.add("state.grid", fmt::format("must hold {} rows, got {}", kRows, rows->size()));
    return;
  }
  int y = 0;
  for (JsonValue row : *rows) {
    auto path = [y] { return element_path("state.grid", y); };  // built only for an issue
    std::string_view text;
    if (row.get_string().get(text) != simdjson::SUCCESS) {
      issues.add(path(), fmt::format("must be a string, got {}", json_type_name(row)));
    } else if (text.size() != kCols) {
      issues.add(path(), fmt::format("must be {} characters, got {}", kCols, text.size()));
    } else if (!read_clean_row(text, y, &s.cells[index_of(0, y)])) {
      for (int x = 0; x < kCols; ++x) {
        if (text[x] != '#' && text[x] != '.') {
          issues.add(path(), fmt::format("character {} must be '#' (woven) or '.' (dark)", x));
          break;
        }
        if (text[x] == '#') s.cells[index_of(x, y)] = kWoven;
        if (is_frame(x, y) && text[x] != '#') {
          issues.add(path(), fmt::format("cell ({}, {}) is frame and must be woven '#'", x, y));
          break;
        }
      }
    }
    ++y;
  }
}

void decode_thread(ObjectReader& r, State& s, Issues& issues) {
  auto arr = r.array("thread", kMaxThread);
  if (!arr) return;
  size_t i = 0;
  for (JsonValue item : *arr) {
    Cell c;
    if (decode_cell(item, ElementPath{"state.thread", i}, 1, kCols - 2, 1, kRows - 2, c, issues)) {
      s.thread[s.thread_len++] = static_cast<uint16_t>(index_of(c.x, c.y));
    }
    ++i;
  }
}

// Reads one moth {x, y, dx, dy, confined}; false (and an issue) when it is not one.
bool decode_moth(JsonValue v, ElementPath path, Moth& moth, Issues& issues) {
  ObjectReader m(v, path, issues);
  if (!m.is_object()) return false;
  bool ok = m.integer("x", 1, kCols - 2, moth.x);
  ok &= m.integer("y", 1, kRows - 2, moth.y);
  ok &= m.integer("dx", -1, 1, moth.dx);
  ok &= m.integer("dy", -1, 1, moth.dy);
  ok &= m.boolean("confined", moth.confined);
  if (ok && (moth.dx == 0 || moth.dy == 0)) {
    issues.add(m.path(), "dx and dy must each be -1 or 1 (moths fly diagonally)");
    ok = false;
  }
  return ok;
}

// Reads one beetle {x, y, clockwise, walkIndex}; false (and an issue) when it is not one.
bool decode_beetle(JsonValue v, ElementPath path, Beetle& beetle, Issues& issues) {
  ObjectReader b(v, path, issues);
  if (!b.is_object()) return false;
  bool ok = b.integer("x", 0, kCols - 1, beetle.x);
  ok &= b.integer("y", 0, kRows - 1, beetle.y);
  ok &= b.boolean("clockwise", beetle.clockwise);
  ok &= b.integer("walkIndex", 0, kMaxWalk - 1, beetle.walk_index);
  return ok;
}

// Reads heading (null or 0..3) and spark (null or {x, y, index, timer}).
void decode_nullables(ObjectReader& r, State& s, Cell& spark_cell, Issues& issues) {
  if (auto h = r.get("heading")) {
    if (!h->is_null()) {
      int64_t dir = 0;
      if (read_integer(*h, "state.heading", 0, 3, dir, issues))
        s.heading = static_cast<int8_t>(dir);
    }
  }
  if (auto sp = r.get("spark")) {
    if (!sp->is_null()) {
      ObjectReader k(*sp, "state.spark", issues);
      if (!k.is_object()) return;
      s.spark.lit = true;
      k.integer("x", 0, kCols - 1, spark_cell.x);
      k.integer("y", 0, kRows - 1, spark_cell.y);
      k.integer("index", 0, kMaxThread - 1, s.spark.index);
      k.integer("timer", 0, kSparkPeriod - 1, s.spark.timer);
    }
  }
}

// The thread is a simple path in the dark from an origin beside woven ground (SS-31, SPEC 7).
void check_thread(const State& s, Issues& issues) {
  std::array<int16_t, kCells> at;
  at.fill(-1);
  for (int i = 0; i < s.thread_len; ++i) {
    const int c = s.thread[i];
    auto path = [i] { return element_path("state.thread", i); };  // built only for an issue
    if (s.cells[c] & kWoven)
      issues.add(path(), "lies on a woven cell; the thread lies in the dark");
    if (at[c] >= 0) issues.add(path(), fmt::format("repeats thread[{}]", at[c]));
    at[c] = static_cast<int16_t>(i);
    if (i > 0) {
      const int p = s.thread[i - 1];
      if (std::abs(cell_x(p) - cell_x(c)) + std::abs(cell_y(p) - cell_y(c)) != 1) {
        issues.add(path(), "is not an orthogonal neighbour of the cell before it");
      }
    }
  }
  for (int i = 0; i < s.thread_len; ++i) {
    const int c = s.thread[i];
    for (int d = 0; d < 4; ++d) {
      const int n = index_of(cell_x(c) + kDx[d], cell_y(c) + kDy[d]);
      if (at[n] >= 0 && std::abs(at[n] - i) >= 2) {
        issues.add(element_path("state.thread", i),
                   fmt::format("touches thread[{}]; the thread must be a simple path", at[n]));
      }
    }
  }
  if (s.thread_len > 0) {
    const int o = s.thread[0];
    bool beside_woven = false;
    for (int d = 0; d < 4; ++d) {
      beside_woven =
          beside_woven || (s.cells[index_of(cell_x(o) + kDx[d], cell_y(o) + kDy[d])] & kWoven);
    }
    if (!beside_woven) issues.add("state.thread[0]", "the origin must touch woven ground");
  }
}

// Spinner, moths, beetles and spark against the field (SPEC 7).
void check_entities(const State& s, Cell spark_cell, Issues& issues) {
  const int spin = index_of(s.spinner.x, s.spinner.y);
  if (s.thread_len > 0 && s.thread[s.thread_len - 1] != spin) {
    issues.add("state.spinner", "must stand on the last thread cell while weaving");
  }
  if (s.thread_len == 0 && !(s.cells[spin] & kWoven)) {
    issues.add("state.spinner", "must stand on woven ground when there is no thread");
  }
  std::array<bool, kCells> taken{};
  for (int i = 0; i < s.moth_count; ++i) {
    const int c = index_of(s.moths[i].x, s.moths[i].y);
    const auto path = [i] { return element_path("state.moths", i); };  // only for an issue
    if (s.cells[c] & kWoven) issues.add(path(), "stands on a woven cell; moths live in the dark");
    if (s.cells[c] & kThread) issues.add(path(), "stands on the thread");
    if (taken[c]) issues.add(path(), "shares its cell with another moth");
    taken[c] = true;
  }
  for (int i = 0; i < s.beetle_count; ++i) {
    const Beetle& b = s.beetles[i];
    const auto path = [i] { return element_path("state.beetles", i); };  // only for an issue
    if (s.walk_len == 0) {
      if (b.walk_index != 0) issues.add(path(), "walkIndex must be 0: there is no dark region");
      if (!(s.cells[index_of(b.x, b.y)] & kWoven)) issues.add(path(), "must stand on woven ground");
    } else if (b.walk_index >= s.walk_len) {
      issues.add(path(), fmt::format("walkIndex must be below the walk length {}", s.walk_len));
    } else if (s.walk[b.walk_index] != index_of(b.x, b.y)) {
      issues.add(path(), fmt::format("(x, y) must be walk cell {} ({}, {})", b.walk_index,
                                     cell_x(s.walk[b.walk_index]), cell_y(s.walk[b.walk_index])));
    }
  }
  if (s.spark.lit) {
    if (s.spark.index >= s.thread_len) {
      issues.add("state.spark.index", "must be a thread index (a spark needs a live thread)");
    } else if (s.thread[s.spark.index] != index_of(spark_cell.x, spark_cell.y)) {
      issues.add("state.spark", "(x, y) must be the thread cell at its index");
    }
  }
}

// Counters coherent with the status and with each other (SPEC 7).
void check_counters(const State& s, Issues& issues) {
  const bool open = s.status == Status::kWaiting || s.status == Status::kRunning;
  if (open && s.panels_cleared != s.panel - 1) {
    issues.add("state.panelsCleared", "must be panel - 1 while a panel is waiting or running");
  }
  if (s.status == Status::kStageClear && s.panels_cleared != s.panel) {
    issues.add("state.panelsCleared", "must equal panel in stageClear");
  }
  if (s.status == Status::kOver && s.panels_cleared != s.panel && s.panels_cleared != s.panel - 1) {
    issues.add("state.panelsCleared", "must be panel or panel - 1");
  }
  if (s.flawless_panels > s.panels_cleared) {
    issues.add("state.flawlessPanels", "cannot exceed panelsCleared");
  }
  if (s.spools == 0 && s.status != Status::kOver)
    issues.add("state.spools", "is 0 but the run is not over");
  if (s.still > 0 && s.thread_len == 0) issues.add("state.still", "must be 0 when not weaving");
  if (s.status == Status::kWaiting && (s.tick != 0 || s.score != 0 || s.thread_len != 0 ||
                                       s.moth_count != 0 || s.beetle_count != 0)) {
    issues.add("state.status", "waiting holds no tick, score, thread, moths or beetles yet");
  }
}

}  // namespace

void Traits::candidate_actions(const State&, ActionList& out) {
  out.clear();
  out.push_back(Action{ActionType::kStart});
  for (int dir = -1; dir <= 4; ++dir) out.push_back(Action{ActionType::kSetHeading, dir});
  out.push_back(Action{ActionType::kRelease});
  out.push_back(Action{ActionType::kTick});
  out.push_back(Action{ActionType::kTick, 0, 0, true});
  out.push_back(Action{ActionType::kNextStage});
  out.push_back(Action{ActionType::kEndRun});
  out.push_back(Action{ActionType::kUnknown});
}

std::optional<Action> Traits::decode_action(JsonValue v, Issues& issues) {
  ObjectReader r(v, "action", issues);
  if (!r.is_object()) return std::nullopt;
  int type = 0;
  if (!r.one_of("type", kActionNames, type)) return std::nullopt;
  Action a{static_cast<ActionType>(type)};
  if (a.type == ActionType::kSetHeading && !r.integer("dir", 0, 3, a.dir)) return std::nullopt;
  if (a.type == ActionType::kTick) {
    if (auto c = optional_field(v, "count")) {
      if (!read_integer(*c, "action.count", 1, 600, a.count, issues)) return std::nullopt;
      a.has_count = true;
    }
  }
  return a;
}

bool Traits::decode_state(JsonValue v, State& s, Issues& issues) {
  const size_t before = issues.total();
  ObjectReader r(v, "state", issues);
  if (!r.is_object()) return false;
  // Rebuilt in place: `s = State{}` would zero a temporary and copy it, twice the ~35 KB.
  std::destroy_at(&s);
  std::construct_at(&s);
  int status = 0;
  Cell spark_cell;
  r.integer("seed", 0, 4294967295LL, s.seed);
  r.integer("rngState", 0, kMaxSafeInt, s.rng_state);
  if (r.one_of("status", kStatusNames, status)) s.status = static_cast<Status>(status);
  r.integer("panel", 1, kMaxPanel, s.panel);
  r.integer("tick", 0, kMaxTick, s.tick);
  r.integer("score", 0, kScoreGuard, s.score);
  r.integer("spools", 0, kMaxSpools, s.spools);
  r.integer("invulnerable", 0, kLossInvulnerable, s.invulnerable);
  r.integer("still", 0, kMaxTick, s.still);
  r.integer("panelsCleared", 0, kMaxPanel, s.panels_cleared);
  r.integer("flawlessPanels", 0, kMaxPanel, s.flawless_panels);
  r.boolean("panelFlawless", s.panel_flawless);
  if (auto sp = r.get("spinner")) {
    decode_cell(*sp, std::string("state.spinner"), 0, kCols - 1, 0, kRows - 1, s.spinner, issues);
  }
  decode_nullables(r, s, spark_cell, issues);
  decode_grid(r, s, issues);
  decode_thread(r, s, issues);
  read_elements(r, "moths", "state.moths", s.moths, s.moth_count, decode_moth, issues);
  read_elements(r, "beetles", "state.beetles", s.beetles, s.beetle_count, decode_beetle, issues);
  if (issues.total() != before) return false;
  for (int i = 0; i < s.thread_len; ++i) s.cells[s.thread[i]] |= kThread;
  for (int i = 0; i < s.moth_count; ++i) s.cells[index_of(s.moths[i].x, s.moths[i].y)] |= kMoth;
  check_thread(s, issues);
  if (issues.total() != before) return false;
  compute_walk(s);
  check_entities(s, spark_cell, issues);
  check_counters(s, issues);
  return issues.total() == before;
}

}  // namespace gb::silkspan
