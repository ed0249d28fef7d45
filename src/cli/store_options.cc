#include "cli/store_options.h"

#include <iostream>

namespace gb::cli {

void add_store_options(CLI::App& command, StoreOptions& options) {
  command
      .add_option("--db", options.db,
                  "Where runs are stored: empty for SQLite in --data-dir, sqlite:PATH for a "
                  "SQLite file, or a postgresql://user@host:port/db URL")
      ->envname("GAMEBOARD_DB");
  command
      .add_option("--data-dir", options.data_dir,
                  "Folder of the default SQLite file (created on first start)")
      ->envname("GAMEBOARD_DATA_DIR")
      ->capture_default_str();
}

std::unique_ptr<store::Store> open_store_or_explain(const StoreOptions& options,
                                                    std::string_view command) {
  try {
    return store::open_store(options.db, options.data_dir);
  } catch (const std::exception& e) {
    std::cerr << "gameboard " << command << ": cannot open the store: " << e.what() << "\n";
    return nullptr;
  }
}

std::string describe_store(const StoreOptions& options) {
  if (options.db.empty()) return store::default_sqlite_path(options.data_dir);
  if (options.db.starts_with("sqlite:")) return options.db.substr(7);
  return "PostgreSQL";
}

}  // namespace gb::cli
