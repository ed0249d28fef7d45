#include "store/sqlite_readers.h"

#include <utility>

#include "store/store.h"

namespace gb::store {
namespace {

// Whether `path` names a database that other connections can open: not one in memory.
bool shareable(const std::string& path) {
  return !path.empty() && path != ":memory:" && !path.starts_with("file:");
}

}  // namespace

SqliteReaders::SqliteReaders(const std::string& path, size_t count, StatementCache& shared,
                             std::mutex& shared_mutex)
    : shared_(shared), shared_mutex_(shared_mutex) {
  if (!shareable(path)) return;
  for (size_t i = 0; i < count; ++i) {
    sqlite3* reader = nullptr;
    if (sqlite3_open_v2(path.c_str(), &reader, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX,
                        nullptr) != SQLITE_OK) {
      std::string why = reader ? sqlite3_errmsg(reader) : "out of memory";
      sqlite3_close(reader);
      for (sqlite3* opened : own_) sqlite3_close(opened);
      throw StoreError("sqlite: cannot open a reader of " + path + ": " + why);
    }
    sqlite3_busy_timeout(reader, 10'000);
    own_.push_back(reader);
    caches_.push_back(std::make_unique<StatementCache>(reader));
    free_.push_back(caches_.back().get());
  }
}

SqliteReaders::~SqliteReaders() {
  caches_.clear();
  for (sqlite3* reader : own_) sqlite3_close(reader);
}

SqliteReaders::Lease SqliteReaders::lease() {
  if (own_.empty()) return Lease(this, &shared_, std::unique_lock(shared_mutex_));
  std::unique_lock lock(mutex_);
  freed_.wait(lock, [&] { return !free_.empty(); });
  StatementCache* statements = free_.back();
  free_.pop_back();
  return Lease(this, statements, {});
}

void SqliteReaders::give_back(StatementCache* statements) {
  {
    std::lock_guard lock(mutex_);
    free_.push_back(statements);
  }
  freed_.notify_one();
}

SqliteReaders::Lease::Lease(SqliteReaders* owner, StatementCache* statements,
                            std::unique_lock<std::mutex> shared_lock)
    : owner_(owner), statements_(statements), shared_lock_(std::move(shared_lock)) {}

SqliteReaders::Lease::Lease(Lease&& other) noexcept
    : owner_(std::exchange(other.owner_, nullptr)),
      statements_(other.statements_),
      shared_lock_(std::move(other.shared_lock_)) {}

SqliteReaders::Lease::~Lease() {
  if (owner_ != nullptr && !shared_lock_.owns_lock()) owner_->give_back(statements_);
}

SqliteReadSnapshot::SqliteReadSnapshot(sqlite3* db) : db_(db) {
  if (sqlite3_exec(db_, "BEGIN", nullptr, nullptr, nullptr) != SQLITE_OK) {
    throw StoreError(std::string("sqlite: begin a read: ") + sqlite3_errmsg(db_));
  }
}

SqliteReadSnapshot::~SqliteReadSnapshot() {
  sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr);
}

}  // namespace gb::store
