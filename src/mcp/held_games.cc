#include "mcp/held_games.h"

#include <chrono>
#include <cstdio>
#include <ctime>

#include "core/clock.h"
#include "core/json_writer.h"
#include "mcp/held_cache.h"
#include "registry/registry.h"
#include "runs/secrets.h"
#include "runs/submit.h"

namespace gb::mcp {
namespace {

using Status = GameResult::Status;

GameResult failure(Status status, std::string message) {
  GameResult r;
  r.status = status;
  r.message = std::move(message);
  return r;
}

// Splits a stored actions array into its elements' compact JSON.
std::vector<std::string> split_actions(std::string_view actions_json) {
  std::vector<std::string> out;
  Issues issues;
  std::optional<JsonValue> root = parse_json(actions_json, issues, kMaxLargeJsonBytes);
  simdjson::dom::array array;
  if (!root || root->get_array().get(array) != simdjson::SUCCESS) return out;
  for (JsonValue item : array) out.push_back(to_compact_json(item));
  return out;
}

// Writes `issues` as the JSON array a 400 answer carries (with "N more" past the kept ones).
std::string issues_json(const Issues& issues) {
  JsonWriter w;
  w.begin_array();
  for (const auto& i : issues.list()) w.value(i);
  if (issues.total() > issues.list().size()) {
    w.value(std::to_string(issues.total() - issues.list().size()) + " more");
  }
  w.end_array();
  return w.take();
}

// Grammar-checks and applies one action (compact JSON) in `session`; appends the issues of an
// action that is not valid JSON or is outside the grammar.
SessionStep apply_text(GameSession& session, std::string_view action_json, Issues& issues) {
  Issues parse_issues;
  std::optional<JsonValue> action = parse_json(action_json, parse_issues, kMaxLargeJsonBytes);
  if (!action) {
    issues.add("action", "not valid JSON");
    return SessionStep::kBadAction;
  }
  return session.apply(*action, issues);
}

// Replays `actions` from init(seed) in `session`; false when one no longer applies (which
// verification at every move prevents) or the game has passed the engine-step bound of a
// verified run (RunBounds::max_steps), so no held game costs more to load than a submission.
bool replay(GameSession& session, uint32_t seed, const std::vector<std::string>& actions) {
  const int64_t max_steps = RunBounds{}.max_steps;
  session.init(seed);
  for (const std::string& action : actions) {
    Issues issues;
    if (apply_text(session, action, issues) != SessionStep::kApplied) return false;
    if (session.steps() > max_steps) return false;
  }
  return true;
}

// The registry's answer for the position `session` holds: the init answer before any action,
// else the answer to the last action applied.
std::string answer_of(const GameService& game, const GameSession& session, uint32_t seed,
                      size_t actions) {
  JsonWriter w;
  if (actions == 0) {
    game.write_init(seed, w);
  } else {
    session.write_answer(w);
  }
  return w.take();
}

// Whether `game` has been moved within kIdleHours (older games expire).
bool live(const store::HeldGame& game) {
  return game.updated_at >= utc_hours_ago(kIdleHours);
}

// The position a cached game is at, with `answer` as its answer.
Position position_of(const CachedGame& entry, std::string answer) {
  return {entry.game, entry.service, std::move(answer)};
}

// Game `id` as the store holds it, stepped to its stored length in `entry`: the cached session
// when the cache holds that length (a length names a game's content), else a replay (its engine
// steps counted in the result). kUnknownGame when the store has no such live game.
GameResult load_entry(store::Store& store, std::string_view id,
                      std::unique_ptr<CachedGame>& entry) {
  std::string unknown = "game_id: no game " + std::string(id) + " (unknown, or expired after " +
                        std::to_string(kIdleHours) + " h idle); start one with new_game";
  if (id.size() > 64) return failure(Status::kUnknownGame, "game_id: no such game");
  // The head (no actions) tells whether the cached position is the stored one; only a miss reads
  // the actions, so a call on a cached game costs the same at any length.
  std::optional<store::HeldGame> game = store.game_head(id);
  if (!game || !live(*game)) return failure(Status::kUnknownGame, unknown);
  const GameService* service = find_game(game->slug);
  if (service == nullptr) return failure(Status::kUnknownGame, unknown);
  GameResult r;
  entry = held_cache().take(&store, id);
  if (entry && entry->game.length == game->length && entry->service == service) {
    game->actions_json = std::move(entry->game.actions_json);
    entry->game = std::move(*game);
    return r;
  }
  game = store.game(id);
  if (!game || !live(*game)) return failure(Status::kUnknownGame, unknown);
  entry = std::make_unique<CachedGame>();
  entry->store = &store;
  entry->service = service;
  entry->session = service->new_session();
  if (!replay(*entry->session, game->seed, split_actions(game->actions_json))) {
    entry.reset();
    return failure(Status::kUnknownGame, "game_id: the game no longer replays");
  }
  r.steps = entry->session->steps();
  entry->game = std::move(*game);
  return r;
}

// Whether the store still holds `entry`'s game, live and at its length.
bool still_latest(store::Store& store, const CachedGame& entry) {
  std::optional<store::HeldGame> game = store.game_head(entry.game.id);
  return game && live(*game) && game->length == entry.game.length;
}

// Whether `action` may follow `length` actions under a scorecard slot's `cap`: any action below
// the cap, and at the cap one that ends the run (tried on a copy of `session`), as a slot takes
// a run stopped at its cap with the game's end action (runs::submit_run).
bool ends_past_cap(const GameSession& session, int64_t cap, int64_t length,
                   const std::string& action) {
  if (length < cap) return true;
  if (length > cap || session.game_over()) return false;
  std::unique_ptr<GameSession> trial = session.clone();
  Issues issues;
  return apply_text(*trial, action, issues) == SessionStep::kApplied && trial->game_over();
}

// Applies `actions` to `entry` in order as play_actions says and stores the applied ones by a
// compare-and-set on the length `entry` holds. kConflict when the store no longer held that
// length: then `entry` is ahead of the store and must be dropped.
GameResult apply_and_store(store::Store& store, CachedGame& entry,
                           const std::vector<std::string>& actions, const RunBounds& bounds,
                           std::optional<int64_t> cap) {
  GameResult r;
  GameSession& session = *entry.session;
  const int64_t steps_before = session.steps();
  const size_t before = static_cast<size_t>(entry.game.length);
  std::string added;  // the applied actions, comma-separated
  bool refused_by_rules = false;
  for (const std::string& action : actions) {
    if (before + r.applied >= bounds.max_actions) {
      r.status = Status::kRefused;
      r.message = "the run holds " + std::to_string(before + r.applied) + " actions, its bound";
      break;
    }
    if (cap && !ends_past_cap(session, *cap, static_cast<int64_t>(before + r.applied), action)) {
      r.status = Status::kRefused;
      r.message = "the scorecard slot's cap of " + std::to_string(*cap) +
                  " actions is reached: past it only an action that ends the run applies (the "
                  "end action); submit_run the game";
      break;
    }
    Issues issues;
    SessionStep step = apply_text(session, action, issues);
    if (step == SessionStep::kBadAction) {
      r.status = Status::kBadAction;
      r.message = issues.list().empty() ? "outside the action grammar" : issues_json(issues);
      break;
    }
    if (step == SessionStep::kRefused) {
      r.status = Status::kRefused;
      r.message = std::string(session.reason());
      refused_by_rules = true;
      break;
    }
    if (!added.empty()) added += ',';
    added += action;
    ++r.applied;
  }
  r.steps = session.steps() - steps_before;
  // The answer after the last action applied or refused (the unchanged position, with its legal
  // actions, after a refusal); a call that applied nothing else answers the position as it was.
  std::string answer;
  if (r.applied > 0 || refused_by_rules) {
    JsonWriter w;
    session.write_answer(w);
    answer = w.take();
  } else {
    answer = answer_of(*entry.service, session, entry.game.seed, before);
  }
  if (r.applied > 0) {
    std::string now = utc_now();
    std::string& json = entry.game.actions_json;
    json.pop_back();  // the closing ']'
    if (before > 0) json += ',';
    json += added;
    json += ']';
    int64_t length = static_cast<int64_t>(before + r.applied);
    if (!store.append_game_actions(entry.game.id, entry.game.length, added, length, now)) {
      return failure(Status::kConflict,
                     "the game was moved by another call meanwhile; nothing of this call was "
                     "kept: get_state and act again");
    }
    entry.game.length = length;
    entry.game.updated_at = now;
  }
  r.position = position_of(entry, std::move(answer));
  return r;
}

}  // namespace

std::string mint_game_id() {
  std::string id = "g";
  id.append(runs::random_token(), 0, 24);
  return id;
}

namespace {

// Starts a game of `service` at `seed` under handle `id` for `client`, first expiring idle games;
// kTooManyGames when the client already holds `max_per_client` games or the handle is taken.
GameResult start_with_id(store::Store& store, const GameService& service, uint32_t seed,
                         std::string id, const std::string& client, int64_t max_per_client) {
  store.expire_games(utc_hours_ago(kIdleHours));
  auto entry = std::make_unique<CachedGame>();
  entry->store = &store;
  entry->service = &service;
  entry->session = service.new_session();
  entry->session->init(seed);
  store::HeldGame& game = entry->game;
  game.id = std::move(id);
  game.slug = std::string(service.info().slug);
  game.seed = seed;
  game.client = client;
  game.created_at = utc_now();
  game.updated_at = game.created_at;
  if (!store.create_game(game, max_per_client)) {
    return failure(Status::kTooManyGames,
                   "this client already holds " + std::to_string(max_per_client) +
                       " games; finish or abandon one (idle games expire after " +
                       std::to_string(kIdleHours) + " h)");
  }
  GameResult r;
  r.position = position_of(*entry, answer_of(service, *entry->session, seed, 0));
  held_cache().put(std::move(entry));
  return r;
}

}  // namespace

GameResult start_game(store::Store& store, const GameService& service, uint32_t seed,
                      const std::string& client) {
  return start_with_id(store, service, seed, mint_game_id(), client, kMaxGamesPerClient);
}

GameResult start_bound_game(store::Store& store, const GameService& service, uint32_t seed,
                            const std::string& id, const std::string& holder, int64_t max_games) {
  GameResult r = start_with_id(store, service, seed, id, holder, max_games);
  if (r.status == Status::kTooManyGames && store.game(id)) return load_game(store, id);
  return r;
}

GameResult load_game(store::Store& store, std::string_view id) {
  std::unique_ptr<CachedGame> entry;
  GameResult r = load_entry(store, id, entry);
  if (r.status != Status::kOk) return r;
  r.position = position_of(*entry, answer_of(*entry->service, *entry->session, entry->game.seed,
                                             static_cast<size_t>(entry->game.length)));
  held_cache().put(std::move(entry));
  return r;
}

GameResult play_actions(store::Store& store, std::string_view id,
                        const std::vector<std::string>& actions, const RunBounds& bounds,
                        std::optional<int64_t> expect, std::optional<int64_t> cap) {
  // This process's latest state of the game, when it has one that the expectation fits: the call
  // costs the actions it applies. An applied action is checked against the store by the
  // compare-and-set that stores it; a call that stored nothing reads the store's length.
  std::unique_ptr<CachedGame> entry = held_cache().take(&store, id);
  if (entry && live(entry->game) && (!expect || *expect == entry->game.length)) {
    GameResult r = apply_and_store(store, *entry, actions, bounds, cap);
    if (r.status != Status::kConflict && (r.applied > 0 || still_latest(store, *entry))) {
      held_cache().put(std::move(entry));
      return r;
    }
    // The store had moved on (another replica moved the game, or it expired): start again from
    // what the store holds.
    entry.reset();
  } else if (entry) {
    held_cache().put(std::move(entry));  // the store decides the mismatch; load_entry reuses it
  }
  GameResult loaded = load_entry(store, id, entry);
  if (loaded.status != Status::kOk) return loaded;
  if (expect && *expect != entry->game.length) {
    loaded.status = Status::kExpectMismatch;
    loaded.message = "expect: the game holds " + std::to_string(entry->game.length) +
                     " actions, not " + std::to_string(*expect);
    loaded.position =
        position_of(*entry, answer_of(*entry->service, *entry->session, entry->game.seed,
                                      static_cast<size_t>(entry->game.length)));
    held_cache().put(std::move(entry));
    return loaded;
  }
  GameResult r = apply_and_store(store, *entry, actions, bounds, cap);
  r.steps += loaded.steps;
  if (r.status != Status::kConflict) held_cache().put(std::move(entry));
  return r;
}

}  // namespace gb::mcp
