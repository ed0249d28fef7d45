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

SqliteReaders::SqliteReaders(const std::string& path, size_t count, sqlite3* shared,
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
  }
  free_ = own_;
}

SqliteReaders::~SqliteReaders() {
  for (sqlite3* reader : own_) sqlite3_close(reader);
}

SqliteReaders::Lease SqliteReaders::lease() {
  if (own_.empty()) return Lease(this, shared_, std::unique_lock(shared_mutex_));
  std::unique_lock lock(mutex_);
  freed_.wait(lock, [&] { return !free_.empty(); });
  sqlite3* db = free_.back();
  free_.pop_back();
  return Lease(this, db, {});
}

void SqliteReaders::give_back(sqlite3* db) {
  {
    std::lock_guard lock(mutex_);
    free_.push_back(db);
  }
  freed_.notify_one();
}

SqliteReaders::Lease::Lease(SqliteReaders* owner, sqlite3* db,
                            std::unique_lock<std::mutex> shared_lock)
    : owner_(owner), db_(db), shared_lock_(std::move(shared_lock)) {}

SqliteReaders::Lease::Lease(Lease&& other) noexcept
    : owner_(std::exchange(other.owner_, nullptr)),
      db_(other.db_),
      shared_lock_(std::move(other.shared_lock_)) {}

SqliteReaders::Lease::~Lease() {
  if (owner_ != nullptr && !shared_lock_.owns_lock()) owner_->give_back(db_);
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
