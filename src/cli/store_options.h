// The --db and --data-dir options that `serve`, `runs` and `mcp` share, and opening the store
// they name with a message a person can act on.
#pragma once

#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <string_view>

#include "store/store.h"

namespace gb::cli {

struct StoreOptions {
  std::string db;                 // "" (SQLite in data_dir), sqlite:PATH or postgresql://...
  std::string data_dir = "data";  // relative to the working directory
};

// Adds --db and --data-dir to `command`.
void add_store_options(CLI::App& command, StoreOptions& options);

// Opens the store; on failure prints "gameboard <command>: ..." to stderr and returns null.
std::unique_ptr<store::Store> open_store_or_explain(const StoreOptions& options,
                                                    std::string_view command);

// Says where the store is, for a start-up line: "data/gameboard.sqlite3" or "PostgreSQL".
std::string describe_store(const StoreOptions& options);

}  // namespace gb::cli
