#include "runs/card_codec.h"

#include <charconv>
#include <cmath>

#include "core/json_writer.h"
#include "scorecards/suite.h"

namespace gb::runs {
namespace {

// Writes `x` as the shortest JSON number that reads back as the same double (null when it is not
// finite), so a client recomputing nothing prints exactly what the server computed.
void write_number(JsonWriter& w, double x) {
  if (!std::isfinite(x)) {
    w.null();
    return;
  }
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x);
  w.raw(std::string_view(buf, static_cast<size_t>(end - buf)));
}

void write_optional(JsonWriter& w, const std::optional<double>& x) {
  if (x) {
    write_number(w, *x);
  } else {
    w.null();
  }
}

void write_interval(JsonWriter& w, const std::optional<scorecards::Interval>& ci) {
  if (!ci) {
    w.null();
    return;
  }
  w.begin_array();
  write_number(w, ci->lo);
  write_number(w, ci->hi);
  w.end_array();
}

void write_agent(JsonWriter& w, const store::CardAgent& agent) {
  w.key("agent");
  w.begin_object();
  w.field("label", agent.label);
  if (!agent.model.empty()) w.field("model", agent.model);
  if (!agent.harness.empty()) w.field("harness", agent.harness);
  if (!agent.notes.empty()) w.field("notes", agent.notes);
  w.end_object();
}

// games:{slug:{n, mean, ci95, normalised, humanNormalised}}, overall:{normalised, ci95}.
void write_stats(JsonWriter& w, const scorecards::CardStats& stats) {
  w.key("games");
  w.begin_object();
  for (const scorecards::GameStats& game : stats.games) {
    w.key(game.slug);
    w.begin_object();
    w.field("n", game.n);
    w.key("mean");
    write_number(w, game.mean);
    w.key("ci95");
    write_interval(w, game.ci95);
    w.key("normalised");
    write_optional(w, game.normalised);
    w.key("humanNormalised");
    write_optional(w, game.human_normalised);
    w.end_object();
  }
  w.end_object();
  w.key("overall");
  w.begin_object();
  w.key("normalised");
  write_optional(w, stats.overall.normalised);
  w.key("ci95");
  write_interval(w, stats.overall.ci95);
  w.end_object();
}

// The fields a card's answers share: {id, suite, name, agent, status, openedAt, deadline}.
void write_card_head(JsonWriter& w, const store::Card& card, CardStatus status) {
  w.field("id", card.id);
  w.field("suite", card.suite);
  w.field("name", card.name);
  write_agent(w, card.agent);
  w.field("status", status_name(status));
  w.field("openedAt", card.opened_at);
  w.field("deadline", card.deadline);
}

void write_slot_head(JsonWriter& w, const store::CardSlot& slot) {
  w.field("index", slot.index);
  w.field("slug", slot.slug);
  w.field("seed", int64_t{slot.seed});
  w.field("maxActions", slot.max_actions);
}

// Reads the optional string `key` of `object` into `out`; false (and an issue) when it is
// present but not a string.
bool read_optional_string(simdjson::dom::object object, std::string_view path, std::string_view key,
                          std::string& out, Issues& issues) {
  JsonValue value;
  if (object.at_key(key).get(value) != simdjson::SUCCESS || value.is_null()) return true;
  std::string_view text;
  if (value.get(text) != simdjson::SUCCESS) {
    issues.add(std::string(path) + "." + std::string(key),
               "must be a string, got " + std::string(json_type_name(value)));
    return false;
  }
  out = std::string(text);
  return true;
}

// Reads usage figure `key` into `w` when present: a non-negative number (an integer when
// `integer`); false (and an issue) otherwise.
bool copy_usage_figure(simdjson::dom::object usage, std::string_view key, bool integer,
                       JsonWriter& w, Issues& issues) {
  JsonValue value;
  if (usage.at_key(key).get(value) != simdjson::SUCCESS || value.is_null()) return true;
  std::string path = "body.usage." + std::string(key);
  if (integer) {
    int64_t n = 0;
    if (!read_integer(value, path, 0, INT64_MAX, n, issues)) return false;
    w.field(key, n);
    return true;
  }
  double x = 0;
  if (value.get(x) != simdjson::SUCCESS || !std::isfinite(x) || x < 0) {
    issues.add(path, "must be a number 0 or more");
    return false;
  }
  w.key(key);
  write_number(w, x);
  return true;
}

}  // namespace

std::optional<CardRequest> decode_card_request(JsonValue body, Issues& issues) {
  ObjectReader r(body, "body", issues);
  if (!r.is_object()) return std::nullopt;
  CardRequest request;
  std::string_view suite;
  std::string_view name;
  bool ok = r.string("suite", suite);
  ok = r.string("name", name) && ok;
  simdjson::dom::object object;
  if (body.get(object) != simdjson::SUCCESS) return std::nullopt;  // is_object() said it is
  std::string token;
  bool has_token = false;
  JsonValue token_value;
  if (object.at_key("token").get(token_value) == simdjson::SUCCESS && !token_value.is_null()) {
    has_token = true;
  }
  ok = read_optional_string(object, "body", "token", token, issues) && ok;
  JsonValue agent;
  if (object.at_key("agent").get(agent) == simdjson::SUCCESS && !agent.is_null()) {
    simdjson::dom::object fields;
    if (agent.get(fields) != simdjson::SUCCESS) {
      issues.add("body.agent", "must be an object, got " + std::string(json_type_name(agent)));
      ok = false;
    } else {
      ok = read_optional_string(fields, "body.agent", "label", request.agent.label, issues) && ok;
      ok = read_optional_string(fields, "body.agent", "model", request.agent.model, issues) && ok;
      ok = read_optional_string(fields, "body.agent", "harness", request.agent.harness, issues) &&
           ok;
      ok = read_optional_string(fields, "body.agent", "notes", request.agent.notes, issues) && ok;
    }
  }
  if (!ok) return std::nullopt;
  request.suite = std::string(suite);
  request.name = std::string(name);
  if (has_token) request.token = std::move(token);
  return request;
}

