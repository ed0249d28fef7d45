// Glimfall: ride a light (the Glim) around a 12-bracket ring (the Collar) down an endless shaft.
//
// Ribs climb toward the Collar; on a rib's arrival tick the Glim threads it (standing on an open
// bracket) or knocks (on stone: a spark spent, blaze 0, 60 ticks of Settle). Motes are swept by
// standing on their bracket at their tick. Only `tick` passes time; a tick runs, in order
// (SPEC 5):
//   1 tick +1, events cleared   2 turnLock -1   3 motes due   4 rib due (thread/knock/phase, the
//   Reach)   5 blaze window and bleed   6 Settle countdown   7 shaft refill   8 end check
// Both awards and arrivals judge the bracket held as the tick begins. The normative rules are
// ../shared/seeds/glimfall.txt and SPEC.md section 5; our resolutions are in
// docs/rules/glimfall.md.
//
// Parameters
//   brackets 12, rotate lockout 6, sparks 3 (max 3), Settle 60, blaze window 60, bleed 4 every 30
//   after the lapse, blaze cap 35, multiplier min(6, 1 + blaze/6), thread 50, mote 10 / rich 30,
//   bright break +120, beacon +80, Reach = 10 ribs paying 250 + 50R + 100*sparks (spark back at
//   R % 3 == 0), first rib at tick 105, 3 unresolved ribs, arrival gap 84 - 6(R-1) +-6 with a floor
//   of 24 (base floor 30), at most 6 motes per interval, at most 24 events per tick.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/json_writer.h"
#include "core/outcome.h"

