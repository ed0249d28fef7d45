// The SQL both stores share, written once with SQLite's numbered parameters (?1, ?2, ...);
// PostgreSQL's spelling ($1, $2, ...) is derived by `postgres_sql`.
#pragma once

#include <string>
#include <string_view>

namespace gb::store {

enum class Dialect { kSqlite, kPostgres };

// The columns of a stored run, in the order the stores read them.
inline constexpr std::string_view kSelectRun =
    "SELECT id, run_key, slug, seed, actions, score, length, steps, ended, state_hash, name, "
    "name_key, kind, agent, rules_version, created_at, day, hidden FROM runs";

// The token hash of the name ?1 (no row: unclaimed).
inline constexpr std::string_view kSelectNameOwner =
    "SELECT token_hash FROM names WHERE name_key = ?1";

// kSelectNameOwner holding the name's row until the transaction ends (PostgreSQL): a submission
// reads it so that a moderator refiling the name's bests, who locks the row for update, and the
// name's submissions take turns, while the name's own submissions share it.
inline constexpr std::string_view kSelectNameOwnerShared =
    "SELECT token_hash FROM names WHERE name_key = ?1 FOR SHARE";

// Hides (?1 = 1) or shows (?1 = 0) run ?2.
inline constexpr std::string_view kSetRunHidden = "UPDATE runs SET hidden = ?1 WHERE id = ?2";

// Sets setting ?1 to ?2 unless it is set; reads setting ?1.
inline constexpr std::string_view kInsertSetting =
    "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO NOTHING";
inline constexpr std::string_view kSelectSetting = "SELECT value FROM settings WHERE key = ?1";

// Inserts a new run: ?1 run_key .. ?16 day, in NewRun's order.
inline constexpr std::string_view kInsertRun =
    "INSERT INTO runs (run_key, slug, seed, actions, score, length, steps, ended, state_hash, "
    "name, name_key, kind, agent, rules_version, created_at, day) VALUES (?1, ?2, ?3, ?4, ?5, "
    "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)";

// The visible runs of one board: ?1 slug, ?2 rules version, ?3 kind (NULL for every kind),
// ?4 seed (NULL for any), ?5 day (NULL for any). The casts give PostgreSQL a type for a
// parameter that may be NULL.
inline constexpr std::string_view kBoardFilter =
    "FROM runs WHERE slug = ?1 AND rules_version = ?2 AND hidden = 0 "
    "AND (CAST(?3 AS TEXT) IS NULL OR kind = ?3) AND (CAST(?4 AS BIGINT) IS NULL OR seed = ?4) "
    "AND (CAST(?5 AS TEXT) IS NULL OR day = ?5)";

// The games table of migration 2 (the same text on both backends).
inline constexpr std::string_view kGamesMigration = R"sql(
CREATE TABLE games (
  id TEXT PRIMARY KEY,
  slug TEXT NOT NULL,
  seed BIGINT NOT NULL,
  actions TEXT NOT NULL,
  length BIGINT NOT NULL,
  client TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX games_client ON games (client);
CREATE INDEX games_updated ON games (updated_at);
)sql";

// The columns of a held game, in the order the stores read them.
inline constexpr std::string_view kSelectGame =
    "SELECT id, slug, seed, actions, length, client, created_at, updated_at FROM games";

// Deletes the games idle since before ?1; counts the games client ?1 holds; counts the games
// moved since ?1.
inline constexpr std::string_view kExpireGames = "DELETE FROM games WHERE updated_at < ?1";
inline constexpr std::string_view kCountClientGames =
    "SELECT COUNT(*) FROM games WHERE client = ?1";
inline constexpr std::string_view kCountLiveGames =
    "SELECT COUNT(*) FROM games WHERE updated_at >= ?1";

// Inserts a held game (?1 id .. ?8 updated_at, in HeldGame's order) unless its client already
// holds ?9 games or a game has its id (two calls creating a scorecard slot's game at once). The
// casts give PostgreSQL the columns' types for the selected parameters.
inline constexpr std::string_view kInsertGame =
    "INSERT INTO games (id, slug, seed, actions, length, client, created_at, updated_at) "
    "SELECT ?1, ?2, CAST(?3 AS BIGINT), ?4, CAST(?5 AS BIGINT), ?6, ?7, ?8 WHERE (SELECT COUNT(*) "
    "FROM games WHERE client = ?6) "
    "< ?9 ON CONFLICT (id) DO NOTHING";

// Moves game ?1 from ?2 actions to ?3 at ?4: the compare-and-set that an appended move's row of
// game_moves (migration 5) follows in the same transaction.
inline constexpr std::string_view kMoveGame =
    "UPDATE games SET length = ?3, updated_at = ?4 WHERE id = ?1 AND length = ?2";

// Stores a move of game ?1: the actions ?3 (comma-separated) that follow its first ?2.
inline constexpr std::string_view kInsertGameMove =
    "INSERT INTO game_moves (game_id, first, actions) VALUES (?1, ?2, ?3)";

// Game ?1's moves in order, and the columns of its head (kSelectGame's without the actions).
inline constexpr std::string_view kSelectGameMoves =
    "SELECT actions FROM game_moves WHERE game_id = ?1 ORDER BY first";
inline constexpr std::string_view kSelectGameHead =
    "SELECT id, slug, seed, '', length, client, created_at, updated_at FROM games WHERE id = ?1";

// PostgreSQL's kSelectGame for game $1 with its moves joined in order as a ninth column (NULL
// when it has none), in one statement so that both come from one snapshot.
inline constexpr std::string_view kSelectGameWithMovesPg =
    "SELECT id, slug, seed, actions, length, client, created_at, updated_at, (SELECT "
    "string_agg(actions, ',' ORDER BY first) FROM game_moves WHERE game_id = $1) FROM games "
    "WHERE id = $1";

// Deletes the moves of the games idle since before ?1 (before the games themselves).
inline constexpr std::string_view kExpireGameMoves =
    "DELETE FROM game_moves WHERE game_id IN (SELECT id FROM games WHERE updated_at < ?1)";

// Each name's best visible run per board, kept in the submitting transaction so a board page
// reads only what it shows. A board is a key: (slug, rules_version, kind, scope), where kind is
// "human", "agent" or "all" (every kind) and scope is "" (all time), "s:SEED" (one seed) or
// "d:DAY:SEED" (one day's challenge); every run belongs to six keys (its kind or "all", times
// the three scopes). `bests_scope` in store/rows.h spells a query's scope.

// Upserts rows of bests' columns into bests, keeping on a conflict the better of the two (higher
// score, then earlier created_at, then lower run id): append to an INSERT ... SELECT.
inline constexpr std::string_view kKeepBetterBest =
    " ON CONFLICT (slug, rules_version, kind, scope, name_key) DO UPDATE SET run_id = "
    "excluded.run_id, score = excluded.score, created_at = excluded.created_at WHERE "
    "excluded.score > bests.score OR (excluded.score = bests.score AND (excluded.created_at < "
    "bests.created_at OR (excluded.created_at = bests.created_at AND excluded.run_id < "
    "bests.run_id)))";

// Files run ?1 (just inserted) under its six board keys where it beats the name's best.
std::string file_best_sql(Dialect dialect);

// The number of names on each board (migration 6), kept in the transaction that changes bests.
// SQLite, whose one writer changes bests one transaction at a time, counts by reading bests:
// before file_best_sql, count_new_bests_sql adds 1 to the total of each of run ?1's six keys the
// name has no best under yet; around delete_bests_sql and refile_bests_sql (the same ?1..?6),
// uncount_bests_sql takes the name's bests out of its six keys' totals and recount_bests_sql
// counts those the refile put back.
std::string count_new_bests_sql();
std::string uncount_bests_sql();
std::string recount_bests_sql();

// PostgreSQL, where one name's runs may be filed while a moderator refiles it, counts the rows
// each statement changed, so a total moves with every row inserted or deleted and with nothing
// else: file_best_counting_sql is file_best_sql adding 1 for each row it inserted;
// lock_six_totals_sql locks the six keys' totals (in the order every statement takes them, so no
// two writers wait on each other in a circle) before delete_bests_counting_sql, delete_bests_sql
// subtracting 1 for each row it deleted, and refile_bests_counting_sql, refile_bests_sql adding 1
// for each row it inserted.
std::string file_best_counting_sql();
// kFillCardSlot in the dialect's spelling; PostgreSQL's answers the slot's index when it filled
// it. Built once per dialect.
const std::string& fill_card_slot_sql(Dialect dialect);
// file_best_counting_sql for run ?1 and fill_card_slot_sql in one statement, so that a
// fill with a new run makes no more round trips than filing the run alone. Answers one row: how
// many slots it filled (1, or 0 when refused: the caller rolls back, bests and totals with it).
const std::string& file_best_and_fill_slot_sql();
// PostgreSQL's kCloseCard that also closes the card's empty slots (kCloseCardSlots) and adds one
// to the settings counter named ?4 (kCardClosesCounter), in one statement. Answers the card's id
// when it closed it.
const std::string& close_card_counting_sql();
std::string lock_six_totals_sql();
std::string delete_bests_counting_sql();
std::string refile_bests_counting_sql();

// Removes the six keys of a name's run (?1 slug, ?2 rules version, ?3 name_key, ?4 kind, ?5 seed
// scope, ?6 day scope) and files again the best visible run of each: after hiding or showing it.
std::string delete_bests_sql(Dialect dialect);
std::string refile_bests_sql(Dialect dialect);

// A board page read from bests in one statement, so its parts come from one snapshot and cost
// one round trip: ?1 slug, ?2 rules version, ?3 kind, ?4 scope, ?5 limit, ?6 offset. The page is
// chosen in bests' covering index alone (an offset skips index entries, not runs' rows, whose
// actions would be read past), from the top or from the bottom of the board, whichever skips
// fewer (`page_window` in store/rows.h, on the kept total), and only its rows are joined to runs.
// Each row has board_page_sql's columns with a rank of 0, then the board's total (column 9) and
// the entries tied with the page's first score that come before it (column 10). The store fills
// in the ranks (`rank_page` in store/rows.h): the first entry is beaten by the offset less those
// ties, a count of ties rather than of every higher entry, so a deep page does not count its
// offset twice. An empty page is one row whose columns 0 to 8 are NULL. PostgreSQL's board
// read: on SQLite the planner made it slower than its three parts below (docs/performance.md).
std::string bests_board_sql(Dialect dialect);

// The same board read as three statements, which SQLite runs in one read transaction: the total
// (no row when the board is empty), the page (board_page_sql's columns with a rank of 0, in the
// board's order; ?5 and ?6 the limit and offset of `page_window`, counted from the side it
// names), and the entries tied with the page's first score (?5) that come before it (?6 its
// time, ?7 its run id).
enum class PageSide { kTop, kBottom };
std::string bests_count_sql(Dialect dialect);
std::string bests_page_sql(Dialect dialect, PageSide side);
std::string bests_ties_before_sql(Dialect dialect);

// The number of other names whose all-time best beats a score: ?1 slug, ?2 kind, ?3 rules
// version, ?4 score, ?5 the name_key to leave out.
std::string bests_rank_sql(Dialect dialect);

// The schema's migrations, in order: migration i takes the schema from version i to i + 1. Both
// stores apply the same list; `migration(dialect, i)` spells the one column the dialects write
// differently (the generated run id).
std::string migration(Dialect dialect, size_t index);
size_t migration_count();

// Returns `sql` with every "?N" written "$N".
std::string postgres_sql(std::string_view sql);

// Returns `sql` in `dialect`.
inline std::string in_dialect(Dialect dialect, std::string_view sql) {
  return dialect == Dialect::kPostgres ? postgres_sql(sql) : std::string(sql);
}

// kInsertRun that inserts nothing when a run with its run_key is stored; PostgreSQL's answers
// the new run's id. Built once: submissions call it.
const std::string& insert_new_run_sql(Dialect dialect);

// kSelectRun for the run whose run_key is ?1, and for the run whose id is ?1.
std::string select_run_by_key_sql(Dialect dialect);
std::string select_run_by_id_sql(Dialect dialect);

// kSelectGame for the game whose id is ?1.
std::string select_game_by_id_sql(Dialect dialect);

// The number of names on a board (the filter's parameters).
std::string board_count_sql(Dialect dialect);

// One page of a board computed from every run: each name's best run (earliest first among equal
// scores), ranked with RANK() over the whole board, then ?6 limit and ?7 offset. The query the
// boards used before bests; now the reference that bests is checked against, and the way to read
// a board bests has no key for (a day without a seed).
std::string board_page_sql(Dialect dialect);

// The open-data listing: the visible runs with an id above ?3, by ascending id (the primary key),
// at most ?4 of them; ?1 slug (NULL for every game), ?2 kind (NULL for every kind). The casts give
// PostgreSQL a type for a parameter that may be NULL.
inline constexpr std::string_view kListRuns =
    " WHERE hidden = 0 AND (CAST(?1 AS TEXT) IS NULL OR slug = ?1) "
    "AND (CAST(?2 AS TEXT) IS NULL OR kind = ?2) AND id > ?3 ORDER BY id LIMIT ?4";

// Scorecards (migration 4). An open card has closed_at = ''; an empty slot has run_id = 0.

// Inserts a card: ?1 id .. ?10 deadline, in Card's order; closed_at and usage start empty.
inline constexpr std::string_view kInsertCard =
    "INSERT INTO cards (id, suite, name, name_key, agent_label, agent_model, agent_harness, "
    "agent_notes, opened_at, deadline, closed_at, usage) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
    "?9, ?10, '', '')";

// Inserts an empty slot: ?1 card id, ?2 index, ?3 slug, ?4 seed, ?5 cap, ?6 the card's deadline,
// ?7 the token hash of the card's name (migration 8: what the slot's fill checks).
inline constexpr std::string_view kInsertCardSlot =
    "INSERT INTO card_slots (card_id, idx, slug, seed, max_actions, run_id, open_until, "
    "token_hash) VALUES (?1, ?2, ?3, ?4, ?5, 0, ?6, ?7)";

// The number of cards name ?1 has open at ?2.
inline constexpr std::string_view kCountOpenCards =
    "SELECT COUNT(*) FROM cards WHERE name_key = ?1 AND closed_at = '' AND deadline > ?2";

// Card ?1 and its slots by index, in one statement (one snapshot, one round trip): on each row
// the card's columns (read_card in store/rows.h: id ... usage, columns 0 to 11), then a slot's
// (read_card_slot: index, slug, seed, cap, run id, and the run's score while that run is visible,
// else NULL; columns 12 to 17). A card without slots would be one row whose slot columns are NULL.
inline constexpr std::string_view kSelectCardAndSlots =
    "SELECT c.id, c.suite, c.name, c.name_key, c.agent_label, c.agent_model, c.agent_harness, "
    "c.agent_notes, c.opened_at, c.deadline, c.closed_at, c.usage, s.idx, s.slug, s.seed, "
    "s.max_actions, s.run_id, CASE WHEN r.hidden = 0 THEN r.score END FROM cards AS c LEFT JOIN "
    "card_slots AS s ON s.card_id = c.id LEFT JOIN runs AS r ON r.id = s.run_id WHERE c.id = ?1 "
    "ORDER BY s.idx";

// What a slot fill is checked against (Store::card_terms), in two statements that read neither
// a slot's run nor the card's row again for each slot (a card's terms never change once it opens,
// and it opens with its slots in one transaction): card ?1's row in read_card's columns (agent and
// usage: ''), then its slots by index in read_card_slot's (run id: 0, score: NULL).
inline constexpr std::string_view kSelectCardTerms =
    "SELECT id, suite, name, name_key, '', '', '', '', opened_at, deadline, closed_at, '' FROM "
    "cards WHERE id = ?1";
inline constexpr std::string_view kSelectCardSlotTerms =
    "SELECT idx, slug, seed, max_actions, 0, NULL FROM card_slots WHERE card_id = ?1 ORDER BY idx";

// Card ?1 with its slot ?2 (kSelectCardAndSlots' columns, the score always NULL; the slot's
// all NULL when the card has no such slot), in one statement: the check before a slot fill's
// replay, one round trip.
inline constexpr std::string_view kSelectCardWithSlot =
    "SELECT c.id, c.suite, c.name, c.name_key, c.agent_label, c.agent_model, c.agent_harness, "
    "c.agent_notes, c.opened_at, c.deadline, c.closed_at, c.usage, s.idx, s.slug, s.seed, "
    "s.max_actions, s.run_id, NULL FROM cards AS c LEFT JOIN card_slots AS s ON s.card_id = c.id "
    "AND s.idx = ?2 WHERE c.id = ?1";

// Closes card ?1 at ?2 with usage ?3 while it is open and before its deadline.
inline constexpr std::string_view kCloseCard =
    "UPDATE cards SET closed_at = ?2, usage = ?3 WHERE id = ?1 AND closed_at = '' AND deadline > "
    "?2";

// Closes the empty slots of card ?1 (after kCloseCard closed it): no fill matches them again.
inline constexpr std::string_view kCloseCardSlots =
    "UPDATE card_slots SET open_until = '' WHERE card_id = ?1 AND run_id = 0";

// Fills slot ?3 of card ?2 with run ?1 while the slot is empty, the card open at ?4 and ?5 the
// token hash of the card's name: one row, which holds all three (migration 8), so a fill reads
// neither cards nor names, and two writers of the slot cannot both win. The filled slot's
// open_until and token_hash, which nothing reads once it holds a run, are cleared: the row
// shrinks as its run id grows, so a fill never splits the page that holds it (SQLite packs a
// card's slots tightly when it opens).
inline constexpr std::string_view kFillCardSlot =
    "UPDATE card_slots SET run_id = ?1, open_until = '', token_hash = '' WHERE card_id = ?2 AND "
    "idx = ?3 AND run_id = 0 AND open_until > ?4 AND token_hash = ?5";

// Why a fill of slot ?2 of card ?1 by name ?3 changed nothing: the name's token hash (NULL when
// unclaimed) and the run the slot holds (0: none).
inline constexpr std::string_view kSelectFillRefusal =
    "SELECT (SELECT token_hash FROM names WHERE name_key = ?3), COALESCE((SELECT run_id FROM "
    "card_slots WHERE card_id = ?1 AND idx = ?2), 0)";

// Every slot of suite ?1's cards closed, or past their deadline at ?2 (PooledSlot's columns).
inline constexpr std::string_view kSelectFinishedSlots =
    "SELECT c.name_key, c.name, c.id, c.agent_label, c.agent_model, c.agent_harness, "
    "c.agent_notes, s.slug, CASE WHEN r.hidden = 0 THEN r.score END FROM cards AS c JOIN "
    "card_slots AS s ON s.card_id = c.id LEFT JOIN runs AS r ON r.id = s.run_id WHERE c.suite = "
    "?1 AND (c.closed_at <> '' OR c.deadline <= ?2) ORDER BY c.name_key, c.opened_at, c.id, s.idx";

// The counters kept in settings (count_one_sql), which only grow; BoardInputs reads them.
inline constexpr std::string_view kCardClosesCounter = "card_closes";   // cards closed
inline constexpr std::string_view kModerationsCounter = "moderations";  // runs hidden or shown

// BoardInputs of suite ?1 at ?2: the number of its cards past their deadline and never closed (a
// range of cards_expiry), then counters ?3 (kCardClosesCounter) and ?4 (kModerationsCounter).
inline constexpr std::string_view kSelectBoardInputs =
    "SELECT (SELECT COUNT(*) FROM cards WHERE suite = ?1 AND closed_at = '' AND deadline <= ?2), "
    "COALESCE((SELECT CAST(value AS BIGINT) FROM settings WHERE key = ?3), 0), "
    "COALESCE((SELECT CAST(value AS BIGINT) FROM settings WHERE key = ?4), 0)";

// Adds one to the settings counter named ?1.
const std::string& count_one_sql(Dialect dialect);

// The number of visible runs of (?1 slug, ?2 rules version, ?3 kind), and ?4 of their scores
// from the ?5-th lowest (0-based): the median's inputs.
inline constexpr std::string_view kCountKindRuns =
    "SELECT COUNT(*) FROM runs WHERE slug = ?1 AND rules_version = ?2 AND kind = ?3 AND hidden = "
    "0";
inline constexpr std::string_view kSelectMiddleScores =
    "SELECT score FROM runs WHERE slug = ?1 AND rules_version = ?2 AND kind = ?3 AND hidden = 0 "
    "ORDER BY score LIMIT ?4 OFFSET ?5";

}  // namespace gb::store
