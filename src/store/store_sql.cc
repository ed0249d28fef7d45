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

// Migration 3's tables: bests (see store_sql.h) and an index to find a name's runs of a game.
constexpr std::string_view kBestsTables = R"sql(
CREATE TABLE bests (
  slug TEXT NOT NULL,
  rules_version BIGINT NOT NULL,
  kind TEXT NOT NULL,
  scope TEXT NOT NULL,
  name_key TEXT NOT NULL,
  run_id BIGINT NOT NULL,
  score BIGINT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (slug, rules_version, kind, scope, name_key)
);
CREATE INDEX bests_board ON bests (slug, rules_version, kind, scope, score DESC, created_at, run_id);
CREATE INDEX runs_name ON runs (name_key, slug, rules_version);
)sql";

// The columns of bests, in the order the candidates below give them.
constexpr std::string_view kBestsColumns =
    "INSERT INTO bests (slug, rules_version, kind, scope, name_key, run_id, score, created_at) ";

// The best run of each board key among the runs matching `where` (over runs' columns), keeping
// only the keys matching `keys` (over bests' columns, "" for all). Each run stands under six keys:
// its kind or "all", times all time, its seed, and its day with its seed.
std::string best_candidates(std::string_view where, std::string_view keys) {
  return "SELECT slug, rules_version, kind, scope, name_key, id, score, created_at FROM (SELECT "
         "keyed.*, ROW_NUMBER() OVER (PARTITION BY slug, rules_version, kind, scope, name_key "
         "ORDER BY score DESC, created_at, id) AS pick FROM (SELECT slug, rules_version, CASE "
         "WHEN v.k = 0 THEN runs.kind ELSE 'all' END AS kind, CASE v.s WHEN 0 THEN '' WHEN 1 "
         "THEN 's:' || CAST(seed AS TEXT) ELSE 'd:' || day || ':' || CAST(seed AS TEXT) END AS "
         "scope, name_key, id, score, created_at FROM runs CROSS JOIN (SELECT 0 AS k, 0 AS s "
         "UNION ALL SELECT 0, 1 UNION ALL SELECT 0, 2 UNION ALL SELECT 1, 0 UNION ALL SELECT 1, 1 "
         "UNION ALL SELECT 1, 2) AS v WHERE " +
         std::string(where) + ") AS keyed) AS ranked WHERE pick = 1" + std::string(keys);
}

// Migration 3: bests, filled from the runs already stored.
std::string bests_migration() {
  return std::string(kBestsTables) + std::string(kBestsColumns) +
         best_candidates("hidden = 0", "") + ";\n";
}

// Migrations 1 and 2, as they shipped.
std::string runs_migration() {
  return std::string(kRunsMigration);
}

std::string games_migration() {
  return std::string(kGamesMigration);
}

// Migration 4: scorecards (SPEC section 14). A card's slots are rows of their own so that filling
// one is a conditional update of one row (run_id = 0), which two servers cannot both win.
constexpr std::string_view kCardsMigration = R"sql(
CREATE TABLE cards (
  id TEXT PRIMARY KEY,
  suite TEXT NOT NULL,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  agent_label TEXT NOT NULL,
  agent_model TEXT NOT NULL,
  agent_harness TEXT NOT NULL,
  agent_notes TEXT NOT NULL,
  opened_at TEXT NOT NULL,
  deadline TEXT NOT NULL,
  closed_at TEXT NOT NULL,
  usage TEXT NOT NULL
);
CREATE INDEX cards_name ON cards (name_key, closed_at, deadline);
CREATE INDEX cards_suite ON cards (suite, name_key, opened_at);
CREATE TABLE card_slots (
  card_id TEXT NOT NULL,
  idx BIGINT NOT NULL,
  slug TEXT NOT NULL,
  seed BIGINT NOT NULL,
  max_actions BIGINT NOT NULL,
  run_id BIGINT NOT NULL,
  PRIMARY KEY (card_id, idx)
);
)sql";

std::string cards_migration() {
  return std::string(kCardsMigration);
}

