// `gameboard runs hide ID` / `gameboard runs unhide ID`: moderation. A hidden run leaves every
// board and GET /api/runs/{id} but stays stored; unhide brings it back. `runs export` (the open
// data) lives in runs_export.cc.
#include <iostream>
#include <memory>

#include "cli/command_setup.h"
#include "cli/commands.h"
#include "cli/runs_export.h"
#include "cli/store_options.h"

namespace gb::cli {
namespace {

struct RunsOptions {
  StoreOptions store;
  int64_t id = 0;
};

// Hides (or shows) the run; returns the exit code.
int set_hidden(const RunsOptions& options, bool hidden) {
  std::unique_ptr<store::Store> store = open_store_or_explain(options.store, "runs");
  if (!store) return 1;
  try {
    if (!store->set_hidden(options.id, hidden)) {
      std::cerr << "gameboard runs: no run " << options.id << "\n";
      return 1;
    }
  } catch (const std::exception& e) {
    std::cerr << "gameboard runs: " << e.what() << "\n";
    return 1;
  }
  std::cout << "run " << options.id << (hidden ? " hidden" : " visible again") << "\n";
  return 0;
}

void add_moderation(CLI::App& runs, std::shared_ptr<RunsOptions> options, const char* name,
                    const char* help, bool hidden) {
  CLI::App* command = runs.add_subcommand(name, help);
  command->add_option("ID", options->id, "The run's id (as in /api/runs/{id})")
      ->required()
      ->check(CLI::PositiveNumber);
  add_store_options(*command, options->store);
  command->callback([options, hidden] { exit_unless_ok(set_hidden(*options, hidden)); });
}

}  // namespace

void register_runs_command(CLI::App& app) {
  CLI::App* runs = app.add_subcommand(
      "runs", "Moderate and export stored runs (same --db / --data-dir as `serve`).");
  runs->require_subcommand(1);
  auto options = std::make_shared<RunsOptions>();
  add_moderation(*runs, options, "hide",
                 "Hide a run from every board and from GET /api/runs/{id}; it stays stored", true);
  add_moderation(*runs, options, "unhide", "Show a hidden run again", false);
  add_runs_export(*runs);
}

}  // namespace gb::cli