namespace gb::glimfall {

inline constexpr int kBrackets = 12;
inline constexpr int kTurnLock = 6;
inline constexpr int kMaxSparks = 3;
inline constexpr int kSettleTicks = 60;
inline constexpr int kBlazeWindow = 60;
inline constexpr int kBleedEvery = 30;
inline constexpr int kBleedAmount = 4;
inline constexpr int kBlazeCap = 35;
inline constexpr int kMaxMultiplier = 6;
inline constexpr int kThreadPay = 50;
inline constexpr int kMotePay = 10;
inline constexpr int kRichMotePay = 30;
inline constexpr int kBrightPay = 120;
inline constexpr int kBeaconPay = 80;
inline constexpr int kMoteRaise = 1;
inline constexpr int kRichMoteRaise = 3;
inline constexpr int kBrightRaise = 4;
inline constexpr int kBeaconRaise = 3;
inline constexpr int kRibsPerReach = 10;
inline constexpr int kFirstArrival = 105;
inline constexpr int kLiveRibs = 3;
inline constexpr int kMaxTickCount = 600;

// Storage bounds: live entries plus a short history of finished ones (GF-Q16).
inline constexpr int kKeptResolvedRibs = 3;
inline constexpr int kMaxRibs = kLiveRibs + kKeptResolvedRibs;
inline constexpr int kMaxMotesPerInterval = 6;
inline constexpr int kKeptFinishedMotes = 8;
inline constexpr int kMaxMotes = 32;
inline constexpr int kMaxEvents = 24;

// Bounds that keep every counter JSON-safe (below 2^53) and all arithmetic far from overflow.
inline constexpr int64_t kMaxTick = 1LL << 50;
inline constexpr int64_t kMaxArrivalLead = 1000000;    // arriveTick - tick for a live rib
inline constexpr int64_t kMaxScore = (1LL << 53) - 1;  // the plausibility guard (GF-Q25)

enum class Status : uint8_t { kWaiting, kRunning, kDone };
inline constexpr std::array<std::string_view, 3> kStatusNames = {"waiting", "running", "done"};

enum class RibKind : uint8_t { kPlain = 0, kTurn = 1, kSplit = 2, kBloom = 3 };
inline constexpr std::array<std::string_view, 4> kRibKindNames = {"plain", "turn", "split",
                                                                  "bloom"};

enum class MoteState : uint8_t { kPending, kSwept, kMissed };
inline constexpr std::array<std::string_view, 3> kMoteStateNames = {"pending", "swept", "missed"};

// Event types (GF-Q20). `ref` and `value` per type:
//   sweep: mote id, award     miss: mote id, 0           thread: rib id, award (50 x mult)
//   bright: rib id, bonus     beacon: rib id, bonus      knock: rib id, sparks left
//   phase: rib id, 0          reach: new Reach R, pay    restore: R, sparks after
//   lapse: -1, blaze after    bleed: -1, blaze after     settled: -1, 0 (Settle is over)
//   spawn: rib id, arriveTick over: -1, final score
enum class EventType : uint8_t {
  kSweep,
  kMiss,
  kThread,
  kBright,
  kBeacon,
  kKnock,
  kPhase,
  kReach,
  kRestore,
  kLapse,
  kBleed,
  kSettled,
  kSpawn,
  kOver
};
inline constexpr int kEventTypeCount = 14;
inline constexpr std::array<std::string_view, kEventTypeCount> kEventTypeNames = {
    "sweep", "miss",    "thread", "bright", "beacon",  "knock", "phase",
    "reach", "restore", "lapse",  "bleed",  "settled", "spawn", "over"};

// A rib exactly as the generator drew it; only `resolved` ever changes. -1 marks a field the kind
// does not use.
struct Rib {
  int64_t id = 0;
  RibKind kind = RibKind::kPlain;
  int8_t gap_start = 0;
  int8_t gap_w = 1;
  int8_t turn_dir = -1;
  int16_t turn_every = -1;
  int64_t spawn_tick = 0;
  int64_t arrive_tick = 0;
  int8_t gap2_start = -1;
  int8_t bright_bracket = -1;
  bool resolved = false;
  bool operator==(const Rib&) const = default;
};

struct Mote {
  int64_t id = 0;  // 8 * interval + position along the arc
  int8_t bracket = 0;
  int64_t tick = 0;
  int8_t value = kMotePay;  // 10, or 30 for a rich mote
  MoteState state = MoteState::kPending;
  bool operator==(const Mote&) const = default;
};

struct Event {
  int64_t t = 0;
  EventType type = EventType::kSweep;
  int64_t ref = -1;
  int64_t value = 0;
  bool operator==(const Event&) const = default;
};

// The whole game in fixed-capacity arrays: ribs and motes in ascending id order.
struct State {
  uint32_t seed = 0;
  Status status = Status::kWaiting;
  int64_t tick = 0;
  int8_t bracket = 0;
  int8_t turn_lock = 0;
  int8_t sparks = kMaxSparks;
  int8_t blaze = 0;
  int64_t score = 0;
  int64_t reach = 1;
  int64_t ribs_descended = 0;
  int8_t settle = 0;        // ticks of Settle still to come, 0..60 (GF-Q02)
  int8_t blaze_window = 0;  // ticks left in the blaze window, 0 once it has lapsed
  int8_t bleed_timer = 0;   // while lapsed and blaze > 0: ticks until the next bleed, else 0
  uint8_t rib_count = 0;
  uint8_t mote_count = 0;
  uint8_t event_count = 0;
  std::array<Rib, kMaxRibs> ribs{};
  std::array<Mote, kMaxMotes> motes{};
  std::array<Event, kMaxEvents> events{};
  bool operator==(const State&) const = default;
};

enum class ActionType : uint8_t { kStart, kRotate, kTick, kUnknown };
inline constexpr std::array<std::string_view, 3> kActionNames = {"start", "rotate", "tick"};

struct Action {
  ActionType type = ActionType::kTick;
  int dir = 0;        // rotate: -1 or 1
  int64_t count = 1;  // tick: clamped into 1..600 in process
  bool operator==(const Action&) const = default;
};

// A fixed-capacity list of actions (at most four).
struct ActionList {
  std::array<Action, 4> items{};
  uint8_t size = 0;
  void push_back(Action a) { items[size++] = a; }
  void clear() { size = 0; }
  const Action* begin() const { return items.data(); }
  const Action* end() const { return items.data() + size; }
};

inline Action start_action() {
  return {ActionType::kStart, 0, 1};
}
inline Action rotate_action(int dir) {
  return {ActionType::kRotate, dir, 1};
}
inline Action tick_action(int64_t count = 1) {
  return {ActionType::kTick, 0, count};
}

// --- Engine API ---------------------------------------------------------------------------------

// Returns the waiting state of a run: tick 0, bracket 0, 3 sparks, ribs 0..2 and their motes.
State init(uint32_t seed);

// Applies one action (SPEC 2 refusal precedence). A refusal leaves `s` untouched.
Outcome apply(State& s, const Action& a);

// Lists the exact legal set in a fixed order (GF-Q26): start or tick first, then rotate -1, 1.
void legal_actions(const State& s, ActionList& out);

// Whether the run is over: no action is legal any more.
inline bool game_over(const State& s) {
  return s.status == Status::kDone;
}

// One single tick of a running state, steps 1..8 (no status check).
void run_tick(State& s);

// --- Rules pieces, exposed for tests and agents --------------------------------------------------

// Bracket b stepped by dir (any integer), wrapped into 0..11.
int wrap_bracket(int64_t b);
// min(|a-b|, 12-|a-b|).
int angular_distance(int a, int b);
// min(6, 1 + floor(blaze / 6)).
int64_t multiplier(int blaze);
// 250 + 50R + 100*sparks.
int64_t reach_pay(int64_t reach, int sparks);

// A set of brackets as a 12-bit mask (bit b = bracket b).
using BracketMask = uint16_t;
inline constexpr BracketMask kAllOpen = (1u << kBrackets) - 1;
// The break of width w anchored at g: g, g+1, ..., g+w-1 (mod 12) (GF-Q04).
BracketMask break_mask(int g, int w);
// The anchor of a turn rib's break at tick t (clamped into spawnTick..arriveTick) (GF-Q05).
int anchor_at(const Rib& r, int64_t t);
// The open set on arrival: every bracket the rib leaves open at its arriveTick.
BracketMask arrival_open(const Rib& r);
// The open set a fair path may rely on: arrival_open without a split's bright break.
BracketMask safe_open(const Rib& r);
// True when every bracket of `from` has a bracket of `to` within `reach` angular distance.
bool covers(BracketMask from, BracketMask to, int reach);

// The brackets the ratchet can still cover before the nearest live rib arrives (SPEC 5 formula;
// 6 in waiting, 0 in done).
int brackets_reachable(const State& s);
// The index in s.ribs of the live rib with the smallest arriveTick, or -1.
int nearest_live_rib(const State& s);
int live_rib_count(const State& s);
int pending_mote_count(const State& s);

// --- The generator (pure function of the seed and the index) ------------------------------------

// The Reach a rib index belongs to: 1 + n / 10.
int64_t reach_of_rib(int64_t n);
// Draws rib n. `prev` is rib n-1 (nullptr for n = 0); `spawn_tick` is the tick it enters the
// shaft (0 for the init ribs, else the arrival tick of rib n-3).
Rib generate_rib(uint32_t seed, int64_t n, const Rib* prev, int64_t spawn_tick);
// Draws the motes of interval n (the stretch that rib n closes) into out; returns how many.
int generate_motes(uint32_t seed, int64_t n, const Rib* prev, const Rib& next,
                   std::array<Mote, kMaxMotesPerInterval>& out);
// Keeps the kKeptFinishedMotes most recent decided motes (the lowest ids go first).
void prune_motes(State& s);
// Appends rib n (and its interval's motes) to the state, after pruning old finished entries.
void spawn_next_rib(State& s, int64_t spawn_tick);

// The observation picture (layout in the spec text, GF-Q21).
std::string strip_text(const State& s);

// The canonical JSON output (SPEC 1), defined in encode.cc: the same bytes in the server, the CLI
// and the WebAssembly engine. Writes the full state, every field the decoder reads back.
void encode_state(const State& s, JsonWriter& w);
// Writes one action in the grammar's form.
void encode_action(const Action& a, JsonWriter& w);
// Writes the observation: the text view and the player's counters.
void encode_observation(const State& s, JsonWriter& w);

}  // namespace gb::glimfall
