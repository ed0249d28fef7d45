// The latest state of the games this process moved or loaded, kept in memory so that an `act`
// costs the actions it applies rather than a replay of the whole game (SPEC section 16). The store
// stays the truth: an entry is one game at one length, and since a game only ever grows by a
// compare-and-set on its length (Store::append_game_actions), a game's length names its content,
// so an entry is never wrong, only possibly behind (another replica moved the game). Callers
// check that before answering from it; a game evicted, behind, or never seen here is rebuilt by
// replay from the store, so correctness never depends on the cache.
#pragma once

#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "registry/service.h"
#include "registry/session.h"
#include "store/store.h"

namespace gb::mcp {

// The bounds of the process-wide cache: at most this many games, and this many bytes of states
// and action texts together; the least recently used games go first.
inline constexpr size_t kMaxCachedGames = 512;
inline constexpr size_t kMaxCachedBytes = size_t{128} << 20;

// One held game at its stored length, stepped to its current state.
struct CachedGame {
  const store::Store* store = nullptr;  // the store it came from (another store is a miss)
  store::HeldGame game;                 // as stored, actions_json and length included
  const GameService* service = nullptr;
  std::unique_ptr<GameSession> session;  // init(seed) plus game.actions applied

  // What the entry costs the cache's byte bound.
  size_t bytes() const;
};

class HeldCache {
 public:
  HeldCache(size_t max_games, size_t max_bytes) : max_games_(max_games), max_bytes_(max_bytes) {}

  // Removes game `id` of `store` from the cache and returns it (the caller owns it while it
  // works, so two calls never step one session at once); nullptr when absent.
  std::unique_ptr<CachedGame> take(const store::Store* store, std::string_view id);

  // Puts `entry` back (or in for the first time) as the most recently used game, unless the
  // cache already holds that game at a greater or equal length; then evicts the least recently
  // used games past the bounds.
  void put(std::unique_ptr<CachedGame> entry);

  // The number of games held, and their bytes.
  size_t size() const;
  size_t bytes() const;

  // Forgets every game.
  void clear();

 private:
  using Order = std::list<std::unique_ptr<CachedGame>>;
  void evict_locked();

  size_t max_games_;
  size_t max_bytes_;
  mutable std::mutex mutex_;
  Order order_;  // most recently used first
  std::unordered_map<std::string, Order::iterator> by_id_;
  size_t bytes_ = 0;
};

// The cache every MCP transport of this process shares (stdio and POST /mcp), with the bounds
// above.
HeldCache& held_cache();

}  // namespace gb::mcp
