#include "store/store_sql.h"

#include <array>

namespace gb::store {
namespace {

// Migration 1: runs, name claims and settings. "{id}" is the dialect's generated id column.
constexpr std::string_view kRunsMigration = R"sql(
CREATE TABLE runs (
  id {id},
  run_key TEXT NOT NULL UNIQUE,
  slug TEXT NOT NULL,
  seed BIGINT NOT NULL,
  actions TEXT NOT NULL,
  score BIGINT NOT NULL,
  length BIGINT NOT NULL,
  steps BIGINT NOT NULL,
  ended INTEGER NOT NULL,
  state_hash TEXT NOT NULL,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  kind TEXT NOT NULL,
  agent TEXT NOT NULL,
  rules_version BIGINT NOT NULL,
  created_at TEXT NOT NULL,
  day TEXT NOT NULL,
  hidden INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX runs_board ON runs (slug, rules_version, kind, score DESC);
CREATE INDEX runs_daily ON runs (slug, day, seed);
CREATE TABLE names (
  name_key TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
)sql";

// Every migration in order; never edit one that has shipped, add the next.
constexpr std::array<std::string_view, 2> kMigrations = {kRunsMigration, kGamesMigration};

}  // namespace

size_t migration_count() {
  return kMigrations.size();
}

std::string migration(Dialect dialect, size_t index) {
  std::string sql(kMigrations.at(index));
  // SQLite's rowid alias must be spelled INTEGER PRIMARY KEY; its BIGINT columns get INTEGER
  // affinity, so the rest of the text serves both.
  std::string_view id = dialect == Dialect::kSqlite
                            ? "INTEGER PRIMARY KEY AUTOINCREMENT"
                            : "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY";
  if (size_t at = sql.find("{id}"); at != std::string::npos) sql.replace(at, 4, id);
  return sql;
}

std::string postgres_sql(std::string_view sql) {
  std::string out(sql);
  for (char& c : out) {
    if (c == '?') c = '$';
  }
  return out;
}

std::string select_run_by_key_sql(Dialect dialect) {
  return in_dialect(dialect, std::string(kSelectRun) + " WHERE run_key = ?1");
}

std::string select_run_by_id_sql(Dialect dialect) {
  return in_dialect(dialect, std::string(kSelectRun) + " WHERE id = ?1");
}

std::string select_game_by_id_sql(Dialect dialect) {
  return in_dialect(dialect, std::string(kSelectGame) + " WHERE id = ?1");
}

std::string board_count_sql(Dialect dialect) {
  return in_dialect(dialect, "SELECT COUNT(DISTINCT name_key) " + std::string(kBoardFilter));
}

std::string board_page_sql(Dialect dialect) {
  std::string sql =
      "WITH best AS (SELECT id, name, kind, agent, score, length, seed, created_at, "
      "ROW_NUMBER() OVER (PARTITION BY name_key ORDER BY score DESC, created_at, id) AS pick " +
      std::string(kBoardFilter) +
      ") SELECT RANK() OVER (ORDER BY score DESC) AS place, id, name, kind, agent, score, length, "
      "seed, created_at FROM best WHERE pick = 1 ORDER BY score DESC, created_at, id "
      "LIMIT ?6 OFFSET ?7";
  return in_dialect(dialect, sql);
}

std::string rank_sql(Dialect dialect) {
  return in_dialect(dialect,
                    "SELECT COUNT(DISTINCT name_key) FROM runs WHERE slug = ?1 AND kind = ?2 AND "
                    "rules_version = ?3 AND hidden = 0 AND score > ?4 AND name_key <> ?5");
}

}  // namespace gb::store
