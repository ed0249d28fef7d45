// The gameboard subcommands. Each lives in its own <name>_command.cc and registers itself on
// the app here; main.cc only lists them.
#pragma once

#include <CLI/CLI.hpp>

namespace gb::cli {

// `gameboard serve`: runs the HTTP API until SIGINT or SIGTERM.
void register_serve_command(CLI::App& app);

// `gameboard eval`: plays an agent over many seeds and reports the scores.
void register_eval_command(CLI::App& app);

// `gameboard card --suite S --agent A`: plays a scorecard suite and prints its card.
void register_card_command(CLI::App& app);

// `gameboard play G --seed S`: plays a game in the terminal.
void register_play_command(CLI::App& app);

// `gameboard replay FILE`: re-applies a replay file and checks its score.
void register_replay_command(CLI::App& app);

// `gameboard runs hide|unhide ID` and `gameboard runs export`: moderating and exporting runs.
void register_runs_command(CLI::App& app);

// `gameboard submit FILE --server URL --name N`: sends a replay file to a server's boards.
void register_submit_command(CLI::App& app);

// `gameboard mcp`: the MCP server over stdio, for LLM clients.
void register_mcp_command(CLI::App& app);

// `gameboard prompt --game G --seed N`: prints the LLM harness's messages for one decision.
void register_prompt_command(CLI::App& app);

}  // namespace gb::cli
