// A database written straight through its client library, at a schema version older than the
// store's, for the migration tests of the store suite (SQLite or PostgreSQL, as the fixture's),
// and raw statements on a store's database for what its interface does not show.
#pragma once

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <sqlite3.h>
#include <unistd.h>

#include <string>

#include "store/store_sql.h"

namespace gb::store {

// Executes `sql` (one or more statements) on the raw database behind `db` (a store URL).
inline void exec_raw(const std::string& db, const std::string& sql) {
  if (db.starts_with("sqlite:")) {
    sqlite3* handle = nullptr;
    ASSERT_EQ(sqlite3_open(db.substr(7).c_str(), &handle), SQLITE_OK);
    char* error = nullptr;
    int rc = sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, &error);
    std::string why = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(handle);
    ASSERT_EQ(rc, SQLITE_OK) << why << " in " << sql.substr(0, 200);
    return;
  }
  PGconn* conn = PQconnectdb(db.c_str());
  ASSERT_EQ(PQstatus(conn), CONNECTION_OK) << PQerrorMessage(conn);
  PGresult* r = PQexec(conn, sql.c_str());
  ExecStatusType status = PQresultStatus(r);
  std::string why = PQresultErrorMessage(r);
  PQclear(r);
  PQfinish(conn);
  ASSERT_TRUE(status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) << why;
}

// The first column of the first row `sql` answers on the raw database behind `db` (a store URL),
// as text; "" when it answers no row or NULL. A failure is reported as a test failure.
inline std::string scalar_raw(const std::string& db, const std::string& sql) {
  std::string out;
  if (db.starts_with("sqlite:")) {
    sqlite3* handle = nullptr;
    EXPECT_EQ(sqlite3_open(db.substr(7).c_str(), &handle), SQLITE_OK);
    sqlite3_stmt* statement = nullptr;
    int rc = sqlite3_prepare_v2(handle, sql.c_str(), -1, &statement, nullptr);
    EXPECT_EQ(rc, SQLITE_OK) << sqlite3_errmsg(handle) << " in " << sql;
    if (rc == SQLITE_OK && sqlite3_step(statement) == SQLITE_ROW) {
      const unsigned char* text = sqlite3_column_text(statement, 0);
      if (text != nullptr) out = reinterpret_cast<const char*>(text);
    }
    sqlite3_finalize(statement);
    sqlite3_close(handle);
    return out;
  }
  PGconn* conn = PQconnectdb(db.c_str());
  EXPECT_EQ(PQstatus(conn), CONNECTION_OK) << PQerrorMessage(conn);
  PGresult* r = PQexec(conn, sql.c_str());
  EXPECT_EQ(PQresultStatus(r), PGRES_TUPLES_OK) << PQresultErrorMessage(r);
  if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) > 0 && !PQgetisnull(r, 0, 0)) {
    out = PQgetvalue(r, 0, 0);
  }
  PQclear(r);
  PQfinish(conn);
  return out;
}

// Quotes `text` as an SQL string literal.
inline std::string literal(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

// A fresh database beside the fixture's `db` (a file in `dir` for SQLite, a database of its own
// on the same PostgreSQL server), marked as being at schema version `version` with nothing in
// it: the caller writes that version's schema (schema_up_to) and its rows. Dropped at the end.
class LegacyDatabase {
 public:
  LegacyDatabase(const std::string& db, const std::string& dir, int version) : server_(db) {
    if (db.starts_with("sqlite:")) {
      url_ = "sqlite:" + dir + "/legacy.sqlite3";
      exec_raw(url_, "PRAGMA user_version = " + std::to_string(version));
      return;
    }
    name_ = "gb_legacy_" + std::to_string(getpid());
    exec_raw(server_, "DROP DATABASE IF EXISTS " + name_);
    exec_raw(server_, "CREATE DATABASE " + name_);
    url_ = server_.substr(0, server_.rfind('/') + 1) + name_;
    std::string versions;
    for (int v = 1; v <= version; ++v) {
      versions += (v > 1 ? ", (" : "(") + std::to_string(v) + ")";
    }
    exec_raw(url_,
             "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ "
             "NOT NULL DEFAULT now()); INSERT INTO schema_migrations (version) VALUES " +
                 versions);
  }
  ~LegacyDatabase() {
    if (!name_.empty()) exec_raw(server_, "DROP DATABASE " + name_ + " WITH (FORCE)");
  }
  LegacyDatabase(const LegacyDatabase&) = delete;
  LegacyDatabase& operator=(const LegacyDatabase&) = delete;

  const std::string& url() const { return url_; }
  Dialect dialect() const { return name_.empty() ? Dialect::kSqlite : Dialect::kPostgres; }
  // Migrations 0 to `version` - 1 in this database's dialect: the schema at `version`.
  std::string schema_up_to(int version) const {
    std::string schema;
    for (int i = 0; i < version; ++i) schema += migration(dialect(), static_cast<size_t>(i));
    return schema;
  }

 private:
  std::string server_;
  std::string name_;  // PostgreSQL's database, empty for SQLite
  std::string url_;
};

}  // namespace gb::store
