// The SQLite store's read-only connections. WAL lets readers run beside the one writer, each
// seeing what was committed when its read began, so a board or a run read does not wait for a
// submission's fsync on the writing connection.
#pragma once

#include <sqlite3.h>

#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "store/sqlite_statements.h"

namespace gb::store {

class SqliteReaders {
 public:
  // Opens `count` read-only connections to the database file at `path`. A database in memory
  // (":memory:", "" or a "file:" URI) is private to its connection, so there every lease is
  // the connection of `shared`, taken under `shared_mutex`. Throws StoreError when a connection
  // cannot be opened.
  SqliteReaders(const std::string& path, size_t count, StatementCache& shared,
                std::mutex& shared_mutex);
  ~SqliteReaders();
  SqliteReaders(const SqliteReaders&) = delete;
  SqliteReaders& operator=(const SqliteReaders&) = delete;

  // One connection held by one reader until the lease ends.
  class Lease {
   public:
    Lease(Lease&& other) noexcept;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    sqlite3* db() const { return statements_->db(); }
    // The statements prepared on this connection.
    StatementCache& statements() const { return *statements_; }

   private:
    friend class SqliteReaders;
    Lease(SqliteReaders* owner, StatementCache* statements,
          std::unique_lock<std::mutex> shared_lock);
    SqliteReaders* owner_;  // null once moved from
    StatementCache* statements_;
    std::unique_lock<std::mutex> shared_lock_;  // held when db_ is the shared connection
  };

  // A free connection, waiting for one when all are leased.
  Lease lease();

 private:
  void give_back(StatementCache* statements);

  std::vector<sqlite3*> own_;                            // every connection opened here
  std::vector<std::unique_ptr<StatementCache>> caches_;  // their statements, one cache each
  std::vector<StatementCache*> free_;                    // those not leased
  std::mutex mutex_;
  std::condition_variable freed_;
  StatementCache& shared_;
  std::mutex& shared_mutex_;
};

// A read transaction on a leased connection: the statements run inside it see one snapshot (a
// board's count, page and rank agree). Ends on destruction.
class SqliteReadSnapshot {
 public:
  explicit SqliteReadSnapshot(sqlite3* db);
  ~SqliteReadSnapshot();
  SqliteReadSnapshot(const SqliteReadSnapshot&) = delete;
  SqliteReadSnapshot& operator=(const SqliteReadSnapshot&) = delete;

 private:
  sqlite3* db_;
};

}  // namespace gb::store
