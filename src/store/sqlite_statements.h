// Prepared statements of the SQLite store, kept per connection and reused: preparing a
// statement (parsing and planning its SQL) cost a quarter of a submission's time when each use
// prepared its own (perf, docs/performance.md).
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace gb::store {

// The statements prepared on one connection, by their SQL. Used by one thread at a time, as its
// connection is (under the writer's lock, or by a reader's lease).
class StatementCache {
 public:
  explicit StatementCache(sqlite3* db) : db_(db) {}
  // Finalizes every statement: destroy the cache before closing its connection.
  ~StatementCache();
  StatementCache(const StatementCache&) = delete;
  StatementCache& operator=(const StatementCache&) = delete;

  sqlite3* db() const { return db_; }

  // One statement of the cache, and whether a Statement is using it.
  struct Entry {
    sqlite3_stmt* stmt = nullptr;
    bool in_use = false;
  };

  // The entry of `sql`, prepared at its first use and now marked in use; nullptr when it is
  // already in use (a statement run while another's rows are read), and the caller prepares one
  // of its own. Throws StoreError when `sql` does not prepare.
  Entry* take(std::string_view sql);
  // Resets the statement of `entry` (from take) and makes it available again.
  static void give_back(Entry& entry);

 private:
  sqlite3* db_;
  std::map<std::string, Entry, std::less<>> entries_;
};

// One use of a prepared statement: the cache's when free (reset and handed back on
// destruction), else one prepared for this use and finalized on destruction.
class Statement {
 public:
  Statement(StatementCache& cache, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Binds parameter `i` (1-based).
  void bind(int i, std::string_view text);
  void bind(int i, int64_t value);
  void bind_null(int i);
  // Binds the next parameter (?1 first): the sink store/rows.h's add_* functions fill.
  void add(std::string_view text) { bind(++added_, text); }
  void add(int64_t value) { bind(++added_, value); }
  void null() { bind_null(++added_); }

  // Steps once: true when a row is available, false when done. Throws StoreError on an error.
  bool step();

  int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
  bool is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  std::string text(int col) const;

 private:
  StatementCache::Entry* entry_;  // null when stmt_ is this use's own
  sqlite3_stmt* stmt_ = nullptr;
  int added_ = 0;  // the parameters add() and null() have bound
};

// Prepares `sql` on `db`; throws StoreError when it does not prepare.
sqlite3_stmt* prepare_statement(sqlite3* db, std::string_view sql);

}  // namespace gb::store
