#include "mcp/tools.h"

#include <array>
#include <charconv>
#include <chrono>
#include <cstdint>

#include "core/clock.h"
#include "core/json_writer.h"
#include "mcp/bound_games.h"
#include "mcp/card_tools.h"
#include "mcp/game_text.h"
#include "mcp/held_games.h"
#include "mcp/tool_args.h"
#include "registry/registry.h"
#include "runs/codec.h"
#include "runs/secrets.h"
#include "runs/submit.h"

namespace gb::mcp {
namespace {

using Kind = ToolAnswer::Kind;

// The card and slot game `id` is bound to, read now; nullopt for a plain game. A bound handle
// whose card the store lacks sets `error`.
std::optional<BoundSlot> bound_slot_of(std::string_view id, const ToolContext& context,
                                       std::optional<ToolAnswer>& error) {
  std::optional<SlotBinding> binding = slot_binding(context.secret, id);
  if (!binding) return std::nullopt;
  std::optional<BoundSlot> bound =
      read_bound_slot(*context.store, *binding, std::chrono::system_clock::now());
  if (!bound) error = bad_arguments("game_id: its scorecard " + binding->card_id + " is unknown");
  return bound;
}

// Reads the `slug` argument and finds its game; null with `problem` set otherwise.
const GameService* game_arg(JsonValue args, std::string& problem) {
  std::optional<std::string_view> slug = string_arg(args, "slug", true, problem);
  if (!slug) return nullptr;
  const GameService* game = find_game(*slug);
  if (game == nullptr) {
    problem = "slug: no game " + std::string(*slug) + "; list_games names them";
  }
  return game;
}

ToolAnswer text_answer(std::string text, std::string structured = {}) {
  return {Kind::kResult, std::move(text), std::move(structured)};
}

ToolAnswer list_games(JsonValue, const ToolContext&) {
  std::string text;
  JsonWriter w;
  w.begin_object();
  w.key("games");
  w.begin_array();
  for (const GameService* game : all_games()) {
    const GameInfo& info = game->info();
    text += std::string(info.slug) + ": " + std::string(info.name) + " (" +
            std::string(info.genre) + "). " + std::string(info.description) + "\n";
    w.begin_object();
    w.field("slug", info.slug);
    w.field("name", info.name);
    w.field("genre", info.genre);
    w.field("description", info.description);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  text += "get_rules {slug} explains one; new_game {slug} starts one.\n";
  return text_answer(std::move(text), w.take());
}

ToolAnswer get_rules(JsonValue args, const ToolContext&) {
  std::string problem;
  const GameService* game = game_arg(args, problem);
  if (game == nullptr) return bad_arguments(problem);
  const GameInfo& info = game->info();
  std::string text = std::string(info.name) + " (" + std::string(info.slug) +
                     ")\n\nGoal: " + std::string(info.goal) +
                     "\n\nScoring: " + std::string(info.scoring) + "\n\nRules:\n" +
                     std::string(info.rules) +
                     "\n\nActions (JSON Schema of one action, as act takes it):\n" +
                     std::string(info.action_grammar) + "\n";
  return text_answer(std::move(text));
}

ToolAnswer new_game(JsonValue args, const ToolContext& context) {
  std::string problem;
  const GameService* game = game_arg(args, problem);
  if (game == nullptr) return bad_arguments(problem);
  uint32_t seed = 0;
  JsonValue seed_value;
  if (args["seed"].get(seed_value) == simdjson::SUCCESS) {
    int64_t v = 0;
    Issues issues;
    if (!read_integer(seed_value, "seed", 0, 4294967295, v, issues)) {
      return bad_arguments(issues.list().front());
    }
    seed = static_cast<uint32_t>(v);
  } else {
    std::string hex = runs::random_token().substr(0, 8);
    std::from_chars(hex.data(), hex.data() + hex.size(), seed, 16);
  }
  GameResult r = start_game(*context.store, *game, seed, context.client);
  if (r.status == GameResult::Status::kTooManyGames) {
    return {Kind::kRefused, r.message, {}};
  }
  return describe_position(
      r.position, Kind::kResult,
      "new game " + r.position.game.id + ": play it with act {game_id, actions:[...]}");
}

ToolAnswer act(JsonValue args, const ToolContext& context) {
  std::string problem;
  std::optional<std::string_view> id = string_arg(args, "game_id", true, problem);
  if (!id) return bad_arguments(problem);
  std::string game_id(*id);
  JsonValue one;
  JsonValue many;
  bool has_one = args["action"].get(one) == simdjson::SUCCESS;
  bool has_many = args["actions"].get(many) == simdjson::SUCCESS;
  if (has_one == has_many) return bad_arguments("give exactly one of action or actions");
  std::vector<std::string> actions;
  if (has_one) {
    if (!one.is_object()) return bad_arguments("action: must be an object");
    actions.push_back(to_compact_json(one));
  } else {
    simdjson::dom::array list;
    if (many.get_array().get(list) != simdjson::SUCCESS) {
      return bad_arguments("actions: must be an array of actions");
    }
    if (list.size() == 0 || list.size() > kMaxActionsPerCall) {
      return bad_arguments("actions: must hold 1 to " + std::to_string(kMaxActionsPerCall) +
                           " actions");
    }
    for (JsonValue item : list) {
      if (!item.is_object()) {
        return bad_arguments(element_path("actions", actions.size()) + ": must be an object");
      }
      actions.push_back(to_compact_json(item));
    }
  }
  std::optional<int64_t> expect;
  if (JsonValue v; args["expect"].get(v) == simdjson::SUCCESS) {
    int64_t n = 0;
    Issues issues;
    if (!read_integer(v, "expect", 0, INT64_MAX, n, issues)) {
      return bad_arguments(issues.list().front());
    }
    expect = n;
  }
  // A scorecard slot's game takes actions while its card is open, up to the slot's cap (and the
  // end action past it); it is dealt on its first act.
  std::optional<ToolAnswer> error;
  std::optional<BoundSlot> bound = bound_slot_of(game_id, context, error);
  if (error) return *error;
  std::optional<int64_t> cap;
  if (bound) {
    if (bound->status != runs::CardStatus::kOpen) {
      return refused("refused: scorecard " + bound->card.id + " is " +
                     std::string(runs::status_name(bound->status)) +
                     "; its games take no more actions");
    }
    cap = bound->slot.max_actions;
  }
  using Status = GameResult::Status;
  GameResult r = play_actions(*context.store, game_id, actions, context.bounds, expect, cap);
  if (bound && r.status == Status::kUnknownGame) {
    GameResult started = start_slot_game(*context.store, game_id, *bound);
    if (started.status != Status::kOk) return bad_arguments(started.message);
    r = play_actions(*context.store, game_id, actions, context.bounds, expect, cap);
  }
  switch (r.status) {
    case Status::kUnknownGame:
      return bad_arguments(r.message);
    case Status::kConflict:
    case Status::kTooManyGames:
      return {Kind::kRefused, r.message, {}};
    case Status::kExpectMismatch:
      return describe_position(r.position, Kind::kRefused,
                               r.message + "; 0 of " + std::to_string(actions.size()) +
                                   " actions applied. The position is below.");
    case Status::kRefused:
    case Status::kBadAction: {
      std::string what = r.status == Status::kRefused ? "refused: " : "invalid action: ";
      std::string where = has_many ? " at actions[" + std::to_string(r.applied) + "]" : "";
      return describe_position(r.position, Kind::kRefused,
                               what + r.message + where + "; " + std::to_string(r.applied) +
                                   " of " + std::to_string(actions.size()) +
                                   " actions applied. The legal actions are listed below.");
    }
    case Status::kOk:
      break;
  }
  return describe_position(
      r.position, Kind::kResult,
      "applied " + std::to_string(r.applied) + " action" + (r.applied == 1 ? "" : "s"));
}

// Loads the game named by the `game_id` argument, or says why not.
std::optional<GameResult> loaded_game(JsonValue args, const ToolContext& context,
                                      ToolAnswer& error) {
  std::string problem;
  std::optional<std::string_view> id = string_arg(args, "game_id", true, problem);
  if (!id) {
    error = bad_arguments(problem);
    return std::nullopt;
  }
  GameResult r = load_game(*context.store, std::string(*id));
  if (r.status == GameResult::Status::kUnknownGame) {
    // A scorecard slot's game that was never played yet is dealt now, while its card is open.
    std::optional<ToolAnswer> bound_error;
    std::optional<BoundSlot> bound = bound_slot_of(*id, context, bound_error);
    if (bound_error) {
      error = *bound_error;
      return std::nullopt;
    }
    if (bound) r = start_slot_game(*context.store, *id, *bound);
  }
  if (r.status != GameResult::Status::kOk) {
    error = bad_arguments(r.message);
    return std::nullopt;
  }
  return r;
}

ToolAnswer get_state(JsonValue args, const ToolContext& context) {
  std::string problem;
  std::optional<std::string_view> format = string_arg(args, "format", false, problem);
  if (!format) return bad_arguments(problem);
  if (!format->empty() && *format != "text" && *format != "json") {
    return bad_arguments("format: must be text or json");
  }
  bool full = *format == "json";
  ToolAnswer error;
  std::optional<GameResult> r = loaded_game(args, context, error);
  if (!r) return error;
  if (!full) return describe_position(r->position, Kind::kResult);
  std::string state = state_json(r->position);
  return text_answer(state, R"({"gameId":")" + r->position.game.id + R"(","state":)" + state + "}");
}

ToolAnswer get_replay(JsonValue args, const ToolContext& context) {
  ToolAnswer error;
  std::optional<GameResult> r = loaded_game(args, context, error);
  if (!r) return error;
  const store::HeldGame& game = r->position.game;
  ToolAnswer summary = describe_position(r->position, Kind::kResult);
  Issues issues;
  std::optional<JsonValue> facts = parse_json(summary.structured, issues);
  int64_t score = 0;
  if (facts && (*facts)["score"].get_int64().get(score) != simdjson::SUCCESS) score = 0;
  JsonWriter w;
  w.begin_object();
  w.field("slug", game.slug);
  w.field("seed", game.seed);
  w.key("actions");
  w.raw(game.actions_json);
  w.field("score", score);
  w.end_object();
  std::string replay = w.take();
  return text_answer(replay, replay);
}

ToolAnswer submit_run(JsonValue args, const ToolContext& context) {
  std::string problem;
  std::optional<std::string_view> id = string_arg(args, "game_id", true, problem);
  if (!id) return bad_arguments(problem);
  // A scorecard slot's game fills its slot: under the card's name (the default) and agent label.
  std::optional<ToolAnswer> bound_error;
  std::optional<BoundSlot> bound = bound_slot_of(*id, context, bound_error);
  if (bound_error) return *bound_error;
  std::optional<std::string_view> name = string_arg(args, "name", !bound, problem);
  if (!name) return bad_arguments(problem);
  std::optional<std::string_view> token = string_arg(args, "token", false, problem);
  if (!token) return bad_arguments(problem);
  std::optional<std::string_view> agent = string_arg(args, "agent", false, problem);
  if (!agent) return bad_arguments(problem);
  runs::RunSubmission submission;
  submission.name = std::string(*name);
  if (!token->empty()) submission.token = std::string(*token);
  submission.agent = std::string(*agent);
  submission.kind = "agent";
  if (bound) {
    if (bound->status != runs::CardStatus::kOpen) {
      return refused("not submitted: scorecard " + bound->card.id + " is " +
                     std::string(runs::status_name(bound->status)) + "; it takes no more runs");
    }
    if (submission.name.empty()) submission.name = bound->card.name;
    if (submission.agent.empty()) submission.agent = bound->card.agent.label;
    submission.scorecard = bound->card.id;
    submission.slot = bound->slot.index;
  }
  ToolAnswer error;
  std::optional<GameResult> r = loaded_game(args, context, error);
  if (!r) return error;
  const store::HeldGame& game = r->position.game;
  submission.slug = game.slug;
  submission.seed = game.seed;
  Issues issues;
  std::optional<JsonValue> actions = parse_json(game.actions_json, issues, kMaxLargeJsonBytes);
  if (!actions) return unavailable("the stored actions do not parse");
  submission.actions = *actions;
  runs::SubmitAnswer answer =
      runs::submit_run(*context.store, submission, utc_now(), context.bounds, context.slot_cache);
  switch (answer.verdict) {
    case runs::SubmitVerdict::kInvalid: {
      std::string text = "not submitted:";
      for (const std::string& issue : answer.issues) text += " " + issue;
      return {Kind::kRefused, text, {}};
    }
    case runs::SubmitVerdict::kNameTaken:
      if (bound) {
        return refused("not submitted: scorecard " + bound->card.id + " belongs to " +
                       bound->card.name +
                       "; pass that name's token (the one open_scorecard or its first run gave)");
      }
      return {Kind::kRefused,
              "not submitted: the name " + submission.name +
                  " is taken; pass the token its first run gave, or choose another name",
              {}};
    case runs::SubmitVerdict::kSlotFilled:
      return refused("not submitted: slot " + std::to_string(answer.slot) + " of scorecard " +
                     answer.scorecard.value_or("") +
                     " already holds another run (a slot takes one run)");
    case runs::SubmitVerdict::kCardClosed:
      return {Kind::kRefused, "not submitted: the scorecard is closed or past its deadline", {}};
    case runs::SubmitVerdict::kCreated:
    case runs::SubmitVerdict::kExisting:
      break;
  }
  const store::StoredRun& run = answer.run;
  std::string text = "run " + std::to_string(run.id) + " is on the agents' board of " + run.slug +
                     ": score " + std::to_string(run.score) + ", rank " +
                     std::to_string(answer.rank) + ", " + std::to_string(run.length) + " actions" +
                     (run.over ? ", over" : ", not over") + ".\n";
  if (answer.scorecard) {
    text += "It fills slot " + std::to_string(answer.slot) + " of scorecard " + *answer.scorecard +
            (answer.verdict == runs::SubmitVerdict::kExisting ? " (it already did).\n" : ".\n");
  }
  if (!answer.token.empty()) {
    text += "This run claimed the name " + run.name +
            "; its token (shown once, keep it to "
            "submit again under this name): " +
            answer.token + "\n";
  }
  return text_answer(std::move(text), runs::encode_submit_summary(answer));
}

constexpr auto kTools = std::to_array<Tool>({
    {"list_games", "List the games this server offers: slug, name, genre and a one-line pitch.",
     R"({"type":"object","properties":{},"additionalProperties":false})", list_games},
    {"get_rules",
     "The full rules of one game: goal, scoring, every rule, and the JSON Schema of its actions.",
     R"({"type":"object","properties":{"slug":{"type":"string","description":"the game, from list_games"}},"required":["slug"]})",
     get_rules},
    {"new_game",
     "Start a game held by the server. Returns a game_id handle and the first position: the "
     "observation picture, the counters, the legal actions, score and gameOver. The same seed "
     "always deals the same game; omit it for a random one.",
     R"({"type":"object","properties":{"slug":{"type":"string","description":"the game, from list_games"},"seed":{"type":"integer","minimum":0,"maximum":4294967295}},"required":["slug"]})",
     new_game},
    {"act",
     "Play one action ({game_id, action}) or several in order ({game_id, actions:[...]}, at most "
     "1000), stopping at the first the rules refuse. Actions are JSON objects like the legal "
     "actions shown. Returns the new position; a refused move is an error result saying why, "
     "with the legal actions. Pass expect (the game's length, the number of actions it holds "
     "before this call) so that a call retried after a lost answer is not applied twice: on a "
     "mismatch nothing is applied and the error result says how many the game holds.",
     R"({"type":"object","properties":{"game_id":{"type":"string"},"action":{"type":"object","description":"one action, e.g. one of the legal actions shown"},"actions":{"type":"array","items":{"type":"object"},"minItems":1,"maxItems":1000},"expect":{"type":"integer","minimum":0,"description":"optional: the number of actions the game holds before this call (its length); on a mismatch nothing is applied"}},"required":["game_id"]})",
     act},
    {"get_state",
     "The current position of a game (format text, the default: observation, counters, legal "
     "actions, score, gameOver), or its full state JSON (format json).",
     R"({"type":"object","properties":{"game_id":{"type":"string"},"format":{"type":"string","enum":["text","json"]}},"required":["game_id"]})",
     get_state},
    {"get_replay",
     "The game as a replay file {slug, seed, actions, score}: anyone can re-apply it with "
     "`gameboard replay FILE` or the replay viewer.",
     R"({"type":"object","properties":{"game_id":{"type":"string"}},"required":["game_id"]})",
     get_replay},
    {"submit_run",
     "Put the game (finished or stopped) on the agents' leaderboard under a name. The server "
     "verifies it by replay. The first run under a new name claims it and returns a token, "
     "shown once: pass it as token to submit again under that name. A scorecard slot's game "
     "(from open_scorecard) fills that slot instead: it needs the card's token, its name is the "
     "card's (the default), and a slot takes one run.",
     R"({"type":"object","properties":{"game_id":{"type":"string"},"name":{"type":"string","description":"1 to 24 letters, digits, space, _ - .; required unless the game is a scorecard slot's"},"token":{"type":"string"},"agent":{"type":"string","description":"your agent's label, up to 40 characters"}},"required":["game_id"]})",
     submit_run},
    {"open_scorecard",
     "Open a scorecard: a fixed benchmark of 60 games (20 seeds of each game) that measures an "
     "agent by its mean score per game, normalised against reference agents. Suites: open-v1 "
     "(public seeds) and sealed-v1 (seeds drawn when the card opens). Answers the card's id, "
     "deadline (24 h), token (when the name is new, shown once) and its slots, each with a "
     "game_id bound to it: play it with act, and submit_run {game_id, token} fills the slot. "
     "Every slot counts; an empty one scores 0.",
     R"({"type":"object","properties":{"suite":{"type":"string","description":"open-v1 or sealed-v1"},"name":{"type":"string","description":"1 to 24 letters, digits, space, _ - ."},"token":{"type":"string","description":"the name's token, when it is already claimed"},"agent":{"type":"object","description":"who is measured","properties":{"label":{"type":"string","description":"up to 40 characters"},"model":{"type":"string","description":"up to 100 characters"},"harness":{"type":"string","description":"up to 100 characters"},"notes":{"type":"string","description":"up to 500 characters"}}}},"required":["suite","name"]})",
     open_scorecard},
    {"close_scorecard",
     "Close a scorecard when its slots are played: answers the final card, per game the mean "
     "score with its 95% interval and the normalised score, and overall. Slots left empty score "
     "0. usage is your own report of what the card cost.",
     R"({"type":"object","properties":{"scorecard":{"type":"string","description":"the card's id, from open_scorecard"},"token":{"type":"string","description":"the token of the card's name"},"usage":{"type":"object","properties":{"promptTokens":{"type":"integer","minimum":0},"completionTokens":{"type":"integer","minimum":0},"costUsd":{"type":"number","minimum":0},"seconds":{"type":"number","minimum":0}}}},"required":["scorecard","token"]})",
     close_scorecard},
});

}  // namespace

std::span<const Tool> tool_table() {
  return kTools;
}

const Tool* find_tool(std::string_view name) {
  for (const Tool& tool : kTools) {
    if (tool.name == name) return &tool;
  }
  return nullptr;
}

}  // namespace gb::mcp
