// Testgame: a tiny game that exists only for tests (built with -DGAMEBOARD_TEST_GAME=ON, never in
// the public build). It proves that a game is one folder per layer plus one line in
// src/games/all_games.h: the shared conformance suite, the HTTP, MCP and Python tests run on it.
//
// Rules: a pile of 20..30 pebbles (20 + seed % 11). The run waits until `start`; before it, take
// and tick are refused with "not_started", and start after it with "already_started". `take`
// removes 1..3 pebbles and scores them (refused with "pile_too_small" when the pile holds fewer);
// `tick` lets 1..600 turns pass; a take is one turn. The run is over when the pile is empty, at
// turn 60, or after endRun; an action on a finished run is refused with "game_over".
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/json_writer.h"
#include "core/outcome.h"

namespace gb::testgame {

inline constexpr int64_t kMinPile = 20;
inline constexpr int64_t kMaxPile = 30;
inline constexpr int64_t kMaxTake = 3;
inline constexpr int64_t kMaxTickCount = 600;
inline constexpr int64_t kLastTurn = 60;

struct State {
  int64_t seed = 0;
  int64_t pile = 0;
  int64_t turn = 0;
  int64_t score = 0;
  bool started = false;
  bool over = false;
  bool operator==(const State&) const = default;
};

enum class ActionType : uint8_t { kStart, kTake, kTick, kEndRun };
inline constexpr std::array<std::string_view, 4> kActionNames = {"start", "take", "tick", "endRun"};

// `count` is the pebbles of a take or the turns of a tick; 0 for start and endRun. `has_count`
// records whether a tick carried its optional count, so it encodes back as it came.
struct Action {
  ActionType type = ActionType::kTick;
  int64_t count = 1;
  bool has_count = false;
};

struct ActionList {
  std::array<Action, 8> items{};
  uint8_t size = 0;
  void push_back(Action a) { items[size++] = a; }
  void clear() { size = 0; }
  const Action* begin() const { return items.data(); }
  const Action* end() const { return items.data() + size; }
};

// The run at `seed`: a full pile at turn 0, waiting for start.
State init(uint32_t seed);
// Applies `a`; a refusal leaves `s` unchanged.
Outcome apply(State& s, const Action& a);
// Every accepted action, in a fixed order: start (waiting) or take 1..min(3, pile) and tick
// (started), then endRun; none when over.
void legal_actions(const State& s, ActionList& out);
// True when the run is over.
bool game_over(const State& s);
// The pile as text: "pile ooooo....... turn 3 score 4".
std::string board_text(const State& s);

// The canonical JSON output, defined in encode.cc: the same bytes in the server, the CLI, Python
// and WebAssembly. Writes {seed, pile, turn, score, started, over}: every field the decoder reads
// back.
void encode_state(const State& s, JsonWriter& w);
// Writes {type, count?}: take always has its count, a tick only when it was given one.
void encode_action(const Action& a, JsonWriter& w);
// Writes {text, pile, turn, score}.
void encode_observation(const State& s, JsonWriter& w);

}  // namespace gb::testgame
