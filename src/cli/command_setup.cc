// The pieces every gameboard subcommand is built from (see command_setup.h).
#include "cli/command_setup.h"

namespace gb::cli {

void exit_unless_ok(int code) {
  if (code != 0) throw CLI::RuntimeError(code);
}

void add_jobs_option(CLI::App& command, unsigned& jobs) {
  add_bounded_option(command, "--jobs,-j", jobs, "Worker threads", 1, 256);
}

void add_agent_seed_option(CLI::App& command, uint64_t& agent_seed) {
  command
      .add_option("--agent-seed", agent_seed,
                  "The agents' own seed; each run's stream is draw(agent-seed, game seed)")
      ->capture_default_str();
}

void add_budget_option(CLI::App& command, int64_t& budget, const std::string& help) {
  add_bounded_option(command, "--budget", budget, help, int64_t{0}, int64_t{1} << 30);
}

}  // namespace gb::cli