// Migration 5: a held game's moves, one row per call that moved it, so a move writes what it
// adds instead of the whole action list (SPEC section 16). games.actions keeps the actions a
// game held before (its first actions, or all of them for a game stored before migration 5).
constexpr std::string_view kGameMovesMigration = R"sql(
CREATE TABLE game_moves (
  game_id TEXT NOT NULL,
  first BIGINT NOT NULL,
  actions TEXT NOT NULL,
  PRIMARY KEY (game_id, first)
);
)sql";

std::string game_moves_migration() {
  return std::string(kGameMovesMigration);
}

// Migration 6: each board's number of names, kept beside bests in the same transactions, so
// that a board page reads its total instead of counting the board's index entries (a millisecond
// of a PostgreSQL board read at 5,000 names). Filled from bests.
constexpr std::string_view kBoardTotalsMigration = R"sql(
CREATE TABLE board_totals (
  slug TEXT NOT NULL,
  rules_version BIGINT NOT NULL,
  kind TEXT NOT NULL,
  scope TEXT NOT NULL,
  total BIGINT NOT NULL,
  PRIMARY KEY (slug, rules_version, kind, scope)
);
INSERT INTO board_totals (slug, rules_version, kind, scope, total) SELECT slug, rules_version,
  kind, scope, COUNT(*) FROM bests GROUP BY slug, rules_version, kind, scope;
)sql";

std::string board_totals_migration() {
  return std::string(kBoardTotalsMigration);
}

// Migration 7: a suite's cards past their deadline and never closed, as one range of an index
// (the agents' board's inputs, BoardInputs), where counting its finished cards read every card.
constexpr std::string_view kCardsExpiryMigration =
    "CREATE INDEX cards_expiry ON cards (suite, closed_at, deadline);\n";

std::string cards_expiry_migration() {
  return std::string(kCardsExpiryMigration);
}

// Migration 8: each slot carries what its fill checks, so that the fill is one conditional
// update of one row (kFillCardSlot) instead of that row and two others: open_until, the card's
// deadline while the slot may still be filled ('' once the card is closed), and token_hash, the
// card's name's token hash (which never changes). Filled from cards and names.
constexpr std::string_view kCardSlotChecksMigration = R"sql(
ALTER TABLE card_slots ADD COLUMN open_until TEXT NOT NULL DEFAULT '';
ALTER TABLE card_slots ADD COLUMN token_hash TEXT NOT NULL DEFAULT '';
UPDATE card_slots SET open_until = COALESCE((SELECT c.deadline FROM cards AS c WHERE c.id =
  card_slots.card_id AND c.closed_at = ''), ''), token_hash = COALESCE((SELECT n.token_hash FROM
  cards AS c JOIN names AS n ON n.name_key = c.name_key WHERE c.id = card_slots.card_id), '');
)sql";

std::string card_slot_checks_migration() {
  return std::string(kCardSlotChecksMigration);
}

// Every migration's text in order, before the dialect's spelling. Never edit one that has
// shipped; add the next.
constexpr std::array<std::string (*)(), 8> kMigrations = {
    runs_migration,         games_migration,           bests_migration,
    cards_migration,        game_moves_migration,      board_totals_migration,
    cards_expiry_migration, card_slot_checks_migration};

// Adds rows of (key, delta) to board_totals: append to an INSERT ... SELECT that ends in
// kKeyOrder. Every statement that changes totals takes their row locks in this one order, so
// two writers changing several boards' totals never wait on each other in a circle.
constexpr std::string_view kTotalsColumns =
    "INSERT INTO board_totals (slug, rules_version, kind, scope, total) ";
constexpr std::string_view kKeyOrder = " ORDER BY slug, rules_version, kind, scope";
constexpr std::string_view kAddToTotal =
    " ON CONFLICT (slug, rules_version, kind, scope) DO UPDATE SET total = board_totals.total + "
    "excluded.total";

// The keys of one name's run in bests: ?1 slug, ?2 rules version, ?3 name_key, ?4 kind, ?5 seed
// scope, ?6 day scope.
constexpr std::string_view kRunKeys =
    "slug = ?1 AND rules_version = ?2 AND name_key = ?3 AND kind IN (?4, 'all') AND scope IN "
    "('', ?5, ?6)";

