#include "mcp/held_games.h"

#include <chrono>
#include <cstdio>
#include <ctime>

#include "core/clock.h"
#include "core/json_writer.h"
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

std::string join_actions(const std::vector<std::string>& actions, size_t count) {
  std::string out = "[";
  for (size_t i = 0; i < count; ++i) {
    if (i > 0) out += ',';
    out += actions[i];
  }
  out += ']';
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

// Loads game `id` into `session` (replayed to its current position).
GameResult load_into(store::Store& store, std::string_view id,
                     std::unique_ptr<GameSession>& session, std::vector<std::string>& played) {
  std::string unknown = "game_id: no game " + std::string(id) + " (unknown, or expired after " +
                        std::to_string(kIdleHours) + " h idle); start one with new_game";
  if (id.size() > 64) return failure(Status::kUnknownGame, "game_id: no such game");
  std::optional<store::HeldGame> game = store.game(id);
  if (!game || game->updated_at < utc_hours_ago(kIdleHours)) {
    return failure(Status::kUnknownGame, unknown);
  }
  const GameService* service = find_game(game->slug);
  if (service == nullptr) return failure(Status::kUnknownGame, unknown);
  played = split_actions(game->actions_json);
  session = service->new_session();
  if (!replay(*session, game->seed, played)) {
    return failure(Status::kUnknownGame, "game_id: the game no longer replays");
  }
  GameResult r;
  std::string answer = answer_of(*service, *session, game->seed, played.size());
  r.position = {std::move(*game), service, std::move(answer)};
  return r;
}

}  // namespace

std::string mint_game_id() {
  std::string id = "g";
  id.append(runs::random_token(), 0, 24);
  return id;
}

GameResult start_game(store::Store& store, const GameService& service, uint32_t seed,
                      const std::string& client) {
  store.expire_games(utc_hours_ago(kIdleHours));
  GameResult r;
  r.position.service = &service;
  store::HeldGame& game = r.position.game;
  game.id = mint_game_id();
  game.slug = std::string(service.info().slug);
  game.seed = seed;
  game.client = client;
  game.created_at = utc_now();
  game.updated_at = game.created_at;
  if (!store.create_game(game, kMaxGamesPerClient)) {
    return failure(Status::kTooManyGames,
                   "this client already holds " + std::to_string(kMaxGamesPerClient) +
                       " games; finish or abandon one (idle games expire after " +
                       std::to_string(kIdleHours) + " h)");
  }
  JsonWriter w;
  service.write_init(seed, w);
  r.position.answer_json = w.take();
  return r;
}

GameResult load_game(store::Store& store, std::string_view id) {
  std::unique_ptr<GameSession> session;
  std::vector<std::string> played;
  return load_into(store, id, session, played);
}

GameResult play_actions(store::Store& store, std::string_view id,
                        const std::vector<std::string>& actions, const RunBounds& bounds,
                        std::optional<int64_t> expect) {
  std::unique_ptr<GameSession> session;
  std::vector<std::string> played;
  GameResult r = load_into(store, id, session, played);
  if (r.status != Status::kOk) return r;
  Position& p = r.position;
  if (expect && *expect != p.game.length) {
    r.status = Status::kExpectMismatch;
    r.message = "expect: the game holds " + std::to_string(p.game.length) + " actions, not " +
                std::to_string(*expect);
    return r;
  }
  for (const std::string& action : actions) {
    if (played.size() >= bounds.max_actions) {
      r.status = Status::kRefused;
      r.message = "the run holds " + std::to_string(played.size()) + " actions, its bound";
      break;
    }
    Issues issues;
    SessionStep step = apply_text(*session, action, issues);
    if (step == SessionStep::kBadAction) {
      r.status = Status::kBadAction;
      r.message = issues.list().empty() ? "outside the action grammar" : issues_json(issues);
      break;
    }
    if (step == SessionStep::kRefused) {
      r.status = Status::kRefused;
      r.message = std::string(session->reason());
      break;
    }
    played.push_back(action);
    ++r.applied;
  }
  // The answer after the last action applied or refused (the unchanged position, with its legal
  // actions, after a refusal); a call that applied nothing else keeps the loaded answer.
  if (r.applied > 0 || !session->reason().empty()) {
    JsonWriter w;
    session->write_answer(w);
    p.answer_json = w.take();
  }
  if (r.applied > 0) {
    std::string now = utc_now();
    int64_t before = p.game.length;
    p.game.actions_json = join_actions(played, played.size());
    p.game.length = static_cast<int64_t>(played.size());
    if (!store.append_game_actions(p.game.id, before, p.game.actions_json, p.game.length, now)) {
      return failure(Status::kConflict,
                     "the game was moved by another call meanwhile; nothing of this call was "
                     "kept: get_state and act again");
    }
    p.game.updated_at = now;
  }
  return r;
}

}  // namespace gb::mcp
