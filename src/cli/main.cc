// gameboard: the command-line entry point. Subcommands register themselves (commands.h).
#include <CLI/CLI.hpp>

#include "cli/commands.h"

int main(int argc, char** argv) {
  CLI::App app{
      "gameboard: a self-hostable service of deterministic puzzle games.\n"
      "Agents play over a stateless JSON HTTP API: GET /api/games/{slug}/init?seed=N starts a\n"
      "game, POST /api/games/{slug}/action with {state, action} steps it. Same seed and actions,\n"
      "same states and score.",
      "gameboard"};
  app.require_subcommand(1);
  app.footer("Run `gameboard <subcommand> --help` for the options of one subcommand.");
  gb::cli::register_serve_command(app);
  gb::cli::register_eval_command(app);
  gb::cli::register_card_command(app);
  gb::cli::register_replay_command(app);
  gb::cli::register_play_command(app);
  gb::cli::register_submit_command(app);
  gb::cli::register_runs_command(app);
  gb::cli::register_mcp_command(app);
  gb::cli::register_prompt_command(app);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
