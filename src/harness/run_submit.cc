#include "harness/run_submit.h"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <thread>

#include "agents/common/run.h"
#include "core/json_reader.h"
#include "core/json_writer.h"

namespace gb::harness {

std::string submission_body(std::string_view slug, uint32_t seed, std::string_view actions_json,
                            std::optional<int64_t> score, const SubmitOptions& options,
                            const SlotRef* slot) {
  JsonWriter w;
  w.begin_object();
  w.field("slug", slug);
  w.field("seed", int64_t{seed});
  w.key("actions");
  w.raw(actions_json);
  if (score) w.field("score", *score);
  w.field("name", options.name);
  w.field("kind", options.kind);
  if (!options.agent.empty()) w.field("agent", options.agent);
  if (!options.token.empty()) w.field("token", options.token);
  if (slot) {
    w.key("scorecard");
    w.raw(slot->card_json);
    w.field("slot", slot->index);
  }
  w.end_object();
  return w.take();
}

std::optional<std::string> submission_from_replay(std::string_view replay_text,
                                                  const SubmitOptions& options,
                                                  std::string& error) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.parse(replay_text.data(), replay_text.size()).get(doc) != simdjson::SUCCESS) {
    error = "the replay file is not JSON";
    return std::nullopt;
  }
  std::string_view slug;
  int64_t seed = 0;
  simdjson::dom::array actions;
  if (doc["slug"].get(slug) != simdjson::SUCCESS) {
    error = "the replay has no string 'slug'";
    return std::nullopt;
  }
  if (doc["seed"].get(seed) != simdjson::SUCCESS || seed < 0 || seed > 4294967295LL) {
    error = "the replay has no 'seed' in 0..4294967295";
    return std::nullopt;
  }
  if (doc["actions"].get(actions) != simdjson::SUCCESS) {
    error = "the replay has no array 'actions'";
    return std::nullopt;
  }
  std::optional<int64_t> score;
  int64_t recorded = 0;
  if (doc["score"].get(recorded) == simdjson::SUCCESS) score = recorded;
  return submission_body(slug, static_cast<uint32_t>(seed), simdjson::minify(actions), score,
                         options);
}

HttpAnswer submit_run(const SubmitOptions& options, std::string_view body) {
  int lost = 0;   // connections lost so far
  int waits = 0;  // 429/503 answers waited out so far
  for (;;) {
    HttpAnswer answer;
    try {
      answer = http_send(options.server, "POST", "/api/runs", body);
    } catch (const agents::RunError&) {
      if (lost >= options.network_retries) throw;
      std::this_thread::sleep_for(std::chrono::seconds(1 << std::min(lost++, 4)));
      continue;
    }
    bool wait = answer.status == 429 || answer.status == 503;
    if (!wait || waits++ >= options.max_retries) return answer;
    int seconds = 1;
    std::from_chars(answer.retry_after.data(),
                    answer.retry_after.data() + answer.retry_after.size(), seconds);
    std::this_thread::sleep_for(std::chrono::seconds(std::clamp(seconds, 1, 30)));
  }
}

std::string token_of(std::string_view answer_body) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  std::string_view token;
  if (parser.parse(answer_body.data(), answer_body.size()).get(doc) != simdjson::SUCCESS ||
      doc["token"].get(token) != simdjson::SUCCESS) {
    return "";
  }
  return std::string(token);
}

std::string without_token(std::string_view answer_body) {
  simdjson::dom::parser parser;
  simdjson::dom::object fields;
  if (parser.parse(answer_body.data(), answer_body.size()).get(fields) != simdjson::SUCCESS) {
    return std::string(answer_body);
  }
  JsonWriter w;
  w.begin_object();
  for (auto [key, value] : fields) {
    if (key == "token") continue;
    w.key(key);
    w.raw(to_compact_json(value));
  }
  w.end_object();
  return w.take();
}

}  // namespace gb::harness
