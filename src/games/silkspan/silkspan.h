// Silkspan: a real-time territory-weaving puzzle on a 36 x 48 field, driven one tick at a time.
//
// The spinner walks on woven cells; stepping into the dark trails a live thread, and touching
// woven ground again closes it: the thread turns to silk and every 4-connected dark region
// without a moth fills. Moths bounce diagonally in the dark, beetles patrol the border walk of
// the largest dark region, and a spark eats along a thread left standing still.
//
// One tick runs these phases, in order (docs/rules/silkspan.md, SS-113):
//   1 clock       tick +1, the invulnerability window counts down
//   2 spinner     on panel ticks divisible by 4 with a heading set: one step (a claim, and a
//                 clear that ends the tick, happen here)
//   3 contact     a beetle on the spinner's cell while it stands on woven ground
//   4 moths       on panel ticks divisible by mothPeriod, each moth in array order
//   5 beetles     on panel ticks divisible by beetlePeriod, each beetle one walk cell
//   6 contact     the same beetle check again
//   7 spark       a lit spark advances every 3rd tick of its own life; standing still for the
//                 grace period lights one; the spark on the spinner's cell costs a spool
// A spool loss that ends the run ends the tick. A refused action changes nothing.
//
// Parameters
//   field 36 x 48, interior 1564, spinner step every 4 ticks, spark every 3 ticks, 5 points a
//   cell, multiplier x2/x3/x4 at 100n >= 12512/23460/39100, confinement <= 78 cells pays 500P,
//   clear pays 30P(10+min(5,F)), overshoot 30 a whole point, spools 3 (cap 4, +1 every 3rd
//   clear), invulnerability 90 after a loss and 45 after a claim, every moth move draws 3
//   counter positions, panel at most 6000 (1500 moths), score guard 10^15.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/json_writer.h"
#include "core/outcome.h"

