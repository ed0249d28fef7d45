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

// Applies one action to a state through the registry's action path; returns its HTTP-like
// status (200 applied or refused by the rules, 400 outside the grammar) and its answer JSON.
int step(const GameService& game, std::string_view state_json, std::string_view action_json,
         std::string& answer) {
  std::string pair = "[";
  pair.append(state_json).append(",").append(action_json).append("]");
  Issues issues;
  std::optional<JsonValue> root = parse_json(pair, issues, kMaxLargeJsonBytes);
  if (!root) {
    answer = R"({"error":"Invalid body","issues":["action: not valid JSON"]})";
    return 400;
  }
  simdjson::dom::array both = root->get_array().value_unsafe();
  JsonWriter w;
  int status = game.write_action(both.at(0).value_unsafe(), both.at(1).value_unsafe(), w);
  answer = w.take();
  return status;
}

// The registry's answer for the position after `actions`: the init answer when there are none,
// else the answer to the last action applied after replaying the others. "" when the stored
// actions no longer replay (which verification at every move prevents).
std::string position_after(const GameService& game, uint32_t seed,
                           const std::vector<std::string>& actions, const RunBounds& bounds) {
  JsonWriter w;
  if (actions.empty()) {
    game.write_init(seed, w);
    return w.take();
  }
  std::string prefix = join_actions(actions, actions.size() - 1);
  Issues issues;
  std::optional<JsonValue> root = parse_json(prefix, issues, kMaxLargeJsonBytes);
  if (!root || !root->is_array()) return {};
  RunReplay replay = game.replay_run(seed, root->get_array().value_unsafe(), bounds);
  if (!replay.ok) return {};
  std::string answer;
  if (step(game, replay.final_state, actions.back(), answer) != 200) return {};
  return answer;
}

// What one action answer says, read in one parse: whether the move was applied, the refusal's
// reason, the grammar issues (a 400 answer) and the state after it.
struct StepFacts {
  bool ok = false;
  std::string reason;
  std::string issues;  // compact JSON array
  std::string state;   // compact JSON
};

StepFacts read_step(std::string_view answer_json) {
  StepFacts facts;
  Issues issues;
  std::optional<JsonValue> root = parse_json(answer_json, issues, kMaxLargeJsonBytes);
  if (!root || !root->is_object()) return facts;
  if ((*root)["ok"].get_bool().get(facts.ok) != simdjson::SUCCESS) facts.ok = false;
  std::string_view reason;
  if ((*root)["reason"].get_string().get(reason) == simdjson::SUCCESS) facts.reason = reason;
  JsonValue value;
  if ((*root)["issues"].get(value) == simdjson::SUCCESS) facts.issues = to_compact_json(value);
  if ((*root)["state"].get(value) == simdjson::SUCCESS) facts.state = to_compact_json(value);
  return facts;
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
  std::string unknown = "game_id: no game " + std::string(id) + " (unknown, or expired after " +
                        std::to_string(kIdleHours) + " h idle); start one with new_game";
  if (id.size() > 64) return failure(Status::kUnknownGame, "game_id: no such game");
  std::optional<store::HeldGame> game = store.game(id);
  if (!game || game->updated_at < utc_hours_ago(kIdleHours)) {
    return failure(Status::kUnknownGame, unknown);
  }
  const GameService* service = find_game(game->slug);
  if (service == nullptr) return failure(Status::kUnknownGame, unknown);
  std::string answer = position_after(*service, game->seed, split_actions(game->actions_json), {});
  if (answer.empty()) return failure(Status::kUnknownGame, "game_id: the game no longer replays");
  GameResult r;
  r.position = {std::move(*game), service, std::move(answer)};
  return r;
}

GameResult play_actions(store::Store& store, std::string_view id,
                        const std::vector<std::string>& actions, const RunBounds& bounds) {
  GameResult r = load_game(store, id);
  if (r.status != Status::kOk) return r;
  Position& p = r.position;
  std::vector<std::string> played = split_actions(p.game.actions_json);
  std::string state = read_step(p.answer_json).state;
  for (const std::string& action : actions) {
    if (played.size() >= bounds.max_actions) {
      r.status = Status::kRefused;
      r.message = "the run holds " + std::to_string(played.size()) + " actions, its bound";
      break;
    }
    std::string answer;
    int status = step(*p.service, state, action, answer);
    StepFacts facts = read_step(answer);
    if (status != 200) {
      r.status = Status::kBadAction;
      r.message = facts.issues.empty() ? "outside the action grammar" : facts.issues;
      break;
    }
    if (!facts.ok) {
      r.status = Status::kRefused;
      r.message = facts.reason;
      p.answer_json = std::move(answer);  // the unchanged position, with its legal actions
      break;
    }
    state = std::move(facts.state);
    p.answer_json = std::move(answer);
    played.push_back(action);
    ++r.applied;
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
