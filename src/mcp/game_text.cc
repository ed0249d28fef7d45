#include "mcp/game_text.h"

#include "core/json_writer.h"

namespace gb::mcp {

ToolAnswer describe_position(const Position& position, ToolAnswer::Kind kind,
                             std::string_view headline) {
  ToolAnswer out;
  out.kind = kind;
  Issues issues;
  std::optional<JsonValue> root = parse_json(position.answer_json, issues, kMaxLargeJsonBytes);
  JsonValue answer = root ? *root : JsonValue();
  std::string_view picture;
  JsonValue player;
  bool has_player = false;
  int64_t score = 0;
  bool over = false;
  simdjson::dom::array legal;
  bool has_legal = false;
  if (root && root->is_object()) {
    if (answer["observation"]["text"].get_string().get(picture) != simdjson::SUCCESS) picture = {};
    has_player = answer["observation"]["player"].get(player) == simdjson::SUCCESS;
    if (answer["score"].get_int64().get(score) != simdjson::SUCCESS) score = 0;
    if (answer["gameOver"].get_bool().get(over) != simdjson::SUCCESS) over = false;
    has_legal = answer["legalActions"].get_array().get(legal) == simdjson::SUCCESS;
  }
  const store::HeldGame& game = position.game;
  std::string& text = out.text;
  if (!headline.empty()) text.append(headline).append("\n");
  text += game.slug + " game " + game.id + ", seed " + std::to_string(game.seed) + ", " +
          std::to_string(game.length) + " actions, score " + std::to_string(score) +
          (over ? ", gameOver true (the run is over: submit_run it)" : ", gameOver false") + "\n";
  text.append(picture);
  if (!picture.empty() && picture.back() != '\n') text += '\n';
  if (has_player) text.append("player: ").append(to_compact_json(player)).append("\n");
  text += "legal actions:";
  if (has_legal) {
    for (JsonValue a : legal) {
      text += ' ';
      text += to_compact_json(a);
    }
    if (legal.size() == 0) text += " none";
  }
  text += '\n';

  JsonWriter w;
  w.begin_object();
  w.field("gameId", game.id);
  w.field("slug", game.slug);
  w.field("seed", game.seed);
  w.field("length", game.length);
  w.field("score", score);
  w.field("gameOver", over);
  if (!headline.empty()) w.field("note", headline);
  w.key("observation");
  if (root && root->is_object() && answer["observation"].error() == simdjson::SUCCESS) {
    w.raw(to_compact_json(answer["observation"].value_unsafe()));
  } else {
    w.null();
  }
  w.key("legalActions");
  w.raw(has_legal ? simdjson::minify(legal) : std::string("[]"));
  w.end_object();
  out.structured = w.take();
  return out;
}

std::string state_json(const Position& position) {
  Issues issues;
  std::optional<JsonValue> root = parse_json(position.answer_json, issues, kMaxLargeJsonBytes);
  JsonValue state;
  if (!root || (*root)["state"].get(state) != simdjson::SUCCESS) return "null";
  return to_compact_json(state);
}

}  // namespace gb::mcp
