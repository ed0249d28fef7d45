#include "runs/codec.h"

#include "core/json_writer.h"

namespace gb::runs {
namespace {

// The value of an optional field, or nullopt when absent (no issue).
std::optional<JsonValue> optional_field(JsonValue body, std::string_view key) {
  simdjson::dom::object object;
  if (body.get(object) != simdjson::SUCCESS) return std::nullopt;
  JsonValue value;
  if (object.at_key(key).get(value) != simdjson::SUCCESS) return std::nullopt;
  return value;
}

// Reads an optional string field into `out`; false (and an issue) when present but not a string.
bool optional_string(JsonValue body, std::string_view key, std::optional<std::string>& out,
                     Issues& issues) {
  std::optional<JsonValue> value = optional_field(body, key);
  if (!value || value->is_null()) return true;
  std::string_view text;
  if (value->get(text) != simdjson::SUCCESS) {
    issues.add("body." + std::string(key),
               "must be a string, got " + std::string(json_type_name(*value)));
    return false;
  }
  out = std::string(text);
  return true;
}

void write_run_fields(const store::StoredRun& run, JsonWriter& w) {
  w.field("id", run.id);
  w.field("slug", run.slug);
  w.field("seed", int64_t{run.seed});
  w.field("score", run.score);
  w.field("length", run.length);
  w.field("steps", run.steps);
  w.field("over", run.over);
  w.field("stateHash", run.state_hash);
  w.field("name", run.name);
  w.field("kind", run.kind);
  w.field("agent", run.agent);
  w.field("createdAt", run.created_at);
  w.field("rulesVersion", int64_t{run.rules_version});
}

}  // namespace

std::optional<RunSubmission> decode_submission(JsonValue body, Issues& issues) {
  ObjectReader r(body, "body", issues);
  if (!r.is_object()) return std::nullopt;
  RunSubmission s;
  std::string_view slug;
  std::string_view name;
  int64_t seed = 0;
  bool ok = r.string("slug", slug);
  ok = r.integer("seed", 0, 4294967295LL, seed) && ok;
  std::optional<JsonValue> actions = r.get("actions");
  ok = actions.has_value() && ok;
  ok = r.string("name", name) && ok;
  std::optional<std::string> kind;
  std::optional<std::string> agent;
  ok = optional_string(body, "token", s.token, issues) && ok;
  ok = optional_string(body, "kind", kind, issues) && ok;
  ok = optional_string(body, "agent", agent, issues) && ok;
  if (kind && *kind != "human" && *kind != "agent") {
    issues.add("body.kind", "must be \"human\" or \"agent\"");
    ok = false;
  }
  ok = optional_string(body, "scorecard", s.scorecard, issues) && ok;
  if (std::optional<JsonValue> slot = optional_field(body, "slot"); slot && !slot->is_null()) {
    int64_t index = 0;
    if (read_integer(*slot, "body.slot", 0, 1'000'000, index, issues)) {
      s.slot = index;
    } else {
      ok = false;
    }
  }
  if (std::optional<JsonValue> score = optional_field(body, "score"); score && !score->is_null()) {
    int64_t declared = 0;
    if (read_integer(*score, "body.score", INT64_MIN, INT64_MAX, declared, issues)) {
      s.declared_score = declared;
    } else {
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  s.slug = std::string(slug);
  s.seed = static_cast<uint32_t>(seed);
  s.actions = *actions;
  s.name = std::string(name);
  s.kind = kind.value_or("human");
  s.agent = agent.value_or("");
  return s;
}

std::string encode_submit_answer(const SubmitAnswer& answer) {
  JsonWriter w;
  w.begin_object();
  write_run_fields(answer.run, w);
  w.field("rank", answer.rank);
  if (answer.scorecard) {
    w.field("scorecard", *answer.scorecard);
    w.field("slot", answer.slot);
  }
  if (!answer.token.empty()) w.field("token", answer.token);
  w.end_object();
  return w.take();
}

std::string encode_submit_summary(const SubmitAnswer& answer) {
  const store::StoredRun& run = answer.run;
  JsonWriter w;
  w.begin_object();
  w.field("id", run.id);
  w.field("slug", run.slug);
  w.field("name", run.name);
  w.field("score", run.score);
  w.field("rank", answer.rank);
  w.field("length", run.length);
  w.field("over", run.over);
  w.field("stored", answer.verdict == SubmitVerdict::kCreated ? "created" : "existing");
  if (!answer.token.empty()) w.field("token", answer.token);
  if (answer.scorecard) {
    w.field("scorecard", *answer.scorecard);
    w.field("slot", answer.slot);
  }
  w.end_object();
  return w.take();
}

std::string encode_stored_run(const store::StoredRun& run, bool current) {
  JsonWriter w;
  w.begin_object();
  write_run_fields(run, w);
  w.field("current", current);
  w.key("actions");
  w.raw(run.actions_json);
  w.end_object();
  return w.take();
}

std::string encode_board(const store::BoardQuery& query, const store::Board& board) {
  JsonWriter w;
  w.begin_object();
  w.field("slug", query.slug);
  w.field("kind", query.kind);
  w.key("seed");
  if (query.seed) {
    w.value(int64_t{*query.seed});
  } else {
    w.null();
  }
  w.key("daily");
  if (query.day) {
    w.value(*query.day);
  } else {
    w.null();
  }
  w.field("rulesVersion", int64_t{query.rules_version});
  w.field("total", board.total);
  w.field("limit", query.limit);
  w.field("offset", query.offset);
  w.key("entries");
  w.begin_array();
  for (const store::BoardEntry& e : board.entries) {
    w.begin_object();
    w.field("rank", e.rank);
    w.field("id", e.id);
    w.field("name", e.name);
    w.field("kind", e.kind);
    w.field("agent", e.agent);
    w.field("score", e.score);
    w.field("length", e.length);
    w.field("seed", int64_t{e.seed});
    w.field("createdAt", e.created_at);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.take();
}

std::string encode_daily(std::string_view slug, std::string_view date, uint32_t seed) {
  JsonWriter w;
  w.begin_object();
  w.field("slug", slug);
  w.field("date", date);
  w.field("seed", int64_t{seed});
  w.end_object();
  return w.take();
}

std::string encode_run_list(std::span<const std::string> runs, std::optional<int64_t> next) {
  JsonWriter w;
  w.begin_object();
  w.key("runs");
  w.begin_array();
  for (const std::string& run : runs) w.raw(run);
  w.end_array();
  w.key("next");
  if (next) {
    w.value(*next);
  } else {
    w.null();
  }
  w.end_object();
  return w.take();
}

std::optional<RunListText> decode_run_list(std::string_view body, Issues& issues) {
  simdjson::dom::parser parser;
  JsonValue root;
  if (parser.parse(body.data(), body.size()).get(root) != simdjson::SUCCESS) {
    issues.add("body", "not JSON");
    return std::nullopt;
  }
  ObjectReader r(root, "body", issues);
  if (!r.is_object()) return std::nullopt;
  std::optional<JsonValue> runs = r.get("runs");
  std::optional<JsonValue> next = r.get("next");
  if (!runs || !next) return std::nullopt;
  simdjson::dom::array array;
  if (runs->get_array().get(array) != simdjson::SUCCESS) {
    issues.add("body.runs", "must be an array");
    return std::nullopt;
  }
  RunListText page;
  for (JsonValue run : array) {
    if (!run.is_object()) {
      issues.add("body.runs", "must hold objects");
      return std::nullopt;
    }
    page.runs.push_back(to_compact_json(run));
  }
  if (!next->is_null()) {
    int64_t id = 0;
    if (!read_integer(*next, "body.next", 1, INT64_MAX, id, issues)) return std::nullopt;
    page.next = id;
  }
  return page;
}

}  // namespace gb::runs
