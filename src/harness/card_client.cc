#include "harness/card_client.h"

#include <simdjson.h>

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "core/json_reader.h"
#include "core/json_writer.h"

namespace gb::harness {
namespace {

using simdjson::dom::element;

// Writes `x` as a JSON number with 6 decimals.
void write_number(JsonWriter& w, std::string_view key, double x) {
  char text[64];
  std::snprintf(text, sizeof text, "%.6f", x);
  w.key(key);
  w.raw(text);
}

// Reads `v` as a number (integer or not) into `out`.
bool read_number(element v, double& out) {
  return v.get_double().get(out) == simdjson::SUCCESS;
}

// Reads the optional number `key` of `obj`: absent or null is nullopt. False when it is present
// and not a number.
bool read_optional_number(simdjson::dom::object obj, std::string_view key,
                          std::optional<double>& out) {
  out.reset();
  element v;
  if (obj[key].get(v) != simdjson::SUCCESS || v.is_null()) return true;
  double x = 0;
  if (!read_number(v, x)) return false;
  out = x;
  return true;
}

// Reads the optional interval `key` of `obj` ([lo, hi]): absent or null is nullopt. False when
// it is present and not two numbers.
bool read_optional_interval(simdjson::dom::object obj, std::string_view key,
                            std::optional<scorecards::Interval>& out) {
  out.reset();
  element v;
  if (obj[key].get(v) != simdjson::SUCCESS || v.is_null()) return true;
  simdjson::dom::array pair;
  if (v.get_array().get(pair) != simdjson::SUCCESS || pair.size() != 2) return false;
  scorecards::Interval ci;
  if (!read_number(pair.at(0).value_unsafe(), ci.lo) ||
      !read_number(pair.at(1).value_unsafe(), ci.hi)) {
    return false;
  }
  out = ci;
  return true;
}

// Reads one slot ({index, slug, seed, maxActions, runId?}); false when a field is missing or out
// of range.
bool read_slot(element v, CardSlot& slot) {
  int64_t index = 0, seed = 0, max_actions = 0;
  std::string_view slug;
  if (v["index"].get(index) != simdjson::SUCCESS || v["slug"].get(slug) != simdjson::SUCCESS ||
      v["seed"].get(seed) != simdjson::SUCCESS ||
      v["maxActions"].get(max_actions) != simdjson::SUCCESS) {
    return false;
  }
  if (index < 0 || index > (1 << 20) || seed < 0 || seed > 4294967295LL || max_actions < 0) {
    return false;
  }
  element run_id;
  slot.filled = v["runId"].get(run_id) == simdjson::SUCCESS && run_id.is_int64();
  slot.index = static_cast<int>(index);
  slot.slug = std::string(slug);
  slot.seed = static_cast<uint32_t>(seed);
  slot.max_actions = max_actions;
  return true;
}

// Reads one game of a final card into `g` (its slug already set); false when a field is
// missing or malformed.
bool read_game(element v, scorecards::GameStats& g, std::string& error) {
  simdjson::dom::object obj;
  double mean = 0;
  if (v.get_object().get(obj) != simdjson::SUCCESS) {
    error = "games." + g.slug + ": not an object";
    return false;
  }
  element mean_value;
  if (obj["n"].get(g.n) != simdjson::SUCCESS || obj["mean"].get(mean_value) != simdjson::SUCCESS ||
      !read_number(mean_value, mean)) {
    error = "games." + g.slug + ": no integer n and number mean";
    return false;
  }
  g.mean = mean;
  if (!read_optional_interval(obj, "ci95", g.ci95) ||
      !read_optional_number(obj, "normalised", g.normalised) ||
      !read_optional_number(obj, "humanNormalised", g.human_normalised)) {
    error = "games." + g.slug + ": a malformed ci95, normalised or humanNormalised";
    return false;
  }
  return true;
}

// The path of card `id` under /api/scorecards, the id percent-encoded outside [A-Za-z0-9-._~].
std::string card_path(std::string_view id) {
  std::string out = "/api/scorecards/";
  for (unsigned char c : id) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      out += static_cast<char>(c);
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", c);
      out += hex;
    }
  }
  return out;
}

}  // namespace

std::string open_card_body(std::string_view suite, std::string_view name, std::string_view token,
                           const CardAgent& agent) {
  JsonWriter w;
  w.begin_object();
  w.field("suite", suite);
  w.field("name", name);
  if (!token.empty()) w.field("token", token);
  w.key("agent");
  w.begin_object();
  w.field("label", std::string_view(agent.label));
  if (!agent.model.empty()) w.field("model", std::string_view(agent.model));
  if (!agent.harness.empty()) w.field("harness", std::string_view(agent.harness));
  w.end_object();
  w.end_object();
  return w.take();
}