// One board key of bests: ?1 slug, ?2 rules version, ?3 kind, ?4 scope.
constexpr std::string_view kBoardKey =
    "slug = ?1 AND rules_version = ?2 AND kind = ?3 AND scope = ?4";

}  // namespace

size_t migration_count() {
  return kMigrations.size();
}

std::string migration(Dialect dialect, size_t index) {
  std::string sql = kMigrations.at(index)();
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

const std::string& insert_new_run_sql(Dialect dialect) {
  static const std::string sqlite = std::string(kInsertRun) + " ON CONFLICT (run_key) DO NOTHING";
  static const std::string postgres = postgres_sql(sqlite) + " RETURNING id";
  return dialect == Dialect::kPostgres ? postgres : sqlite;
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

std::string file_best_sql(Dialect dialect) {
  return in_dialect(dialect, std::string(kBestsColumns) + best_candidates("id = ?1", "") +
                                 std::string(kKeepBetterBest));
}

std::string count_new_bests_sql() {
  return std::string(kTotalsColumns) + "SELECT slug, rules_version, kind, scope, 1 FROM (" +
         best_candidates("id = ?1", "") +
         ") AS c WHERE NOT EXISTS (SELECT 1 FROM bests AS b WHERE b.slug "
         "= c.slug AND b.rules_version = c.rules_version AND b.kind = "
         "c.kind AND b.scope = c.scope AND b.name_key = c.name_key)" +
         std::string(kKeyOrder) + std::string(kAddToTotal);
}

namespace {

// A WITH part naming `upsert` (an INSERT into bests) "filed", answering each row it wrote with
// whether it inserted it. A row the upsert inserted has xmax 0; one it updated carries the lock
// the upsert took on it. That is how PostgreSQL keeps xmax, not a promise of its documentation,
// so the concurrent test of store_bests_test checks every total against a count on PostgreSQL too.
std::string filed(const std::string& upsert) {
  return "filed AS (" + upsert +
         " RETURNING slug, rules_version, kind, scope, xmax = 0 AS inserted)";
}

// Adds 1 to the total of each key whose row "filed" inserted (after a WITH naming it).
std::string count_filed() {
  return std::string(kTotalsColumns) +
         "SELECT slug, rules_version, kind, scope, 1 FROM filed WHERE inserted" +
         std::string(kKeyOrder) + std::string(kAddToTotal);
}

// Runs `upsert` (an INSERT into bests) and adds 1 to the total of each key whose row it inserted.
std::string count_inserted(const std::string& upsert) {
  return "WITH " + filed(upsert) + " " + count_filed();
}

}  // namespace

std::string file_best_counting_sql() {
  return count_inserted(file_best_sql(Dialect::kPostgres));
}

const std::string& fill_card_slot_sql(Dialect dialect) {
  static const std::string sqlite(kFillCardSlot);
  static const std::string postgres = postgres_sql(sqlite) + " RETURNING idx";
  return dialect == Dialect::kPostgres ? postgres : sqlite;
}

// Adds one to a counter in settings: the rest of an INSERT of (key, '1').
constexpr std::string_view kAddOne =
    " ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(settings.value AS BIGINT) + 1 AS TEXT)";

const std::string& count_one_sql(Dialect dialect) {
  static const std::string sqlite =
      "INSERT INTO settings (key, value) VALUES (?1, '1')" + std::string(kAddOne);
  static const std::string postgres = postgres_sql(sqlite);
  return dialect == Dialect::kPostgres ? postgres : sqlite;
}

const std::string& close_card_counting_sql() {
  static const std::string sql =
      postgres_sql("WITH closed AS (" + std::string(kCloseCard) + " RETURNING id), shut AS (" +
                   std::string(kCloseCardSlots) +
                   " AND EXISTS (SELECT 1 FROM closed)), counted AS (INSERT INTO settings (key, "
                   "value) SELECT "
                   "CAST(?4 AS TEXT), '1' FROM closed" +
                   std::string(kAddOne) + " RETURNING 1) SELECT id FROM closed");
  return sql;
}

// PostgreSQL runs every data-modifying part of a WITH to completion, read or not, so the totals
// are counted although the outer query reads only the fill.
const std::string& file_best_and_fill_slot_sql() {
  static const std::string sql = "WITH filled AS (" + fill_card_slot_sql(Dialect::kPostgres) +
                                 "), " + filed(file_best_sql(Dialect::kPostgres)) +
                                 ", counted AS (" + count_filed() +
                                 " RETURNING 1) SELECT COUNT(*) FROM filled";
  return sql;
}

// Adds `delta` (an expression over k's columns) to the totals of a name's six keys (?1 slug,
// ?2 rules version, ?4 kind, ?5 seed scope, ?6 day scope), creating their rows when missing.
// The name ?3 is never NULL: the WHERE names it so that PostgreSQL knows its type when `delta`
// does not use it.
std::string add_to_six_totals(std::string_view delta) {
  return std::string(kTotalsColumns) + "SELECT slug, rules_version, kind, scope, " +
         std::string(delta) +
         " FROM (SELECT CAST(?1 AS TEXT) AS slug, CAST(?2 AS BIGINT) AS rules_version, CAST(?4 "
         "AS TEXT) AS kind, CAST('' AS TEXT) AS scope UNION ALL SELECT ?1, ?2, ?4, CAST(?5 AS "
         "TEXT) UNION ALL SELECT ?1, ?2, ?4, CAST(?6 AS TEXT) UNION ALL SELECT ?1, ?2, 'all', '' "
         "UNION ALL SELECT ?1, ?2, 'all', ?5 UNION ALL SELECT ?1, ?2, 'all', ?6) AS k WHERE "
         "CAST(?3 AS TEXT) IS NOT NULL" +
         std::string(kKeyOrder) + std::string(kAddToTotal);
}

std::string uncount_bests_sql() {
  return add_to_six_totals(
      "-(SELECT COUNT(*) FROM bests AS b WHERE b.slug = k.slug AND b.rules_version = "
      "k.rules_version AND b.kind = k.kind AND b.scope = k.scope AND b.name_key = ?3)");
}

std::string lock_six_totals_sql() {
  return postgres_sql(add_to_six_totals("0"));
}

std::string delete_bests_counting_sql() {
  return "WITH gone AS (" + delete_bests_sql(Dialect::kPostgres) +
         " RETURNING slug, rules_version, kind, scope) " + std::string(kTotalsColumns) +
         "SELECT slug, rules_version, kind, scope, -1 FROM gone" + std::string(kKeyOrder) +
         std::string(kAddToTotal);
}

std::string refile_bests_counting_sql() {
  return count_inserted(refile_bests_sql(Dialect::kPostgres));
}

std::string recount_bests_sql() {
  return std::string(kTotalsColumns) +
         "SELECT slug, rules_version, kind, scope, 1 FROM bests WHERE " + std::string(kRunKeys) +
         std::string(kKeyOrder) + std::string(kAddToTotal);
}

std::string delete_bests_sql(Dialect dialect) {
  return in_dialect(dialect, "DELETE FROM bests WHERE " + std::string(kRunKeys));
}

std::string refile_bests_sql(Dialect dialect) {
  return in_dialect(dialect,
                    std::string(kBestsColumns) +
                        best_candidates("hidden = 0 AND slug = ?1 AND rules_version = ?2 AND "
                                        "name_key = ?3",
                                        " AND kind IN (?4, 'all') AND scope IN ('', ?5, ?6)") +
                        std::string(kKeepBetterBest));
}

namespace {

// The covering-index part of a board page: run_id, score and created_at of the entries in
// `order` (kTopDown or its reverse), `limit` and `offset` being SQL expressions.
constexpr std::string_view kTopDown = "score DESC, created_at, run_id";
constexpr std::string_view kBottomUp = "score, created_at DESC, run_id DESC";

std::string index_page(std::string_view order, std::string_view limit, std::string_view offset) {
  return "SELECT run_id, score, created_at FROM bests WHERE " + std::string(kBoardKey) +
         " ORDER BY " + std::string(order) + " LIMIT " + std::string(limit) + " OFFSET " +
         std::string(offset);
}

}  // namespace

// `page_window` (store/rows.h) in SQL: `w` holds the board's total, the page's limit and offset
// and which side it is read from; `top` and `bottom` each read nothing unless the page is theirs
// (a LIMIT of 0 does not run its scan).
std::string bests_board_sql(Dialect dialect) {
  const std::string key(kBoardKey);
  return in_dialect(
      dialect,
      "WITH q AS MATERIALIZED (SELECT COALESCE((SELECT total FROM board_totals WHERE " + key +
          "), 0) AS total, CAST(?5 AS BIGINT) AS lim, CAST(?6 AS BIGINT) AS off), w AS "
          "MATERIALIZED (SELECT total, lim, off, below, off > below AS from_bottom FROM q, LATERAL "
          "(SELECT GREATEST(total - off - lim, 0) AS below) AS b), top AS MATERIALIZED (" +
          index_page(kTopDown, "(SELECT CASE WHEN from_bottom THEN 0 ELSE lim END FROM w)",
                     "(SELECT off FROM w)") +
          "), bottom AS MATERIALIZED (" +
          index_page(kBottomUp,
                     "(SELECT CASE WHEN from_bottom THEN GREATEST(LEAST(lim, total - off), 0) "
                     "ELSE 0 END FROM w)",
                     "(SELECT CASE WHEN from_bottom THEN below ELSE 0 END FROM w)") +
          "), page AS (SELECT * FROM top UNION ALL SELECT * FROM bottom), first AS (SELECT "
          "score, created_at, run_id FROM page ORDER BY score DESC, created_at, run_id LIMIT 1), "
          "head AS (SELECT (SELECT total FROM w) AS total, (SELECT COUNT(*) FROM bests WHERE " +
          key +
          " AND score = (SELECT score FROM first) AND (created_at < (SELECT created_at FROM "
          "first) OR (created_at = (SELECT created_at FROM first) AND run_id < (SELECT run_id "
          "FROM first)))) AS ties), shown AS (SELECT 0 AS place, b.run_id, r.name, r.kind, "
          "r.agent, b.score, r.length, r.seed, b.created_at FROM page AS b JOIN runs AS r ON r.id "
          "= b.run_id) SELECT shown.*, head.total, head.ties FROM head LEFT JOIN shown ON 1 = 1 "
          "ORDER BY shown.score DESC, shown.created_at, shown.run_id");
}

std::string bests_count_sql(Dialect dialect) {
  return in_dialect(dialect, "SELECT total FROM board_totals WHERE " + std::string(kBoardKey));
}

std::string bests_page_sql(Dialect dialect, PageSide side) {
  return in_dialect(dialect,
                    "SELECT 0 AS place, b.run_id, r.name, r.kind, r.agent, b.score, r.length, "
                    "r.seed, b.created_at FROM (" +
                        index_page(side == PageSide::kTop ? kTopDown : kBottomUp, "?5", "?6") +
                        ") AS b JOIN runs AS r ON r.id = b.run_id ORDER BY b.score DESC, "
                        "b.created_at, b.run_id");
}

std::string bests_ties_before_sql(Dialect dialect) {
  return in_dialect(dialect, "SELECT COUNT(*) FROM bests WHERE " + std::string(kBoardKey) +
                                 " AND score = ?5 AND (created_at < ?6 OR (created_at = ?6 AND "
                                 "run_id < ?7))");
}

// Every best above the score, counted in bests_board alone, less the name's own best when it is
// among them (one primary-key lookup): leaving the name out by `name_key <> ?5` made each counted
// entry fetch its row, a read per name on the board that grew with the store.
std::string bests_rank_sql(Dialect dialect) {
  const std::string key = "slug = ?1 AND rules_version = ?3 AND kind = ?2 AND scope = ''";
  return in_dialect(dialect, "SELECT (SELECT COUNT(*) FROM bests WHERE " + key +
                                 " AND score > ?4) - (SELECT COUNT(*) FROM bests WHERE " + key +
                                 " AND name_key = ?5 AND score > ?4)");
}

}  // namespace gb::store
