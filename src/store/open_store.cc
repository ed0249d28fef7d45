#include <filesystem>
#include <system_error>

#include "store/postgres_store.h"
#include "store/sqlite_store.h"
#include "store/store.h"

namespace gb::store {

std::string default_sqlite_path(std::string_view data_dir) {
  return (std::filesystem::path(data_dir) / "gameboard.sqlite3").string();
}

std::unique_ptr<Store> open_store(std::string_view db, std::string_view data_dir) {
  if (db.starts_with("postgresql://") || db.starts_with("postgres://")) {
    return open_postgres_store(std::string(db));
  }
  std::string path;
  if (db.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(data_dir), ec);
    if (ec) {
      throw StoreError("cannot create the data folder " + std::string(data_dir) + ": " +
                       ec.message());
    }
    path = default_sqlite_path(data_dir);
  } else if (db.starts_with("sqlite:")) {
    path = std::string(db.substr(7));
    if (path.empty()) throw StoreError("--db sqlite:PATH needs a path");
  } else {
    throw StoreError("--db must be sqlite:PATH or a postgresql:// URL, not '" + std::string(db) +
                     "'");
  }
  return open_sqlite_store(path);
}

}  // namespace gb::store
