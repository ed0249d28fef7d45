// Stormlark: a turn-based routing puzzle down a 7 x 10 storm canyon.
//
// The craft sits in column 0 at lane `ship_lane`; everything else scrolls one column left per
// turn. Each scrolling turn (UP, DOWN, FIRE, VENT) runs the seed's twelve steps, in order:
//   1 validate   2 player phase   3 sparker discharge   4 drifters and wardens move
//   5 scroll     6 motes/squalls  7 solid collision     8 charge regeneration
//   9 draw col 9 10 survivability check and repair     11 counters and Gate   12 hull-0 end
// NEXT_REACH and END_RUN step nothing. The normative rules are ../shared/seeds/stormlark.txt and
// SPEC.md section 4; the resolutions we made are in docs/rules/stormlark.md.
//
// Parameters
//   lanes 7, columns 10, hull max 3, charge max 9, pulse cost 3, regen 1 (VENT 3), mote +3,
//   squall -3, reach = 20 content columns + 1 Gate column, difficulty capped at reach 13,
//   at most 2 wardens alive, rngState advances by kRngBudget per scrolling turn.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/json_writer.h"
#include "core/outcome.h"

namespace gb::stormlark {

inline constexpr int kLanes = 7;
inline constexpr int kCols = 10;
inline constexpr int kMaxEntities = kLanes * kCols;
inline constexpr int kHullMax = 3;
inline constexpr int kChargeMax = 9;
inline constexpr int kPulseCost = 3;
inline constexpr int kContentColumnsPerReach = 20;
inline constexpr int kDifficultyCap = 13;
inline constexpr int kMaxWardens = 2;
inline constexpr int kStartLane = 3;
inline constexpr uint64_t kRngBudget = 48;           // counter positions per drawn column
inline constexpr uint64_t kRngModulus = 1ULL << 53;  // rngState wraps here (stays JSON-safe)
inline constexpr int64_t kPlausibilityGuard = 1000000;

enum class Kind : uint8_t {
  kCrag,
  kKnot,
  kDrifter,
  kRimeshell,
  kSparker,
  kWarden,
  kSquall,
  kMote,
  kGate
};
inline constexpr int kKindCount = 9;
inline constexpr std::array<std::string_view, kKindCount> kKindNames = {
    "crag", "knot", "drifter", "rimeshell", "sparker", "warden", "squall", "mote", "gate"};

enum class Phase : uint8_t { kFlying, kReachClear, kOver };
inline constexpr std::array<std::string_view, 3> kPhaseNames = {"flying", "reachClear", "over"};

enum class ActionType : uint8_t { kUp, kDown, kFire, kVent, kNextReach, kEndRun, kUnknown };
inline constexpr std::array<std::string_view, 6> kActionNames = {"UP",   "DOWN",       "FIRE",
                                                                 "VENT", "NEXT_REACH", "END_RUN"};

struct Action {
  ActionType type = ActionType::kVent;
  bool operator==(const Action&) const = default;
};

struct Entity {
  int64_t id = 0;
  Kind kind = Kind::kCrag;
  int8_t lane = 0;
  int8_t col = 0;
  int8_t hp = 1;
  int8_t drift = 0;
  bool operator==(const Entity&) const = default;
};

// The whole game. Entities are kept in ascending id order; `count` of them are live.
struct State {
  uint32_t seed = 0;
  uint64_t rng_state = 0;
  Phase phase = Phase::kFlying;
  int64_t reach = 1;
  int8_t ship_lane = kStartLane;
  int8_t hull = kHullMax;
  int8_t charge = kChargeMax;
  int64_t chain = 0;
  int64_t score = 0;
  int64_t turn = 0;            // scrolling turns taken this run
  int64_t next_id = 0;         // id for the next entity drawn; above every live id
  int8_t columns_drawn = 0;    // content columns of the reach being drawn, 0..20
  bool reach_flawless = true;  // no hull lost since this reach began
  uint8_t count = 0;
  std::array<Entity, kMaxEntities> entities{};
  bool operator==(const State&) const = default;
};

// A fixed-capacity list of actions (at most the six).
struct ActionList {
  std::array<Action, 6> items{};
  uint8_t size = 0;
  void push_back(Action a) { items[size++] = a; }
  void clear() { size = 0; }
  const Action* begin() const { return items.data(); }
  const Action* end() const { return items.data() + size; }
};

// --- Engine API ---------------------------------------------------------------------------------

// Returns the state at the start of a run: reach 1, lane 3, full hull and charge, and reach 1's
// first nine content columns in columns 1..9 (drawn from counters 0..9*kRngBudget-1).
State init(uint32_t seed);

// Applies one action (SPEC 2 refusal precedence). A refusal leaves `s` untouched.
Outcome apply(State& s, Action a);

// Lists the exact legal set, in grammar order.
void legal_actions(const State& s, ActionList& out);

// Whether the run is over: no action is legal any more.
inline bool game_over(const State& s) {
  return s.phase == Phase::kOver;
}

// --- Rules pieces, exposed for tests and agents --------------------------------------------------

// reachMult as quarters: 3 + min(reach, 13) quarters, i.e. 1 + 0.25 * (reach - 1) capped at 4.
int64_t reach_quarters(int64_t reach);
// chainMult as tenths: 10 + min(chain, 20).
int64_t chain_tenths(int64_t chain);
// round(base * chainMult * reachMult), half up, in integers.
int64_t clear_award(int64_t base, int64_t chain, int64_t reach);
// round(amount * reachMult), half up, for column, mote and Gate awards.
int64_t reach_award(int64_t amount, int64_t reach);
// The clear base for a kind (0 for kinds that cannot be cleared).
int64_t clear_base(Kind k);
bool is_solid(Kind k);
int starting_hp(Kind k);

// The index of the entity at (lane, col), or -1.
int entity_at(const State& s, int lane, int col);

// Difficulty parameters for the reach a column belongs to (capped at 13). Rates are per mille.
struct Difficulty {
  int solid_pm;       // chance per lane of a solid
  int crag_share_pm;  // share of solids that are crags
  int crag_run_pm;    // chance that a crag continues the crag to its right in the same lane
  int mote_pm;        // chance per column of a mote
  int squall_pm;      // chance per column of a squall (from reach 3)
  int wall_pm;        // chance per column of a wall with one gap (from reach 8)
  bool drifter, rimeshell, sparker, warden;
};
Difficulty difficulty(int64_t reach);

// Draws one content column of `reach` into column 9 from counters base..base+kRngBudget-1.
// Assumes column 9 is empty. Column 8 is read to continue crag runs.
void draw_content_column(State& s, int64_t reach, uint64_t base);

// The reach the next drawn column belongs to: the current one, or the next if a Gate is on the
// board ahead of it.
int64_t drawing_reach(const State& s);

// Step 10: true when some start lane has a 3-turn UP/DOWN/VENT sequence without hull damage.
bool survivable(const State& s);
// Step 10: deletes the fewest entities (columns 1..3) that make `survivable` true; returns how
// many were deleted. Draws nothing and changes no counter.
int repair(State& s);

// One accepted scrolling turn, steps 2..12, with the repair switchable for brute-force tests.
void scrolling_turn(State& s, ActionType a, bool run_repair = true);

// The observation text: 7 lines of 10 cells (legend in the spec).
std::string board_text(const State& s);
char glyph(const Entity& e);

// The canonical JSON output (SPEC 1), defined in encode.cc: the same bytes in the server, the CLI
// and the WebAssembly engine. Writes the full state, every field the decoder reads back.
void encode_state(const State& s, JsonWriter& w);
// Writes one action in the grammar's form.
void encode_action(const Action& a, JsonWriter& w);
// Writes the observation: the text view and the player's counters.
void encode_observation(const State& s, JsonWriter& w);

}  // namespace gb::stormlark
