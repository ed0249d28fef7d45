// The Silkspan resolution order: actions, and one tick as named phases run in order (SS-113).
#include <algorithm>
#include <cstdlib>

#include "core/rng.h"
#include "games/silkspan/silkspan.h"

namespace gb::silkspan {
namespace {

constexpr int kMaxTickCount = 600;
constexpr std::array<int8_t, 4> kDiagX = {1, 1, -1, -1};
constexpr std::array<int8_t, 4> kDiagY = {1, -1, 1, -1};

// Adds an award, holding the score at the plausibility guard (SS-47, SS-131).
void add_score(State& s, int64_t award) {
  s.score = std::min(kScoreGuard, s.score + award);
}

// Loses a spool unless invulnerable (SS-70..75, SS-123): the thread is erased unpaid, the spark
// goes out, the spinner is put on the nearest border cell with its heading released, and 90
// ticks of invulnerability start. The last spool ends the run. Returns true when a spool went.
bool lose_spool(State& s) {
  if (s.invulnerable > 0) return false;
  --s.spools;
  s.panel_flawless = false;
  for (int i = 0; i < s.thread_len; ++i) {
    s.cells[s.thread[i]] &= static_cast<uint8_t>(~kThread);
    s.thread[i] = 0;  // slots past thread_len stay empty: equal games compare equal
  }
  s.thread_len = 0;
  s.spark = Spark{};
  s.still = 0;
  s.heading = -1;
  const int border = nearest_border_cell(s, s.spinner.x, s.spinner.y);
  if (border >= 0)
    s.spinner = Cell{static_cast<int8_t>(cell_x(border)), static_cast<int8_t>(cell_y(border))};
  s.invulnerable = kLossInvulnerable;
  if (s.spools <= 0) {
    s.spools = 0;
    s.status = Status::kOver;
  }
  return true;
}

// Moves every beetle to the nearest cell of the current walk (Manhattan, ties to the lowest
// walk index), keeping its direction (SS-61, SS-119).
void remap_beetles(State& s) {
  for (int i = 0; i < s.beetle_count; ++i) {
    Beetle& b = s.beetles[i];
    if (s.walk_len == 0) {
      b.walk_index = 0;
      continue;
    }
    int best = 0, best_dist = 1 << 30;
    for (int k = 0; k < s.walk_len; ++k) {
      const int dist = std::abs(cell_x(s.walk[k]) - b.x) + std::abs(cell_y(s.walk[k]) - b.y);
      if (dist < best_dist) {
        best_dist = dist;
        best = k;
      }
    }
    b.walk_index = static_cast<int16_t>(best);
    b.x = static_cast<int8_t>(cell_x(s.walk[best]));
    b.y = static_cast<int8_t>(cell_y(s.walk[best]));
  }
}

// Pays the clear (SS-42..45), counts the panel, grants every third panel's spool at once
// (SS-69, SS-125) and sets stageClear (SS-10, SS-76).
void clear_panel(State& s, const Difficulty& d) {
  add_score(s, clear_award(s.panel, s.flawless_panels));
  add_score(s, overshoot_award(woven_interior(s), d.target_pct));
  ++s.panels_cleared;
  if (s.panel_flawless) ++s.flawless_panels;
  if (s.panels_cleared % 3 == 0) s.spools = static_cast<int8_t>(std::min(kMaxSpools, s.spools + 1));
  s.status = Status::kStageClear;
}

// Closes the weave (SS-32..38, SS-54..56, SS-64, SS-73): the thread turns woven, every dark
// region without a moth fills, the claim and any confinement are paid, the spark goes out, 45
// ticks of invulnerability start (a longer window is kept), the walk is redrawn and the beetles
// remapped, and the panel clears if the target is reached.
void close_weave(State& s, const Difficulty& d) {
  int64_t n = s.thread_len;
  for (int i = 0; i < s.thread_len; ++i) {
    s.cells[s.thread[i]] = kWoven;
    s.thread[i] = 0;  // slots past thread_len stay empty: equal games compare equal
  }
  s.thread_len = 0;
  s.spark = Spark{};
  s.still = 0;
  std::array<int16_t, kCells> label, size;
  const int regions = label_regions(s, label, size);
  std::array<bool, kCells> has_moth{};
  for (int i = 0; i < s.moth_count; ++i)
    has_moth[label[index_of(s.moths[i].x, s.moths[i].y)]] = true;
  for (int c = 0; c < kCells; ++c) {
    if (label[c] >= 0 && !has_moth[label[c]]) {
      s.cells[c] = kWoven;
      ++n;
    }
  }
  (void)regions;
  add_score(s, claim_award(n));
  for (int i = 0; i < s.moth_count; ++i) {
    Moth& m = s.moths[i];
    if (m.confined || size[label[index_of(m.x, m.y)]] > kConfineLimit) continue;
    m.confined = true;
    add_score(s, 500 * s.panel);
  }
  s.invulnerable = static_cast<int16_t>(std::max<int>(s.invulnerable, kClaimInvulnerable));
  compute_walk(s);
  remap_beetles(s);
  if (target_reached(woven_interior(s), d.target_pct)) clear_panel(s, d);
}

// Phase 1: the panel clock and the invulnerability countdown (SS-114, SS-124).
void clock_phase(State& s) {
  s.tick = std::min(kMaxTick, s.tick + 1);
  if (s.invulnerable > 0) --s.invulnerable;
}

// Phase 2: on every 4th panel tick with a heading set, one step (SS-21..30). A refused or
// off-grid step stands still; a step into a moth costs a spool, or stands still while
// invulnerable. Stillness counts ticks without a step while weaving (SS-121).
void spinner_phase(State& s, const Difficulty& d) {
  bool stepped = false;
  if (s.heading >= 0 && s.tick % kStepPeriod == 0) {
    const int dir = s.heading;
    const StepKind kind = classify_step(s, dir);
    const Cell to{static_cast<int8_t>(s.spinner.x + kDx[dir]),
                  static_cast<int8_t>(s.spinner.y + kDy[dir])};
    const int t = index_of(to.x, to.y);
    switch (kind) {
      case StepKind::kOffGrid:
      case StepKind::kRefused:
        break;
      case StepKind::kIntoMoth:
        lose_spool(s);
        break;
      case StepKind::kWalk:
        s.spinner = to;
        stepped = true;
        break;
      case StepKind::kStartWeave:
      case StepKind::kExtend:
        s.spinner = to;
        s.thread[s.thread_len++] = static_cast<uint16_t>(t);
        s.cells[t] |= kThread;
        stepped = true;
        break;
      case StepKind::kClose:
        s.spinner = to;
        close_weave(s, d);
        return;
    }
  }
  if (weaving(s)) s.still = stepped ? 0 : s.still + 1;
}

// Phases 3 and 6: a beetle on the spinner's cell while it stands on woven ground (SS-59, SS-60).
void beetle_contact(State& s) {
  if (weaving(s) || !(s.cells[index_of(s.spinner.x, s.spinner.y)] & kWoven)) return;
  for (int i = 0; i < s.beetle_count; ++i) {
    if (s.beetles[i].x == s.spinner.x && s.beetles[i].y == s.spinner.y) {
      lose_spool(s);
      return;
    }
  }
}

// Points a moth's course at the nearest live thread cell (Manhattan, ties to the earliest in
// thread order); an axis already aligned keeps its sign (SS-117).
void aim_at_thread(const State& s, Moth& m) {
  int best = 0, best_dist = 1 << 30;
  for (int i = 0; i < s.thread_len; ++i) {
    const int dist = std::abs(cell_x(s.thread[i]) - m.x) + std::abs(cell_y(s.thread[i]) - m.y);
    if (dist < best_dist) {
      best_dist = dist;
      best = i;
    }
  }
  const int tx = cell_x(s.thread[best]), ty = cell_y(s.thread[best]);
  if (tx != m.x) m.dx = tx > m.x ? 1 : -1;
  if (ty != m.y) m.dy = ty > m.y ? 1 : -1;
}

// One moth move (SS-48..53, SS-116..118). Three draws: re-aim?, seek the thread?, which course.
// The moth then looks at the cells beside (h), above/below (v) and ahead (g) of its course: any
// live thread cell among them is the moth reaching the thread (a spool, unless invulnerable,
// when thread cells are walls). A woven or thread cell at h flips dx, at v flips dy, at g alone
// flips both; a bounce or a moth ahead (which flips both) uses up the move.
void move_moth(State& s, Moth& m, const Difficulty& d, RngCursor& rng) {
  const bool turn = rng.chance(static_cast<uint32_t>(d.turn_pm));
  const bool seek = rng.chance(static_cast<uint32_t>(d.bias_pm));
  const uint32_t course = rng.below(4);
  if (turn) {
    if (seek && weaving(s)) {
      aim_at_thread(s, m);
    } else {
      m.dx = kDiagX[course];
      m.dy = kDiagY[course];
    }
  }
  const int h = index_of(m.x + m.dx, m.y), v = index_of(m.x, m.y + m.dy);
  const int g = index_of(m.x + m.dx, m.y + m.dy);
  if (((s.cells[h] | s.cells[v] | s.cells[g]) & kThread) && lose_spool(s)) return;
  auto blocked = [&](int c) { return (s.cells[c] & (kWoven | kThread)) != 0; };
  const bool bh = blocked(h), bv = blocked(v), bg = blocked(g);
  if (bh || bv || bg) {
    if (bh) m.dx = static_cast<int8_t>(-m.dx);
    if (bv) m.dy = static_cast<int8_t>(-m.dy);
    if (!bh && !bv) {
      m.dx = static_cast<int8_t>(-m.dx);
      m.dy = static_cast<int8_t>(-m.dy);
    }
    return;
  }
  if (s.cells[g] & kMoth) {
    m.dx = static_cast<int8_t>(-m.dx);
    m.dy = static_cast<int8_t>(-m.dy);
    return;
  }
  s.cells[index_of(m.x, m.y)] &= static_cast<uint8_t>(~kMoth);
  m.x = static_cast<int8_t>(m.x + m.dx);
  m.y = static_cast<int8_t>(m.y + m.dy);
  s.cells[g] |= kMoth;
}

// Phase 4: on panel ticks divisible by mothPeriod every moth moves, in array order.
void moth_phase(State& s, const Difficulty& d) {
  if (s.tick % d.moth_period != 0) return;
  RngCursor rng(s.seed, s.rng_state);
  for (int i = 0; i < s.moth_count && s.status == Status::kRunning; ++i) {
    move_moth(s, s.moths[i], d, rng);
  }
  s.rng_state %= kRngModulus;
}

// Phase 5: on panel ticks divisible by beetlePeriod every beetle advances one walk cell.
void beetle_phase(State& s, const Difficulty& d) {
  if (s.tick % d.beetle_period != 0 || s.walk_len == 0) return;
  for (int i = 0; i < s.beetle_count; ++i) {
    Beetle& b = s.beetles[i];
    const int step = b.clockwise ? 1 : s.walk_len - 1;
    b.walk_index = static_cast<int16_t>((b.walk_index + step) % s.walk_len);
    b.x = static_cast<int8_t>(cell_x(s.walk[b.walk_index]));
    b.y = static_cast<int8_t>(cell_y(s.walk[b.walk_index]));
  }
}

// Phase 7: a lit spark advances one thread cell on every 3rd tick of its life; standing still
// for the grace period lights one on the origin; on the spinner's cell it costs a spool
// (SS-62..65, SS-121, SS-122).
void spark_phase(State& s, const Difficulty& d) {
  if (!weaving(s)) return;
  if (s.spark.lit) {
    if (++s.spark.timer == kSparkPeriod) {
      s.spark.timer = 0;
      if (s.spark.index < s.thread_len - 1) ++s.spark.index;
    }
  } else if (s.still >= d.spark_grace) {
    s.spark = Spark{true, 0, 0};
  }
  if (s.spark.lit && s.spark.index == s.thread_len - 1) lose_spool(s);
}

Outcome refuse(std::string_view why) {
  return Outcome::refuse(why);
}

}  // namespace

void run_tick(State& s) {
  const Difficulty d = difficulty(s.panel);
  clock_phase(s);
  spinner_phase(s, d);
  if (s.status != Status::kRunning) return;
  beetle_contact(s);
  if (s.status != Status::kRunning) return;
  moth_phase(s, d);
  if (s.status != Status::kRunning) return;
  beetle_phase(s, d);
  beetle_contact(s);
  if (s.status != Status::kRunning) return;
  spark_phase(s, d);
}

Outcome apply(State& s, const Action& a) {
  if (a.type == ActionType::kUnknown) return refuse("unknown_action");
  if (s.status == Status::kOver) return refuse("run_ended");
  switch (a.type) {
    case ActionType::kStart:
      if (s.status != Status::kWaiting) return refuse("already_started");
      s.status = Status::kRunning;
      open_panel(s);
      return Outcome::accept();
    case ActionType::kSetHeading:
      if (s.status != Status::kRunning) return refuse("panel_not_running");
      if (a.dir < 0 || a.dir > 3) return refuse("bad_heading");
      s.heading = static_cast<int8_t>(a.dir);
      return Outcome::accept();
    case ActionType::kRelease:
      if (s.status != Status::kRunning) return refuse("panel_not_running");
      s.heading = -1;
      return Outcome::accept();
    case ActionType::kTick: {
      if (s.status != Status::kRunning) return refuse("panel_not_running");
      if (a.count < 1) return refuse("bad_tick_count");
      const int64_t n = std::min<int64_t>(a.count, kMaxTickCount);
      for (int64_t i = 0; i < n && s.status == Status::kRunning; ++i) run_tick(s);
      return Outcome::accept();
    }
    case ActionType::kNextStage:
      if (s.status != Status::kStageClear) return refuse("panel_not_cleared");
      s.panel = std::min<int64_t>(s.panel + 1, kMaxPanel);
      s.status = Status::kRunning;
      open_panel(s);
      return Outcome::accept();
    case ActionType::kEndRun:
      if (s.status == Status::kWaiting) return refuse("nothing_to_keep");
      s.status = Status::kOver;
      return Outcome::accept();
    case ActionType::kUnknown:
      break;
  }
  return refuse("unknown_action");
}

void legal_actions(const State& s, ActionList& out) {
  out.clear();
  switch (s.status) {
    case Status::kWaiting:
      out.push_back(Action{ActionType::kStart});
      break;
    case Status::kRunning:
      out.push_back(Action{ActionType::kTick});
      for (int dir = 0; dir < 4; ++dir) out.push_back(Action{ActionType::kSetHeading, dir});
      out.push_back(Action{ActionType::kRelease});
      out.push_back(Action{ActionType::kEndRun});
      break;
    case Status::kStageClear:
      out.push_back(Action{ActionType::kNextStage});
      out.push_back(Action{ActionType::kEndRun});
      break;
    case Status::kOver:
      break;
  }
}

}  // namespace gb::silkspan