std::optional<CloseRequest> decode_close_request(JsonValue body, Issues& issues) {
  simdjson::dom::object object;
  if (body.get(object) != simdjson::SUCCESS) {
    issues.add("body", "must be an object, got " + std::string(json_type_name(body)));
    return std::nullopt;
  }
  CloseRequest request;
  std::string token;
  JsonValue token_value;
  bool ok = read_optional_string(object, "body", "token", token, issues);
  if (object.at_key("token").get(token_value) == simdjson::SUCCESS && !token_value.is_null()) {
    request.token = token;
  }
  JsonValue usage;
  if (object.at_key("usage").get(usage) == simdjson::SUCCESS && !usage.is_null()) {
    simdjson::dom::object figures;
    if (usage.get(figures) != simdjson::SUCCESS) {
      issues.add("body.usage", "must be an object, got " + std::string(json_type_name(usage)));
      return std::nullopt;
    }
    JsonWriter w;
    w.begin_object();
    ok = copy_usage_figure(figures, "promptTokens", true, w, issues) && ok;
    ok = copy_usage_figure(figures, "completionTokens", true, w, issues) && ok;
    ok = copy_usage_figure(figures, "costUsd", false, w, issues) && ok;
    ok = copy_usage_figure(figures, "seconds", false, w, issues) && ok;
    w.end_object();
    request.usage_json = w.take();
  }
  if (!ok) return std::nullopt;
  return request;
}

std::string encode_suites() {
  JsonWriter w;
  w.begin_object();
  w.key("suites");
  w.begin_array();
  for (const scorecards::Suite& suite : scorecards::all_suites()) {
    w.begin_object();
    w.field("id", suite.id);
    w.field("sealed", suite.sealed);
    w.field("slots", int64_t{suite.slot_count()});
    w.key("games");
    w.begin_array();
    for (const scorecards::SuiteGame& game : suite.games) {
      w.begin_object();
      w.field("slug", game.slug);
      w.field("count", int64_t{game.count});
      w.field("maxActions", game.max_actions);
      if (!suite.sealed) {
        w.key("seeds");
        w.begin_array();
        for (uint32_t seed : game.seeds) w.value(int64_t{seed});
        w.end_array();
      }
      w.key("reference");
      w.begin_object();
      w.key("random");
      write_number(w, game.random.mean());
      w.key("planner");
      write_number(w, game.planner.mean());
      w.end_object();
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.take();
}

std::string encode_opened_card(const OpenedCard& opened, std::span<const std::string> game_ids) {
  JsonWriter w;
  w.begin_object();
  write_card_head(w, opened.card, CardStatus::kOpen);
  w.key("slots");
  w.begin_array();
  for (size_t i = 0; i < opened.card.slots.size(); ++i) {
    w.begin_object();
    write_slot_head(w, opened.card.slots[i]);
    if (i < game_ids.size()) w.field("gameId", game_ids[i]);
    w.end_object();
  }
  w.end_array();
  if (!opened.token.empty()) w.field("token", opened.token);
  w.end_object();
  return w.take();
}

std::string encode_card(const CardReport& report) {
  const store::Card& card = report.card;
  JsonWriter w;
  w.begin_object();
  write_card_head(w, card, report.status);
  w.key("closedAt");
  if (card.closed_at.empty()) {
    w.null();
  } else {
    w.value(card.closed_at);
  }
  w.key("usage");
  if (card.usage_json.empty()) {
    w.null();
  } else {
    w.raw(card.usage_json);  // written by decode_close_request
  }
  w.key("slots");
  w.begin_array();
  for (const store::CardSlot& slot : card.slots) {
    w.begin_object();
    write_slot_head(w, slot);
    w.key("runId");
    if (slot.run_id != 0 && slot.score) {
      w.value(slot.run_id);
    } else {
      w.null();
    }
    w.key("score");
    if (slot.score) {
      w.value(*slot.score);
    } else {
      w.null();
    }
    w.end_object();
  }
  w.end_array();
  write_stats(w, report.stats);
  w.end_object();
  return w.take();
}

std::string encode_agents_board(const AgentBoard& board) {
  JsonWriter w;
  w.begin_object();
  w.field("suite", board.suite);
  w.field("total", board.total);
  w.key("entries");
  w.begin_array();
  for (const AgentRow& row : board.entries) {
    w.begin_object();
    w.field("rank", row.rank);
    w.field("name", row.name);
    write_agent(w, row.agent);
    w.field("cards", row.cards);
    w.field("runs", row.runs);
    write_stats(w, row.stats);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.take();
}

}  // namespace gb::runs
