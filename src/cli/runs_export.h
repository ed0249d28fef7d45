// `gameboard runs export`: the open data (SPEC section 16) as JSON Lines.
#pragma once

#include <CLI/CLI.hpp>

namespace gb::cli {

// Adds `export` under the `runs` command.
void add_runs_export(CLI::App& runs);

}  // namespace gb::cli
