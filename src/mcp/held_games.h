// The games MCP clients hold on the server. A game is its (slug, seed, actions) in the store
// under a server-minted handle; its state is got by replaying them in a typed session of the
// registry (GameService::new_session: decoded once, stepped typed, encoded when answered), never
// from an engine directly, so any replica can continue any game. The latest state of each game
// this process moved stays in memory (held_cache.h), so an act costs the actions it applies; a
// game this process lacks, or holds behind the store, is replayed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "registry/service.h"
#include "store/store.h"

namespace gb::mcp {

inline constexpr int64_t kMaxGamesPerClient = 100;
inline constexpr size_t kMaxActionsPerCall = 1000;
inline constexpr int kIdleHours = 24;

// A held game and where it stands: the registry's answer for its current state, the init answer
// or the last applied action's ({state, observation, legalActions, score, gameOver, ...}).
struct Position {
  store::HeldGame game;
  const GameService* service = nullptr;
  std::string answer_json;
};

// What a game operation gave. kRefused: the rules refused action `applied` of the call (the
// ones before it were applied and kept), `message` the reason; kBadAction: it is outside the
// action grammar, `message` the issue. Both still carry the position. kExpectMismatch: the game
// did not hold the number of actions the caller expected, nothing was applied; it carries the
// position too.
struct GameResult {
  enum class Status {
    kOk,
    kUnknownGame,
    kTooManyGames,
    kRefused,
    kBadAction,
    kConflict,
    kExpectMismatch
  };
  Status status = Status::kOk;
  std::string message;
  Position position;
  size_t applied = 0;  // actions this call applied
  int64_t steps = 0;   // engine steps this call took, a replay of the stored actions included
};

// Starts a game of `service` at `seed` for `client`, first expiring idle games.
GameResult start_game(store::Store& store, const GameService& service, uint32_t seed,
                      const std::string& client);

// Starts the game of a scorecard slot under its handle `id` (bound_games.h) for `holder` (its
// card), who holds at most `max_games` (the card's slots); a game already under that handle (made
// meanwhile by another call) is loaded instead. kTooManyGames when the holder is full.
GameResult start_bound_game(store::Store& store, const GameService& service, uint32_t seed,
                            const std::string& id, const std::string& holder, int64_t max_games);

// Loads game `id` at its current position (from the cache when it holds the stored length, else
// by replay); kUnknownGame when there is no such game or it has been idle for kIdleHours.
GameResult load_game(store::Store& store, std::string_view id);

// Applies `actions` (compact JSON values, at most kMaxActionsPerCall) to game `id` in order,
// stopping at the first one refused or outside the grammar; stores the applied ones. With
// `expect`, the stored game must hold exactly that many actions first: kExpectMismatch (nothing
// applied) otherwise, so a call retried after a lost answer is not applied twice. kConflict when
// another call moved the game meanwhile (nothing of this call is stored). A game the cache holds
// costs the actions applied (its stored actions are not read; the store's compare-and-set on the
// length tells whether the cached state was the latest, and if not the call is made again from a
// replay); any other game is replayed first. With `cap` (a scorecard slot's), the game takes that
// many actions and then one more only when it ends the run; anything else past it is refused.
GameResult play_actions(store::Store& store, std::string_view id,
                        const std::vector<std::string>& actions, const RunBounds& bounds,
                        std::optional<int64_t> expect = std::nullopt,
                        std::optional<int64_t> cap = std::nullopt);

// Returns a fresh random game handle: "g" and 24 hex digits (96 random bits).
std::string mint_game_id();

}  // namespace gb::mcp
