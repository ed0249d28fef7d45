#include "store/sqlite_statements.h"

#include "store/store.h"

namespace gb::store {
namespace {

// Throws StoreError unless a bind returned SQLITE_OK.
void check_bind(int rc) {
  if (rc != SQLITE_OK) throw StoreError("sqlite: bind failed");
}

}  // namespace

sqlite3_stmt* prepare_statement(sqlite3* db, std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) !=
      SQLITE_OK) {
    throw StoreError(std::string("sqlite: prepare: ") + sqlite3_errmsg(db));
  }
  return stmt;
}

StatementCache::~StatementCache() {
  for (auto& [sql, entry] : entries_) sqlite3_finalize(entry.stmt);
}

StatementCache::Entry* StatementCache::take(std::string_view sql) {
  auto found = entries_.find(sql);
  if (found == entries_.end()) {
    sqlite3_stmt* stmt = prepare_statement(db_, sql);
    found = entries_.emplace(std::string(sql), Entry{stmt, false}).first;
  }
  if (found->second.in_use) return nullptr;
  found->second.in_use = true;
  return &found->second;
}

void StatementCache::give_back(Entry& entry) {
  sqlite3_reset(entry.stmt);
  sqlite3_clear_bindings(entry.stmt);
  entry.in_use = false;
}

Statement::Statement(StatementCache& cache, std::string_view sql) : entry_(cache.take(sql)) {
  stmt_ = entry_ != nullptr ? entry_->stmt : prepare_statement(cache.db(), sql);
}

Statement::~Statement() {
  if (entry_ != nullptr) {
    StatementCache::give_back(*entry_);
  } else {
    sqlite3_finalize(stmt_);
  }
}

void Statement::bind(int i, std::string_view text) {
  check_bind(
      sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT));
}

void Statement::bind(int i, int64_t value) {
  check_bind(sqlite3_bind_int64(stmt_, i, value));
}

void Statement::bind_null(int i) {
  check_bind(sqlite3_bind_null(stmt_, i));
}

bool Statement::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  throw StoreError(std::string("sqlite: ") + sqlite3_errmsg(sqlite3_db_handle(stmt_)));
}

std::string Statement::text(int col) const {
  const auto* p = sqlite3_column_text(stmt_, col);
  return p ? std::string(reinterpret_cast<const char*>(p),
                         static_cast<size_t>(sqlite3_column_bytes(stmt_, col)))
           : std::string();
}

}  // namespace gb::store
