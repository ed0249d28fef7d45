#include "harness/replay.h"

#include <simdjson.h>

#include "core/hash.h"
#include "core/json_writer.h"
#include "registry/registry.h"

namespace gb::harness {
namespace {

// Reads `answer` (an init or action answer) into `state_json`; returns "" or what went wrong.
std::string read_answer(simdjson::dom::parser& parser, std::string_view answer,
                        std::string& state_json, int64_t& score, bool& over) {
  simdjson::dom::element doc;
  if (parser.parse(answer.data(), answer.size()).get(doc) != simdjson::SUCCESS)
    return "the engine's answer is not JSON";
  std::string_view error;
  if (doc["error"].get(error) == simdjson::SUCCESS) {
    std::string issues;
    simdjson::dom::array list;
    if (doc["issues"].get(list) == simdjson::SUCCESS) {
      for (auto issue : list) {
        std::string_view text;
        if (issue.get(text) == simdjson::SUCCESS) issues += "; " + std::string(text);
      }
    }
    return std::string(error) + issues;
  }
  bool ok = false;
  if (doc["ok"].get(ok) != simdjson::SUCCESS) return "the engine's answer has no ok field";
  if (!ok) {
    std::string_view reason;
    if (doc["reason"].get(reason) != simdjson::SUCCESS) reason = "(no reason)";
    return "refused: " + std::string(reason);
  }
  simdjson::dom::element state;
  if (doc["state"].get(state) != simdjson::SUCCESS ||
      doc["score"].get(score) != simdjson::SUCCESS ||
      doc["gameOver"].get(over) != simdjson::SUCCESS) {
    return "the engine's answer lacks state, score or gameOver";
  }
  state_json = simdjson::minify(state);
  return "";
}

}  // namespace

std::string replay_json(std::string_view slug, const agents::RunResult& run) {
  JsonWriter w;
  w.begin_object();
  w.field("slug", slug);
  w.field("seed", run.seed);
  w.key("actions");
  w.raw(run.actions_json);
  w.field("score", run.score);
  w.end_object();
  return w.take() + "\n";
}

ReplayReport replay_text(std::string_view text) {
  ReplayReport report;
  auto fail = [&](std::string why) {
    report.ok = false;
    report.error = std::move(why);
    return report;
  };
  simdjson::dom::parser file_parser;
  simdjson::dom::element doc;
  if (file_parser.parse(text.data(), text.size()).get(doc) != simdjson::SUCCESS) {
    return fail("the replay file is not JSON");
  }
  std::string_view slug;
  int64_t seed = 0;
  simdjson::dom::array actions;
  if (doc["slug"].get(slug) != simdjson::SUCCESS) return fail("the replay has no string 'slug'");
  if (doc["seed"].get(seed) != simdjson::SUCCESS || seed < 0 || seed > 4294967295LL) {
    return fail("the replay has no 'seed' in 0..4294967295");
  }
  if (doc["actions"].get(actions) != simdjson::SUCCESS) {
    return fail("the replay has no array 'actions'");
  }
  report.slug = std::string(slug);
  report.seed = static_cast<uint32_t>(seed);
  const GameService* game = find_game(slug);
  if (!game) return fail("unknown game '" + report.slug + "'");

  simdjson::dom::parser answer_parser;
  simdjson::dom::parser state_parser;
  JsonWriter out;
  game->write_init(report.seed, out);
  std::string state_json;
  std::string problem =
      read_answer(answer_parser, out.str(), state_json, report.score, report.game_over);
  if (!problem.empty()) return fail("init: " + problem);
  for (auto action : actions) {
    simdjson::dom::element state;
    if (state_parser.parse(state_json).get(state) != simdjson::SUCCESS) {
      return fail("internal: the engine's state did not parse");
    }
    out.clear();
    game->write_action(state, action, out);
    problem = read_answer(answer_parser, out.str(), state_json, report.score, report.game_over);
    if (!problem.empty()) {
      return fail("action " + std::to_string(report.actions + 1) + " " + simdjson::minify(action) +
                  ": " + problem);
    }
    ++report.actions;
  }
  report.state_hash = agents::hex64(fnv1a64(state_json));
  int64_t recorded = 0;
  auto recorded_field = doc["score"];
  if (recorded_field.error() == simdjson::SUCCESS) {
    if (recorded_field.get(recorded) != simdjson::SUCCESS) {
      return fail("the replay's 'score' is not an integer");
    }
    if (recorded != report.score) {
      return fail("score mismatch: the replay records " + std::to_string(recorded) +
                  " but the actions score " + std::to_string(report.score));
    }
  }
  report.ok = true;
  return report;
}

}  // namespace gb::harness
