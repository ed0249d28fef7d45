// `gameboard play G --seed S`: plays a game in the terminal through the registry's JSON path,
// redrawing the screen from observation.text and the counters after every change. Real-time
// games tick on the wall clock (the human driver only; the engines never read a clock).
#include <simdjson.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/command_setup.h"
#include "cli/commands.h"
#include "cli/play_keys.h"
#include "cli/terminal.h"
#include "core/json_writer.h"
#include "registry/registry.h"

namespace gb::cli {
namespace {

struct PlayOptions {
  std::string slug;
  uint32_t seed = 1;
};

// The command's description in --help.
constexpr const char* kHelp =
    "Play a game in this terminal (keys as on the web page; P pauses, q quits). Needs an "
    "interactive terminal.";

// One game in progress: the state JSON the registry returned last, and what the screen shows.
class PlaySession {
 public:
  PlaySession(const GameService& game, std::string slug) : game_(game), slug_(std::move(slug)) {}

  // Starts the run from `seed`.
  void start(uint32_t seed) {
    JsonWriter out;
    game_.write_init(seed, out);
    read_answer(out.str());
  }

  // Sends one action object (JSON text); a refusal keeps the state and shows the reason.
  void send(const std::string& action_json) {
    simdjson::dom::element action;
    simdjson::dom::element state;
    if (action_parser_.parse(action_json).get(action) != simdjson::SUCCESS ||
        state_parser_.parse(state_json_).get(state) != simdjson::SUCCESS) {
      message_ = "internal: unparsable action or state";
      return;
    }
    JsonWriter out;
    game_.write_action(state, action, out);
    read_answer(out.str());
  }

  bool legal(std::string_view type) const {
    for (const auto& t : legal_types_) {
      if (t == type) return true;
    }
    return false;
  }
  const std::vector<std::string>& legal_types() const { return legal_types_; }
  bool over() const { return over_; }

  // The whole screen: the picture, the score and counters, the last message and the keys.
  std::string screen(bool paused) const {
    std::string s = "gameboard play " + slug_ + "\n\n" + text_ + "\n\nscore " +
                    std::to_string(score_) + (over_ ? "   GAME OVER (q quits)" : "") +
                    (paused ? "   PAUSED" : "") + "\n" + counters_ + "\n" + message_ + "\n" +
                    std::string(key_help(slug_)) + "\n";
    return s;
  }

 private:
  // Takes the state, picture, counters, legal types, score and game-over flag from an answer.
  void read_answer(std::string_view answer) {
    simdjson::dom::element doc;
    if (answer_parser_.parse(answer.data(), answer.size()).get(doc) != simdjson::SUCCESS) {
      message_ = "internal: the engine's answer is not JSON";
      return;
    }
    std::string_view error;
    if (doc["error"].get(error) == simdjson::SUCCESS) {
      message_ = "error: " + std::string(error);
      return;
    }
    bool ok = true;
    if (doc["ok"].get(ok) != simdjson::SUCCESS) ok = false;
    std::string_view reason;
    bool has_reason = doc["reason"].get(reason) == simdjson::SUCCESS;
    message_ = ok ? "" : "refused: " + std::string(has_reason ? reason : "(no reason)");
    simdjson::dom::element state;
    if (doc["state"].get(state) == simdjson::SUCCESS) state_json_ = simdjson::minify(state);
    std::string_view text;
    if (doc["observation"]["text"].get(text) == simdjson::SUCCESS) text_ = std::string(text);
    simdjson::dom::object player;
    counters_.clear();
    if (doc["observation"]["player"].get(player) == simdjson::SUCCESS) {
      for (auto field : player) {
        counters_ += std::string(field.key) + " " + simdjson::minify(field.value) + "  ";
      }
    }
    legal_types_.clear();
    simdjson::dom::array legal;
    if (doc["legalActions"].get(legal) == simdjson::SUCCESS) {
      for (auto a : legal) {
        std::string_view type;
        if (a["type"].get(type) == simdjson::SUCCESS) legal_types_.emplace_back(type);
      }
    }
    if (doc["score"].get(score_) != simdjson::SUCCESS) message_ = "internal: no score";
    if (doc["gameOver"].get(over_) != simdjson::SUCCESS) message_ = "internal: no gameOver";
  }

  const GameService& game_;
  std::string slug_;
  simdjson::dom::parser answer_parser_, action_parser_, state_parser_;
  std::string state_json_, text_, counters_, message_;
  std::vector<std::string> legal_types_;
  int64_t score_ = 0;
  bool over_ = false;
};

// Plays until q; returns the exit code.
int run_play(const PlayOptions& o) {
  const GameService* game = find_game(o.slug);
  if (!game) {
    std::string names;
    for (const auto* g : all_games()) names += " " + std::string(g->info().slug);
    std::cerr << "gameboard play: unknown game '" << o.slug << "' (games:" << names << ")\n";
    return 2;
  }
  if (!interactive_terminal()) {
    std::cerr << "gameboard play: this needs an interactive terminal, and stdin or stdout is "
                 "not one. For scripted play use `gameboard serve` and the HTTP API, or "
                 "`gameboard eval`.\n";
    return 2;
  }
  using Clock = std::chrono::steady_clock;
  PlaySession session(*game, o.slug);
  session.start(o.seed);
  const int rate = ticks_per_second(o.slug);
  const auto period =
      rate > 0 ? std::chrono::microseconds(1000000 / rate) : std::chrono::microseconds(0);
  RawTerminal terminal;
  bool paused = false;
  auto next_tick = Clock::now() + period;
  redraw(session.screen(paused));
  for (;;) {
    int timeout_ms = rate > 0 ? 1000 / rate : 1000;
    KeyPress key = terminal.read_key(timeout_ms);
    bool changed = key.key != Key::kNone;
    if (key.key == Key::kChar && key.ch == 'q') break;
    if (key.key == Key::kChar && key.ch == 'p') {
      paused = !paused;
    } else if (key.key != Key::kNone) {
      std::string action = action_for_key(o.slug, key, session.legal_types());
      if (!action.empty()) session.send(action);
    }
    auto now = Clock::now();
    if (rate > 0 && !paused && session.legal("tick") && now >= next_tick) {
      int64_t due = 1 + (now - next_tick) / period;
      session.send("{\"type\":\"tick\",\"count\":" + std::to_string(std::min<int64_t>(due, 600)) +
                   "}");
      next_tick += due * period;
      changed = true;
    } else if (rate > 0 && (paused || !session.legal("tick"))) {
      next_tick = now + period;
    }
    if (changed) redraw(session.screen(paused));
  }
  return 0;
}

}  // namespace

void register_play_command(CLI::App& app) {
  auto [play, o] = add_command(app, "play", kHelp, run_play);
  play->add_option("--seed", o->seed, "Seed of the run")->capture_default_str();
  play->add_option("game", o->slug, "Game slug: " + slug_list())->required();
}

}  // namespace gb::cli
