// What every gameboard subcommand is made of: a CLI11 subcommand whose options fill one options
// struct and whose callback turns the command's exit code into CLI11's, and the agent flags that
// `eval` and `card` share.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

namespace gb::cli {

// Ends the chosen subcommand with exit code `code` (CLI11's RuntimeError) when it is not 0;
// returns normally for 0.
void exit_unless_ok(int code);

// Adds subcommand `name` with help text `help` to `parent`, with a fresh Options for its flags to
// fill; when the subcommand is chosen, it runs run(options) and exits with that code (see
// exit_unless_ok). Returns the subcommand and its options.
template <class Options>
std::pair<CLI::App*, std::shared_ptr<Options>> add_command(CLI::App& parent,
                                                           const std::string& name,
                                                           const std::string& help,
                                                           int (*run)(const Options&)) {
  auto options = std::make_shared<Options>();
  CLI::App* command = parent.add_subcommand(name, help);
  command->callback([options, run] { exit_unless_ok(run(*options)); });
  return {command, options};
}

// Adds option `name` (help text `help`) that fills `value` and must lie in lo..hi; its default
// shows in --help. Returns the option, for more settings.
template <class T, class Bound>
CLI::Option* add_bounded_option(CLI::App& command, const std::string& name, T& value,
                                const std::string& help, Bound lo, Bound hi) {
  return command.add_option(name, value, help)->check(CLI::Range(lo, hi))->capture_default_str();
}

// Adds --jobs/-j (worker threads, 1..256) to `command`.
void add_jobs_option(CLI::App& command, unsigned& jobs);

// Adds --agent-seed (the agents' own seed) to `command`.
void add_agent_seed_option(CLI::App& command, uint64_t& agent_seed);

// Adds --budget (the planner's budget, 0..2^30) with help text `help` to `command`.
void add_budget_option(CLI::App& command, int64_t& budget, const std::string& help);

}  // namespace gb::cli
