// `gameboard prompt --game G --seed N [--actions FILE]`: prints the exact messages (protocol
// llm-v1) the LLM harness sends for the next decision of that game, after the actions in FILE
// (a JSON array of actions, or a replay file).
#include <iostream>
#include <memory>
#include <string>

#include "cli/command_setup.h"
#include "cli/commands.h"
#include "harness/llm/game_session.h"
#include "harness/llm/prompt.h"
#include "harness/result_files.h"
#include "registry/registry.h"

namespace gb::cli {
namespace {

struct PromptOptions {
  std::string game;
  uint32_t seed = 1;
  std::string actions;
};

// The command's description in --help.
constexpr const char* kHelp =
    "Print the exact messages (protocol llm-v1) that `eval --agent llm` sends a model for the "
    "next decision of a game: the system message, then the user message.";

// Prints `message` as this command's error and returns exit code 2 (bad input).
int prompt_error(const std::string& message) {
  std::cerr << "gameboard prompt: " << message << "\n";
  return 2;
}

// Replays the actions of `o` and prints the next decision's messages; returns the exit code.
int run_prompt_command(const PromptOptions& o) {
  const GameService* game = find_game(o.game);
  if (!game) return prompt_error("unknown game '" + o.game + "'");
  std::vector<std::string> actions;
  std::string error;
  if (!o.actions.empty()) {
    std::string text;
    if (!harness::read_text_file(o.actions, text, error)) return prompt_error(error);
    auto list = harness::llm::read_action_list(text, error);
    if (!list) return prompt_error(o.actions + ": " + error);
    actions = std::move(*list);
  }
  harness::llm::GameSession session(*game, o.seed);
  harness::llm::DecisionPrompt prompt;
  for (size_t i = 0; i < actions.size(); ++i) {
    int64_t before = session.view().score;
    if (session.apply(actions[i], error) != harness::llm::Applied::kOk) {
      return prompt_error("action " + std::to_string(i + 1) + " " + actions[i] + ": " + error);
    }
    harness::llm::remember(
        prompt.last, {static_cast<int64_t>(i + 1), actions[i], before, session.view().score, 1});
  }
  prompt.view = &session.view();
  prompt.decision = static_cast<int64_t>(actions.size()) + 1;
  std::cout << "--- system ---\n"
            << harness::llm::system_message(game->info()) << "--- user ---\n"
            << harness::llm::user_message(prompt);
  if (session.view().over) std::cout << "--- the run is over: no decision follows ---\n";
  return 0;
}

}  // namespace

void register_prompt_command(CLI::App& app) {
  auto [prompt, o] = add_command(app, "prompt", kHelp, run_prompt_command);
  prompt->add_option("--game", o->game, "Game slug: " + slug_list())->required();
  prompt->add_option("--seed", o->seed, "Game seed")->capture_default_str();
  prompt->add_option("--actions", o->actions,
                     "Actions played first: a JSON array of actions or a replay file");
}

}  // namespace gb::cli
