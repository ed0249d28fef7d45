#include "harness/llm/llm_codec.h"

#include <simdjson.h>

#include <algorithm>
#include <cstdio>

#include "core/json_writer.h"

namespace gb::harness::llm {
namespace {

using simdjson::dom::element;

// Reads the string field `key` of `obj` into `out`; leaves `out` empty when absent.
void read_string(element obj, std::string_view key, std::string& out) {
  std::string_view v;
  if (obj[key].get(v) == simdjson::SUCCESS) out.assign(v);
}

// Appends every "properties" key found anywhere under `e` to `keys`, once each.
void collect_properties(element e, std::vector<std::string>& keys) {
  simdjson::dom::array items;
  if (e.get(items) == simdjson::SUCCESS) {
    for (element item : items) collect_properties(item, keys);
    return;
  }
  simdjson::dom::object fields;
  if (e.get(fields) != simdjson::SUCCESS) return;
  for (auto field : fields) {
    simdjson::dom::object props;
    if (field.key == "properties" && field.value.get(props) == simdjson::SUCCESS) {
      for (auto prop : props) {
        std::string name(prop.key);
        if (std::find(keys.begin(), keys.end(), name) == keys.end()) keys.push_back(name);
      }
    }
    collect_properties(field.value, keys);
  }
}

// An action is a few dozen bytes: objects longer than this, and openings before the last
// kMaxOpenings, are not considered, which bounds the work on a long or hostile reply.
constexpr size_t kMaxObjectBytes = 4096;
constexpr size_t kMaxOpenings = 256;

// Returns where the object opened at `open` closes (index of its '}'), or npos when it does not
// within kMaxObjectBytes.
size_t matching_brace(std::string_view text, size_t open) {
  int depth = 0;
  bool in_string = false;
  size_t end = std::min(text.size(), open + kMaxObjectBytes);
  for (size_t i = open; i < end; ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') in_string = true;
    if (c == '{') ++depth;
    if (c == '}' && --depth == 0) return i;
  }
  return std::string_view::npos;
}

}  // namespace

void decode_game_answer(std::string_view answer, GameView& view) {
  view = GameView{};
  simdjson::dom::parser parser;
  element doc;
  if (parser.parse(answer.data(), answer.size()).get(doc) != simdjson::SUCCESS) {
    view.error = "the engine's answer is not JSON";
    return;
  }
  std::string_view error;
  if (doc["error"].get(error) == simdjson::SUCCESS) {
    view.error = std::string(error);
    simdjson::dom::array issues;
    std::string_view first;
    if (doc["issues"].get(issues) == simdjson::SUCCESS && issues.size() > 0 &&
        issues.at(0).get(first) == simdjson::SUCCESS) {
      view.error += ": " + std::string(first);
    }
    return;
  }
  if (doc["ok"].get(view.ok) != simdjson::SUCCESS) view.ok = false;
  read_string(doc, "reason", view.reason);
  element state;
  if (doc["state"].get(state) == simdjson::SUCCESS) view.state = simdjson::minify(state);
  read_string(doc["observation"], "text", view.text);
  element player;
  if (doc["observation"]["player"].get(player) == simdjson::SUCCESS) {
    view.counters = simdjson::minify(player);
  }
  simdjson::dom::array legal;
  if (doc["legalActions"].get(legal) == simdjson::SUCCESS) {
    for (element a : legal) view.legal.push_back(simdjson::minify(a));
  }
  if (doc["score"].get(view.score) != simdjson::SUCCESS) view.score = 0;
  if (doc["gameOver"].get(view.over) != simdjson::SUCCESS) view.over = false;
}

std::string chat_request_body(std::string_view model, const std::vector<ChatMessage>& messages,
                              double temperature, int64_t max_tokens) {
  JsonWriter w;
  w.begin_object();
  w.field("model", model);
  w.key("messages");
  w.begin_array();
  for (const ChatMessage& m : messages) {
    w.begin_object();
    w.field("role", m.role);
    w.field("content", std::string_view(m.content));
    w.end_object();
  }
  w.end_array();
  char number[32];
  std::snprintf(number, sizeof number, "%.6g", temperature);
  w.key("temperature");
  w.raw(number);
  if (max_tokens > 0) w.field("max_tokens", max_tokens);
  w.field("stream", false);
  w.end_object();
  return w.take();
}

ChatReply decode_chat_reply(std::string_view body) {
  ChatReply reply;
  simdjson::dom::parser parser;
  element doc;
  if (parser.parse(body.data(), body.size()).get(doc) != simdjson::SUCCESS) {
    reply.error = "the endpoint's answer is not JSON";
    return reply;
  }
  element message;
  if (doc["choices"].at(0)["message"].get(message) != simdjson::SUCCESS) {
    reply.error = "the endpoint's answer has no choices[0].message";
    return reply;
  }
  read_string(message, "content", reply.content);
  reply.ok = true;
  element usage;
  if (doc["usage"].get(usage) == simdjson::SUCCESS && usage.is_object()) {
    int64_t n = 0;
    if (usage["prompt_tokens"].get(n) == simdjson::SUCCESS && n >= 0) reply.prompt_tokens = n;
    if (usage["completion_tokens"].get(n) == simdjson::SUCCESS && n >= 0) {
      reply.completion_tokens = n;
    }
  }
  return reply;
}

std::vector<std::string> grammar_keys(std::string_view grammar) {
  std::vector<std::string> keys;
  simdjson::dom::parser parser;
  element doc;
  if (parser.parse(grammar.data(), grammar.size()).get(doc) == simdjson::SUCCESS) {
    collect_properties(doc, keys);
  }
  return keys;
}

std::vector<std::string> action_candidates(std::string_view reply,
                                           const std::vector<std::string>& keys) {
  struct Span {
    size_t open, close;
  };
  std::vector<size_t> openings;
  for (size_t i = reply.rfind('{'); i != std::string_view::npos && openings.size() < kMaxOpenings;
       i = i == 0 ? std::string_view::npos : reply.rfind('{', i - 1)) {
    openings.push_back(i);
  }
  std::vector<Span> spans;
  for (size_t i : openings) {
    size_t close = matching_brace(reply, i);
    if (close != std::string_view::npos) spans.push_back({i, close});
  }
  std::stable_sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) {
    return a.close != b.close ? a.close > b.close : a.open < b.open;
  });
  std::vector<std::string> out;
  simdjson::dom::parser parser;
  for (const Span& s : spans) {
    simdjson::dom::object object;
    std::string_view text = reply.substr(s.open, s.close - s.open + 1);
    if (parser.parse(text.data(), text.size()).get(object) != simdjson::SUCCESS) continue;
    JsonWriter w;
    w.begin_object();
    for (auto field : object) {
      if (std::find(keys.begin(), keys.end(), field.key) == keys.end()) continue;
      w.key(field.key);
      w.raw(simdjson::minify(field.value));
    }
    w.end_object();
    out.push_back(w.take());
  }
  return out;
}