bool parse_opened_card(std::string_view text, OpenedCard& out, std::string& error) {
  out = {};
  simdjson::dom::parser parser;
  element doc;
  if (parser.parse(text.data(), text.size()).get(doc) != simdjson::SUCCESS) {
    error = "the answer is not JSON";
    return false;
  }
  element id;
  if (doc["id"].get(id) != simdjson::SUCCESS || !(id.is_string() || id.is_int64())) {
    error = "the answer has no id";
    return false;
  }
  out.id_json = simdjson::minify(id);
  out.id = id.is_string() ? std::string(id.get_string().value_unsafe()) : out.id_json;
  std::string_view suite, name, deadline, token;
  if (doc["suite"].get(suite) != simdjson::SUCCESS || doc["name"].get(name) != simdjson::SUCCESS) {
    error = "the answer has no suite or name";
    return false;
  }
  out.suite = std::string(suite);
  out.name = std::string(name);
  std::string_view status, label;
  if (doc["status"].get(status) == simdjson::SUCCESS) out.status = std::string(status);
  if (doc["agent"]["label"].get(label) == simdjson::SUCCESS) out.agent_label = std::string(label);
  if (doc["deadline"].get(deadline) == simdjson::SUCCESS) out.deadline = std::string(deadline);
  if (doc["token"].get(token) == simdjson::SUCCESS) out.token = std::string(token);
  simdjson::dom::array slots;
  if (doc["slots"].get(slots) != simdjson::SUCCESS || slots.size() == 0) {
    error = "the answer has no slots";
    return false;
  }
  for (element v : slots) {
    CardSlot slot;
    if (!read_slot(v, slot) || slot.index != static_cast<int>(out.slots.size())) {
      error = "slots[" + std::to_string(out.slots.size()) +
              "]: not {index, slug, seed, maxActions} numbered in order";
      return false;
    }
    out.slots.push_back(std::move(slot));
  }
  return true;
}

std::string close_card_body(std::string_view token, const std::optional<CardUsage>& usage) {
  JsonWriter w;
  w.begin_object();
  w.field("token", token);
  if (usage) {
    w.key("usage");
    w.begin_object();
    w.field("promptTokens", usage->prompt_tokens);
    w.field("completionTokens", usage->completion_tokens);
    write_number(w, "costUsd", usage->cost_usd);
    write_number(w, "seconds", usage->seconds);
    w.end_object();
  }
  w.end_object();
  return w.take();
}

bool parse_final_card(std::string_view text, const std::vector<std::string>& order, FinalCard& out,
                      std::string& error) {
  out = {};
  simdjson::dom::parser parser;
  element doc;
  if (parser.parse(text.data(), text.size()).get(doc) != simdjson::SUCCESS) {
    error = "the answer is not JSON";
    return false;
  }
  std::string_view status;
  if (doc["status"].get(status) == simdjson::SUCCESS) out.status = std::string(status);
  simdjson::dom::object games, overall;
  if (doc["games"].get(games) != simdjson::SUCCESS ||
      doc["overall"].get(overall) != simdjson::SUCCESS) {
    error = "the answer has no objects games and overall";
    return false;
  }
  std::vector<std::string> slugs = order;
  for (auto [slug, v] : games) {
    if (std::find(slugs.begin(), slugs.end(), slug) == slugs.end()) slugs.emplace_back(slug);
  }
  for (const std::string& slug : slugs) {
    element v;
    if (games[slug].get(v) != simdjson::SUCCESS) {
      error = "games: no " + slug;
      return false;
    }
    scorecards::GameStats g;
    g.slug = slug;
    if (!read_game(v, g, error)) return false;
    out.stats.games.push_back(std::move(g));
  }
  if (!read_optional_number(overall, "normalised", out.stats.overall.normalised) ||
      !read_optional_interval(overall, "ci95", out.stats.overall.ci95)) {
    error = "overall: a malformed normalised or ci95";
    return false;
  }
  return true;
}

std::string answer_error(std::string_view body) {
  simdjson::dom::parser parser;
  element doc;
  std::string_view error;
  if (parser.parse(body.data(), body.size()).get(doc) != simdjson::SUCCESS ||
      doc["error"].get(error) != simdjson::SUCCESS) {
    return std::string(body.substr(0, 300));
  }
  std::string out(error);
  simdjson::dom::array issues;
  if (doc["issues"].get(issues) == simdjson::SUCCESS) {
    const char* separator = ": ";
    for (element issue : issues) {
      std::string_view line;
      if (issue.get(line) != simdjson::SUCCESS) continue;
      out += separator;
      out += line;
      separator = "; ";
    }
  }
  return out;
}

std::vector<std::string> card_games(const std::vector<CardSlot>& slots) {
  std::vector<std::string> out;
  for (const CardSlot& s : slots) {
    if (std::find(out.begin(), out.end(), s.slug) == out.end()) out.push_back(s.slug);
  }
  return out;
}

HttpAnswer open_card(const BaseUrl& server, std::string_view body) {
  return http_send(server, "POST", "/api/scorecards", body);
}

HttpAnswer close_card(const BaseUrl& server, std::string_view id, std::string_view body) {
  return http_send(server, "POST", card_path(id) + "/close", body);
}

HttpAnswer fetch_card(const BaseUrl& server, std::string_view id) {
  return http_send(server, "GET", card_path(id));
}

std::string card_page_url(std::string_view server_url, std::string_view id) {
  while (server_url.ends_with('/')) server_url.remove_suffix(1);
  return std::string(server_url) + card_path(id).substr(4);
}

}  // namespace gb::harness
