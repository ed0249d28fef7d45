// The SQLite store's read-only connections. WAL lets readers run beside the one writer, each
// seeing what was committed when its read began, so a board or a run read does not wait for a
// submission's fsync on the writing connection.
#pragma once

#include <sqlite3.h>

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

namespace gb::store {

class SqliteReaders {
 public:
  // Opens `count` read-only connections to the database file at `path`. A database in memory
  // (":memory:", "" or a "file:" URI) is private to its connection, so there every lease is
  // `shared`, taken under `shared_mutex`. Throws StoreError when a connection cannot be opened.
  SqliteReaders(const std::string& path, size_t count, sqlite3* shared, std::mutex& shared_mutex);
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
    sqlite3* db() const { return db_; }

   private:
    friend class SqliteReaders;
    Lease(SqliteReaders* owner, sqlite3* db, std::unique_lock<std::mutex> shared_lock);
    SqliteReaders* owner_;  // null once moved from
    sqlite3* db_;
    std::unique_lock<std::mutex> shared_lock_;  // held when db_ is the shared connection
  };

  // A free connection, waiting for one when all are leased.
  Lease lease();

 private:
  void give_back(sqlite3* db);

  std::vector<sqlite3*> own_;   // every connection opened here
  std::vector<sqlite3*> free_;  // those not leased
  std::mutex mutex_;
  std::condition_variable freed_;
  sqlite3* shared_;
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