std::optional<std::vector<std::string>> read_action_list(std::string_view text,
                                                         std::string& error) {
  simdjson::dom::parser parser;
  element doc;
  if (parser.parse(text.data(), text.size()).get(doc) != simdjson::SUCCESS) {
    error = "not JSON";
    return std::nullopt;
  }
  simdjson::dom::array list;
  if (doc.get(list) != simdjson::SUCCESS && doc["actions"].get(list) != simdjson::SUCCESS) {
    error = "neither a JSON array of actions nor an object with an 'actions' array";
    return std::nullopt;
  }
  std::vector<std::string> out;
  for (element a : list) out.push_back(simdjson::minify(a));
  return out;
}

std::string trajectory_line(const CallRecord& call) {
  JsonWriter w;
  w.begin_object();
  w.field("decision", call.decision);
  w.field("attempt", call.attempt);
  w.field("reply", std::string_view(call.reply));
  w.key("action");
  if (call.action.empty()) {
    w.null();
  } else {
    w.raw(call.action);
  }
  w.field("outcome", std::string_view(call.outcome));
  w.key("promptTokens");
  if (call.prompt_tokens < 0) {
    w.null();
  } else {
    w.value(call.prompt_tokens);
  }
  w.key("completionTokens");
  if (call.completion_tokens < 0) {
    w.null();
  } else {
    w.value(call.completion_tokens);
  }
  w.field("latencyMs", call.latency_ms);
  w.end_object();
  return w.take();
}

std::string run_result_json(const LlmRunResult& r) {
  JsonWriter w;
  w.begin_object();
  w.field("seed", r.seed);
  w.key("score");
  if (r.end_reason == "error") {
    w.null();
  } else {
    w.value(r.score);
  }
  w.field("length", r.length);
  w.field("endReason", std::string_view(r.end_reason));
  w.field("actionsDigest", std::string_view(r.actions_digest));
  if (!r.error.empty()) w.field("error", std::string_view(r.error));
  w.field("calls", r.calls);
  w.field("promptTokens", r.prompt_tokens);
  w.field("completionTokens", r.completion_tokens);
  w.field("invalid", r.invalid);
  w.field("refused", r.refused);
  w.field("forfeit", r.end_reason == "forfeit");
  w.field("seconds", r.millis / 1000);
  w.field("millis", r.millis);
  char cost[32];
  std::snprintf(cost, sizeof cost, "%.6f", r.cost_usd);
  w.key("costUsd");
  w.raw(cost);
  w.end_object();
  return w.take();
}

std::string results_json(const std::vector<LlmRunResult>& results) {
  JsonWriter w;
  w.begin_array();
  for (const LlmRunResult& r : results) w.raw(run_result_json(r));
  w.end_array();
  return w.take() + "\n";
}

std::optional<LlmRunResult> read_run_result(std::string_view text) {
  simdjson::dom::parser parser;
  element doc;
  if (parser.parse(text.data(), text.size()).get(doc) != simdjson::SUCCESS) return std::nullopt;
  LlmRunResult r;
  int64_t seed = 0;
  std::string_view s;
  if (doc["seed"].get(seed) != simdjson::SUCCESS || seed < 0 || seed > 4294967295LL ||
      doc["endReason"].get(s) != simdjson::SUCCESS) {
    return std::nullopt;
  }
  r.seed = static_cast<uint32_t>(seed);
  r.end_reason = std::string(s);
  if (doc["score"].get(r.score) != simdjson::SUCCESS) r.score = 0;
  read_string(doc, "actionsDigest", r.actions_digest);
  read_string(doc, "error", r.error);
  auto count = [&](std::string_view key, int64_t& out) {
    if (doc[key].get(out) != simdjson::SUCCESS) out = 0;
  };
  count("length", r.length);
  count("calls", r.calls);
  count("promptTokens", r.prompt_tokens);
  count("completionTokens", r.completion_tokens);
  count("invalid", r.invalid);
  count("refused", r.refused);
  count("millis", r.millis);
  if (doc["costUsd"].get(r.cost_usd) != simdjson::SUCCESS) r.cost_usd = 0;
  return r;
}

}  // namespace gb::harness::llm