namespace gb::silkspan {

inline constexpr int kRows = 36;
inline constexpr int kCols = 48;
inline constexpr int kCells = kRows * kCols;
inline constexpr int kInterior = 34 * 46;  // 1564
inline constexpr int kStepPeriod = 4;
inline constexpr int kSparkPeriod = 3;
inline constexpr int kCellPoints = 5;
inline constexpr int kConfineLimit = 78;
inline constexpr int kStartSpools = 3;
inline constexpr int kMaxSpools = 4;
inline constexpr int kLossInvulnerable = 90;
inline constexpr int kClaimInvulnerable = 45;
inline constexpr int kMaxPanel = 6000;
inline constexpr int kMaxMoths = kMaxPanel / 4;  // 1500
inline constexpr int kMaxBeetles = 8;
inline constexpr int kMaxThread = kInterior;
inline constexpr int kMaxWalk = 4 * kInterior;  // one entry per boundary edge at most
inline constexpr int kMothDraws = 3;            // counter positions per moth move
inline constexpr int kStartX = 23;              // the spinner opens each panel on the bottom frame
inline constexpr int kStartY = kRows - 1;
inline constexpr int64_t kScoreGuard = 1000000000000000LL;
inline constexpr uint64_t kRngModulus = 1ULL << 53;
inline constexpr int64_t kMaxTick = (1LL << 53) - 1;

// Cell flags of the internal grid. Only kWoven is carried in state.grid; thread and moth flags
// are rebuilt from state.thread and state.moths.
inline constexpr uint8_t kWoven = 1;
inline constexpr uint8_t kThread = 2;
inline constexpr uint8_t kMoth = 4;

enum class Status : uint8_t { kWaiting, kRunning, kStageClear, kOver };
inline constexpr std::array<std::string_view, 4> kStatusNames = {"waiting", "running", "stageClear",
                                                                 "over"};

enum class ActionType : uint8_t {
  kStart,
  kSetHeading,
  kRelease,
  kTick,
  kNextStage,
  kEndRun,
  kUnknown
};
inline constexpr std::array<std::string_view, 6> kActionNames = {"start", "setHeading", "release",
                                                                 "tick",  "nextStage",  "endRun"};

// dir 0 up, 1 right, 2 down, 3 left; y grows downward.
inline constexpr std::array<int, 4> kDx = {0, 1, 0, -1};
inline constexpr std::array<int, 4> kDy = {-1, 0, 1, 0};
inline constexpr std::array<std::string_view, 4> kHeadingNames = {"up", "right", "down", "left"};

struct Action {
  ActionType type = ActionType::kTick;
  int64_t dir = 0;         // setHeading only
  int64_t count = 1;       // tick only
  bool has_count = false;  // tick: whether count was given
  bool operator==(const Action&) const = default;
};

struct Cell {
  int8_t x = 0;
  int8_t y = 0;
  bool operator==(const Cell&) const = default;
};

struct Moth {
  int8_t x = 0, y = 0;
  int8_t dx = 1, dy = 1;  // diagonal course, each -1 or +1
  bool confined = false;  // confinement already paid this panel
  bool operator==(const Moth&) const = default;
};

struct Beetle {
  int8_t x = 0, y = 0;
  bool clockwise = true;
  int16_t walk_index = 0;  // position in the border walk
  bool operator==(const Beetle&) const = default;
};

struct Spark {
  bool lit = false;
  int16_t index = 0;  // thread index the spark stands on
  int8_t timer = 0;   // ticks since it last advanced (or lit), 0..2
  bool operator==(const Spark&) const = default;
};

// The whole game. `cells`, `walk` and `walk_len` are derived (rebuilt from grid, thread and
// moths by rebuild_derived) so lookups on the hot path never allocate or scan.
struct State {
  uint32_t seed = 0;
  uint64_t rng_state = 0;
  Status status = Status::kWaiting;
  int64_t panel = 1;
  int64_t tick = 0;  // the panel clock: 0 when a panel opens
  int64_t score = 0;
  int8_t spools = kStartSpools;
  Cell spinner{kStartX, kStartY};
  int8_t heading = -1;  // -1 released
  int16_t invulnerable = 0;
  int64_t still = 0;  // ticks since the last step while weaving
  int64_t panels_cleared = 0;
  int64_t flawless_panels = 0;
  bool panel_flawless = true;
  Spark spark{};
  int16_t thread_len = 0;
  std::array<uint16_t, kMaxThread> thread{};  // cell indices y*48+x, origin first
  int16_t moth_count = 0;
  std::array<Moth, kMaxMoths> moths{};
  int8_t beetle_count = 0;
  std::array<Beetle, kMaxBeetles> beetles{};
  std::array<uint8_t, kCells> cells{};  // flags kWoven | kThread | kMoth
  int16_t walk_len = 0;
  std::array<uint16_t, kMaxWalk> walk{};  // border walk of the largest dark region, clockwise
  bool operator==(const State&) const = default;
};

// The legal set is at most 8 actions; candidates are at most 16.
struct ActionList {
  std::array<Action, 16> items{};
  uint8_t size = 0;
  void push_back(Action a) { items[size++] = a; }
  void clear() { size = 0; }
  const Action* begin() const { return items.data(); }
  const Action* end() const { return items.data() + size; }
};

// --- Engine API ---------------------------------------------------------------------------------

// Returns the state before start: status waiting, the fresh field, the spinner on the bottom
// frame, no moths or beetles, rngState 0 (nothing is drawn outside an accepted action).
State init(uint32_t seed);

// Applies one action with SPEC 2 refusal precedence. A refusal leaves `s` untouched.
Outcome apply(State& s, const Action& a);

// Lists the exact legal set: start; or tick, setHeading 0..3, release, endRun; or nextStage,
// endRun; or nothing once over.
void legal_actions(const State& s, ActionList& out);

// Whether the run is over: no action is legal any more.
inline bool game_over(const State& s) {
  return s.status == Status::kOver;
}

// --- Rules pieces, exposed for tests and agents --------------------------------------------------

inline constexpr int index_of(int x, int y) {
  return y * kCols + x;
}
inline constexpr int cell_x(int i) {
  return i % kCols;
}
inline constexpr int cell_y(int i) {
  return i / kCols;
}
inline constexpr bool in_bounds(int x, int y) {
  return x >= 0 && x < kCols && y >= 0 && y < kRows;
}
inline constexpr bool is_frame(int x, int y) {
  return x == 0 || y == 0 || x == kCols - 1 || y == kRows - 1;
}

// One panel's parameters (SS-79..87). Rates are per mille.
struct Difficulty {
  int target_pct;
  int moth_period;
  int beetles;
  int beetle_period;
  int spark_grace;
  int turn_pm;
  int bias_pm;
  int64_t moths;
};
Difficulty difficulty(int64_t panel);

// The claim multiplier for n cells: 1, 2 (100n >= 12512), 3 (>= 23460), 4 (>= 39100).
int multiplier(int64_t n);
// Points for a claim of n cells: 5 * multiplier(n) * n.
int64_t claim_award(int64_t n);
// Clearing panel P with F flawless earlier panels: 30 * P * (10 + min(5, F)).
int64_t clear_award(int64_t panel, int64_t flawless);
// Overshoot with w woven interior cells against target T percent: 30 * (floor(100w/1564) - T).
int64_t overshoot_award(int64_t woven, int target_pct);
// True when w woven interior cells reach T percent: 100w >= T * 1564.
bool target_reached(int64_t woven, int target_pct);

// Woven interior cells (frame excluded).
int woven_interior(const State& s);
// True while a live thread exists (the spinner stands on its last cell).
inline bool weaving(const State& s) {
  return s.thread_len > 0;
}

// Rebuilds `cells` thread/moth flags and the border walk from grid, thread and moths.
void rebuild_derived(State& s);
// Recomputes the border walk of the largest dark region into s.walk (field.cc).
void compute_walk(State& s);

// Labels the 4-connected dark regions (thread cells count as dark). `label` gets -1 for woven
// cells and 0..count-1 for dark ones, numbered in row-major order of each region's first cell;
// `size[r]` its cell count. Returns the region count.
int label_regions(const State& s, std::array<int16_t, kCells>& label,
                  std::array<int16_t, kCells>& size);

// The nearest woven cell orthogonally adjacent to a dark cell, by Manhattan distance from
// (x, y), ties to the lowest row-major index; -1 when no dark cell is left.
int nearest_border_cell(const State& s, int x, int y);

// The verdict on a step from the spinner's cell in `dir`.
enum class StepKind : uint8_t {
  kOffGrid,     // heading points off the grid
  kWalk,        // woven to woven
  kStartWeave,  // woven to dark
  kExtend,      // dark to dark, allowed
  kClose,       // onto woven while weaving
  kRefused,     // one of the three thread rules
  kIntoMoth,    // into a dark cell holding a moth
};
StepKind classify_step(const State& s, int dir);
// True when a step in `dir` would move the spinner now (SS-95).
bool heading_moves(const State& s, int dir);

// Lays out panel `s.panel`: fresh field, spinner, moths and beetles drawn from the counter.
void open_panel(State& s);

// Runs one single tick of a running panel (the phases listed at the top of this file).
void run_tick(State& s);

// The observation text: 36 lines of 48 characters, then the line of moving headings.
std::string field_text(const State& s);

// The canonical JSON output (SPEC 1), defined in encode.cc: the same bytes in the server, the CLI
// and the WebAssembly engine. Writes the full state, every field the decoder reads back.
void encode_state(const State& s, JsonWriter& w);
// Writes one action in the grammar's form.
void encode_action(const Action& a, JsonWriter& w);
// Writes the observation: the text view and the player's counters.
void encode_observation(const State& s, JsonWriter& w);

}  // namespace gb::silkspan
