#include "store/postgres_store.h"

#include <libpq-fe.h>

#include <array>
#include <condition_variable>
#include <map>
#include <mutex>
#include <type_traits>
#include <vector>

#include "store/rows.h"
#include "store/store_sql.h"

namespace gb::store {
namespace {

constexpr int64_t kMigrationLock = 0x67616d65626f6172;  // "gameboar"

// One query result, cleared on destruction.
class Result {
 public:
  explicit Result(PGresult* r) : r_(r) {}
  ~Result() { PQclear(r_); }
  Result(Result&& other) noexcept : r_(other.r_) { other.r_ = nullptr; }
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  int rows() const { return PQntuples(r_); }
  std::string text(int row, int col) const {
    return std::string(PQgetvalue(r_, row, col), static_cast<size_t>(PQgetlength(r_, row, col)));
  }
  int64_t integer(int row, int col) const { return std::stoll(text(row, col)); }
  bool is_null(int row, int col) const { return PQgetisnull(r_, row, col) != 0; }

 private:
  PGresult* r_;
};

// One row of a Result, as store/rows.h reads it.
struct PgRow {
  const Result& result;
  int row;
  int64_t integer(int col) const { return result.integer(row, col); }
  std::string text(int col) const { return result.text(row, col); }
  bool is_null(int col) const { return result.is_null(row, col); }
};

// Parameters as text (libpq's text format); a null entry sends SQL NULL.
class Params {
 public:
  Params& add(std::string_view v) {
    values_.emplace_back(v);
    null_.push_back(false);
    return *this;
  }
  Params& add(int64_t v) { return add(std::to_string(v)); }
  Params& null() {
    values_.emplace_back();
    null_.push_back(true);
    return *this;
  }
  std::vector<const char*> pointers() const {
    std::vector<const char*> out;
    for (size_t i = 0; i < values_.size(); ++i)
      out.push_back(null_[i] ? nullptr : values_[i].c_str());
    return out;
  }

 private:
  std::vector<std::string> values_;
  std::vector<bool> null_;
};

// One connection: runs statements, and marks itself broken when the server goes away, so the
// pool reconnects it before its next use.
class Connection {
 public:
  explicit Connection(const std::string& url) : url_(url) {}
  ~Connection() { PQfinish(conn_); }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Connects when not connected (or the last use broke the connection). Throws StoreError.
  void ensure() {
    if (conn_ && PQstatus(conn_) == CONNECTION_OK) return;
    PQfinish(conn_);
    prepared_.clear();
    conn_ = PQconnectdb(url_.c_str());
    if (PQstatus(conn_) != CONNECTION_OK) {
      std::string why = PQerrorMessage(conn_);
      PQfinish(conn_);
      conn_ = nullptr;
      throw StoreError("postgres: cannot connect: " + why);
    }
    // The server's notices ("relation ... already exists, skipping") are not for our stderr,
    // which `gameboard mcp` keeps for its own log.
    PQsetNoticeProcessor(
        conn_, [](void*, const char*) {}, nullptr);
  }

  // Runs `sql` (one statement) with `params`, parsed and planned for this call, so its plan fits
  // these parameters; throws StoreError unless it returns rows or completes.
  Result run(std::string_view sql, const Params& params = {}) {
    std::vector<const char*> values = params.pointers();
    return checked(PQexecParams(conn_, std::string(sql).c_str(), static_cast<int>(values.size()),
                                nullptr, values.data(), nullptr, nullptr, 0));
  }

  // Runs `sql` as run does, but as a statement prepared on this connection at its first use:
  // parsed once, and after five calls PostgreSQL may keep one generic plan for it. Only for
  // statements whose best plan is the same for any parameters (a submission's key lookups and
  // writes: 430 to 686 submissions/s). Not for a board's reads: their generic plan, which cannot
  // see that a board holds thousands of names, sorted every name of the board on each page
  // (p99 5 ms to 570-940 ms, docs/performance.md). Past kMaxPrepared statements, runs as run.
  Result run_prepared(std::string_view sql, const Params& params = {}) {
    const std::string* name = prepared(sql);
    if (name == nullptr) return run(sql, params);
    std::vector<const char*> values = params.pointers();
    return checked(PQexecPrepared(conn_, name->c_str(), static_cast<int>(values.size()),
                                  values.data(), nullptr, nullptr, 0));
  }

  bool healthy() const { return conn_ && PQstatus(conn_) == CONNECTION_OK; }
  PGconn* raw() { return conn_; }

 private:
  // The prepared statements are a fixed set built from constants; the bound only keeps a
  // statement built from data (none today) from growing the server's memory.
  static constexpr size_t kMaxPrepared = 256;

  // The name of `sql` prepared on this connection, preparing it now if it is new; nullptr past
  // kMaxPrepared. Throws StoreError when the server refuses to prepare it (as it would refuse
  // to run it).
  const std::string* prepared(std::string_view sql) {
    auto found = prepared_.find(sql);
    if (found != prepared_.end()) return &found->second;
    if (prepared_.size() >= kMaxPrepared) return nullptr;
    std::string name = "gb" + std::to_string(prepared_.size());
    checked(PQprepare(conn_, name.c_str(), std::string(sql).c_str(), 0, nullptr));
    return &prepared_.emplace(std::string(sql), std::move(name)).first->second;
  }

  // `r` as a Result when it holds rows or a completed command; else clears it and throws
  // StoreError with the server's message.
  Result checked(PGresult* r) {
    ExecStatusType status = PQresultStatus(r);
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
      std::string why = r ? PQresultErrorMessage(r) : PQerrorMessage(conn_);
      PQclear(r);
      throw StoreError("postgres: " + why);
    }
    return Result(r);
  }

  std::string url_;
  PGconn* conn_ = nullptr;
  // The statements prepared on conn_, by their text; emptied when conn_ is replaced.
  std::map<std::string, std::string, std::less<>> prepared_;
};

class PostgresStore final : public Store {
 public:
  PostgresStore(const std::string& url, size_t pool_size) {
    for (size_t i = 0; i < pool_size; ++i) idle_.push_back(std::make_unique<Connection>(url));
    with_connection([](Connection& c) { migrate(c); });
  }

  SubmitResult submit(const NewRun& run, std::string_view presented_token_hash,
                      std::string_view fresh_token_hash) override {
    if (!run.card_id.empty()) return fill_slot(run, presented_token_hash);
    // Idempotent (the run_key is unique), so a retry after a broken connection is safe.
    return with_connection([&](Connection& c) {
      SubmitResult result;
      // A run already stored is answered as it is, token or not: resubmitting is idempotent.
      Result stored =
          c.run_prepared(select_run_by_key_sql(Dialect::kPostgres), Params().add(run.run_key));
      if (stored.rows() == 1) {
        result.status = SubmitStatus::kExisting;
        result.run = read_run(PgRow{stored, 0});
        return result;
      }
      c.run_prepared("BEGIN");
      try {
        Result claimed = c.run_prepared(
            "INSERT INTO names (name_key, token_hash, created_at) VALUES ($1, $2, $3) "
            "ON CONFLICT (name_key) DO NOTHING RETURNING name_key",
            Params().add(run.name_key).add(fresh_token_hash).add(run.created_at));
        if (claimed.rows() == 1) {
          result.name_claimed = true;
        } else {
          Result owner =
              c.run_prepared(postgres_sql(kSelectNameOwnerShared), Params().add(run.name_key));
          if (owner.rows() != 1 || owner.text(0, 0) != presented_token_hash) {
            c.run_prepared("ROLLBACK");
            result.status = SubmitStatus::kNameTaken;
            return result;
          }
        }
        Result inserted =
            c.run_prepared(insert_new_run_sql(Dialect::kPostgres), new_run_params(run));
        if (inserted.rows() == 1) {
          result.status = SubmitStatus::kCreated;
          result.run.NewRun::operator=(run);
          result.run.id = inserted.integer(0, 0);
          c.run_prepared(file_best_counting_sql(), Params().add(result.run.id));
        } else {
          Result existing =
              c.run_prepared(select_run_by_key_sql(Dialect::kPostgres), Params().add(run.run_key));
          if (existing.rows() != 1) throw StoreError("postgres: a conflicting run vanished");
          result.status = SubmitStatus::kExisting;
          result.run = read_run(PgRow{existing, 0});
        }
        c.run_prepared("COMMIT");
      } catch (...) {
        if (c.healthy()) PQclear(PQexec(c.raw(), "ROLLBACK"));
        throw;
      }
      return result;
    });
  }

  std::optional<StoredRun> run(int64_t id) override {
    return with_connection([&](Connection& c) -> std::optional<StoredRun> {
      Result r = c.run_prepared(select_run_by_id_sql(Dialect::kPostgres), Params().add(id));
      if (r.rows() == 0) return std::nullopt;
      return read_run(PgRow{r, 0});
    });
  }

  bool set_hidden(int64_t id, bool hidden) override {
    return with_connection([&](Connection& c) {
      c.run("BEGIN");
      try {
        // The name's row is locked first, so that two moderators refiling one name's bests, or a
        // moderator and the name's submissions (which hold it shared), take turns.
        c.run(
            "SELECT name_key FROM names WHERE name_key = (SELECT name_key FROM runs WHERE id = $1) "
            "FOR UPDATE",
            Params().add(id));
        Result updated = c.run(postgres_sql(std::string(kSetRunHidden) + " RETURNING id"),
                               Params().add(int64_t{hidden ? 1 : 0}).add(id));
        if (updated.rows() == 0) {
          c.run("ROLLBACK");
          return false;
        }
        // Before any total is locked: moderators of two names take turns here, not in a circle.
        c.run(count_one_sql(Dialect::kPostgres), Params().add(kModerationsCounter));
        Result stored = c.run(select_run_by_id_sql(Dialect::kPostgres), Params().add(id));
        Params keys;
        add_run_keys(keys, read_run(PgRow{stored, 0}));
        c.run(lock_six_totals_sql(), keys);
        c.run(delete_bests_counting_sql(), keys);
        c.run(refile_bests_counting_sql(), keys);
        c.run("COMMIT");
        return true;
      } catch (...) {
        if (c.healthy()) PQclear(PQexec(c.raw(), "ROLLBACK"));
        throw;
      }
    });
  }

  Board leaderboard(const BoardQuery& query) override {
    std::optional<std::string> scope = bests_scope(query);
    if (!scope) return leaderboard_by_scan(query);
    return with_connection([&](Connection& c) {
      Params params;
      add_board_key(params, query, *scope);
      params.add(query.limit).add(query.offset);
      Result rows = c.run_prepared(bests_board_sql(Dialect::kPostgres), params);
      Board board;
      int64_t ties = 0;
      for (int i = 0; i < rows.rows(); ++i) {
        board.total = rows.integer(i, 9);
        ties = rows.integer(i, 10);
        if (!rows.is_null(i, 1)) board.entries.push_back(read_entry(PgRow{rows, i}));
      }
      rank_page(board, query.offset, query.offset - ties);
      return board;
    });
  }

  Board leaderboard_by_scan(const BoardQuery& query) override {
    return with_snapshot([&](Connection& c) {
      Board board;
      Result count = c.run(board_count_sql(Dialect::kPostgres), board_params(query));
      board.total = count.integer(0, 0);
      Params page = board_params(query);
      page.add(query.limit).add(query.offset);
      Result rows = c.run(board_page_sql(Dialect::kPostgres), page);
      for (int i = 0; i < rows.rows(); ++i) {
        board.entries.push_back(read_entry(PgRow{rows, i}));
      }
      return board;
    });
  }

  int64_t rank_of(std::string_view slug, std::string_view kind, uint32_t rules_version,
                  int64_t score, std::string_view name_key) override {
    return with_connection([&](Connection& c) {
      Result r =
          c.run(bests_rank_sql(Dialect::kPostgres),
                Params().add(slug).add(kind).add(int64_t{rules_version}).add(score).add(name_key));
      return 1 + r.integer(0, 0);
    });
  }

  std::string get_or_put_setting(std::string_view key, std::string_view value) override {
    return with_connection([&](Connection& c) {
      c.run(postgres_sql(kInsertSetting), Params().add(key).add(value));
      Result r = c.run(postgres_sql(kSelectSetting), Params().add(key));
      if (r.rows() != 1) throw StoreError("postgres: setting vanished");
      return r.text(0, 0);
    });
  }

  bool create_game(const HeldGame& game, int64_t max_per_client) override {
    return with_connection([&](Connection& c) {
      Result r = c.run(postgres_sql(std::string(kInsertGame) + " RETURNING id"),
                       Params()
                           .add(game.id)
                           .add(game.slug)
                           .add(int64_t{game.seed})
                           .add(game.actions_json)
                           .add(game.length)
                           .add(game.client)
                           .add(game.created_at)
                           .add(game.updated_at)
                           .add(max_per_client));
      return r.rows() == 1;
    });
  }

  std::optional<HeldGame> game(std::string_view id) override {
    return with_connection([&](Connection& c) -> std::optional<HeldGame> {
      // One statement sees one snapshot: the head and its moves agree.
      Result r = c.run(kSelectGameWithMovesPg, Params().add(id));
      if (r.rows() == 0) return std::nullopt;
      HeldGame game = read_game(PgRow{r, 0});
      if (!r.is_null(0, 8)) append_move(game.actions_json, r.text(0, 8));
      return game;
    });
  }

  std::optional<HeldGame> game_head(std::string_view id) override {
    return with_connection([&](Connection& c) -> std::optional<HeldGame> {
      Result r = c.run(postgres_sql(kSelectGameHead), Params().add(id));
      if (r.rows() == 0) return std::nullopt;
      return read_game(PgRow{r, 0});
    });
  }

  bool append_game_actions(std::string_view id, int64_t expected_length,
                           std::string_view added_actions, int64_t length,
                           std::string_view updated_at) override {
    return with_connection([&](Connection& c) {
      // The compare-and-set and the move's row in one statement, so one holds only with the
      // other.
      Result r = c.run(
          "WITH moved AS (UPDATE games SET length = $3, updated_at = $4 WHERE id = "
          "$1 AND length = $2 RETURNING id) INSERT INTO game_moves (game_id, first, "
          "actions) SELECT id, $2, $5 FROM moved RETURNING game_id",
          Params().add(id).add(expected_length).add(length).add(updated_at).add(added_actions));
      return r.rows() == 1;
    });
  }

  int64_t expire_games(std::string_view cutoff) override {
    return with_connection([&](Connection& c) {
      Result r = c.run(
          "WITH gone AS (DELETE FROM games WHERE updated_at < $1 RETURNING id), moves AS (DELETE "
          "FROM game_moves WHERE game_id IN (SELECT id FROM gone)) SELECT id FROM gone",
          Params().add(cutoff));
      return static_cast<int64_t>(r.rows());
    });
  }

  int64_t count_games(std::string_view client) override {
    return with_connection([&](Connection& c) {
      return c.run(postgres_sql(kCountClientGames), Params().add(client)).integer(0, 0);
    });
  }

  int64_t count_live_games(std::string_view since) override {
    return with_connection([&](Connection& c) {
      return c.run(postgres_sql(kCountLiveGames), Params().add(since)).integer(0, 0);
    });
  }

  int schema_version() override {
    return with_connection([](Connection& c) {
      return static_cast<int>(
          c.run("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").integer(0, 0));
    });
  }

  std::string integrity_problem() override {
    return with_connection([](Connection& c) {
      Result dup = c.run("SELECT COUNT(*) - COUNT(DISTINCT run_key) FROM runs");
      return dup.integer(0, 0) == 0 ? std::string() : "duplicate run keys\n";
    });
  }

  std::vector<StoredRun> list_runs(const RunListQuery& query) override {
    return with_connection([&](Connection& c) {
      Params params;
      add_run_list(params, query);
      Result rows = c.run(postgres_sql(std::string(kSelectRun) + std::string(kListRuns)), params);
      std::vector<StoredRun> runs;
      for (int i = 0; i < rows.rows(); ++i) runs.push_back(read_run(PgRow{rows, i}));
      return runs;
    });
  }

  OpenCardResult open_card(const Card& card, std::string_view presented_token_hash,
                           std::string_view fresh_token_hash, int64_t max_open) override {
    return with_connection([&](Connection& c) {
      OpenCardResult result;
      c.run("BEGIN");
      try {
        Result claimed = c.run(
            "INSERT INTO names (name_key, token_hash, created_at) VALUES ($1, $2, $3) "
            "ON CONFLICT (name_key) DO NOTHING RETURNING name_key",
            Params().add(card.name_key).add(fresh_token_hash).add(card.opened_at));
        result.name_claimed = claimed.rows() == 1;
        // The name's row is locked, so two servers opening cards for one name take turns at the
        // count of its open cards.
        Result owner = c.run(postgres_sql(std::string(kSelectNameOwner) + " FOR UPDATE"),
                             Params().add(card.name_key));
        if (!result.name_claimed &&
            (owner.rows() != 1 || owner.text(0, 0) != presented_token_hash)) {
          c.run("ROLLBACK");
          return OpenCardResult{OpenCardStatus::kNameTaken, false};
        }
        Result open =
            c.run(postgres_sql(kCountOpenCards), Params().add(card.name_key).add(card.opened_at));
        if (open.integer(0, 0) >= max_open) {
          c.run("ROLLBACK");
          return OpenCardResult{OpenCardStatus::kTooManyOpen, false};
        }
        Params insert;
        add_new_card(insert, card);
        c.run(postgres_sql(kInsertCard), insert);
        // The name's token hash, which each slot keeps for its fill's check.
        std::string_view token_hash = result.name_claimed ? fresh_token_hash : presented_token_hash;
        for (const CardSlot& slot : card.slots) {
          Params add;
          add_card_slot(add, card, slot, token_hash);
          c.run(postgres_sql(kInsertCardSlot), add);
        }
        c.run("COMMIT");
      } catch (...) {
        if (c.healthy()) PQclear(PQexec(c.raw(), "ROLLBACK"));
        throw;
      }
      return result;
    });
  }

  std::optional<Card> card(std::string_view id) override {
    return with_connection([&](Connection& c) -> std::optional<Card> {
      Result rows = c.run_prepared(postgres_sql(kSelectCardAndSlots), Params().add(id));
      if (rows.rows() == 0) return std::nullopt;
      Card card = read_card(PgRow{rows, 0});
      for (int i = 0; i < rows.rows(); ++i) add_slot_of_row(card, PgRow{rows, i});
      return card;
    });
  }

  std::optional<Card> card_terms(std::string_view id) override {
    return with_connection([&](Connection& c) -> std::optional<Card> {
      Result row = c.run_prepared(postgres_sql(kSelectCardTerms), Params().add(id));
      if (row.rows() == 0) return std::nullopt;
      Card card = read_card(PgRow{row, 0});
      Result slots = c.run_prepared(postgres_sql(kSelectCardSlotTerms), Params().add(id));
      for (int i = 0; i < slots.rows(); ++i) card.slots.push_back(read_card_slot(PgRow{slots, i}));
      return card;
    });
  }

  std::optional<Card> card_with_slot(std::string_view id, int64_t index) override {
    return with_connection([&](Connection& c) -> std::optional<Card> {
      Result r = c.run_prepared(postgres_sql(kSelectCardWithSlot), Params().add(id).add(index));
      if (r.rows() == 0) return std::nullopt;
      return read_card_with_slot(PgRow{r, 0});
    });
  }

  bool close_card(std::string_view id, std::string_view closed_at,
                  std::string_view usage_json) override {
    return with_connection([&](Connection& c) {
      Result r = c.run(close_card_counting_sql(),
                       Params().add(id).add(closed_at).add(usage_json).add(kCardClosesCounter));
      return r.rows() == 1;
    });
  }

  std::vector<PooledSlot> finished_card_slots(std::string_view suite,
                                              std::string_view now) override {
    return with_connection([&](Connection& c) {
      Result rows = c.run(postgres_sql(kSelectFinishedSlots), Params().add(suite).add(now));
      std::vector<PooledSlot> slots;
      for (int i = 0; i < rows.rows(); ++i) slots.push_back(read_pooled_slot(PgRow{rows, i}));
      return slots;
    });
  }

  BoardInputs board_inputs(std::string_view suite, std::string_view now) override {
    return with_connection([&](Connection& c) {
      Result r =
          c.run(postgres_sql(kSelectBoardInputs),
                Params().add(suite).add(now).add(kCardClosesCounter).add(kModerationsCounter));
      return BoardInputs{r.integer(0, 0), r.integer(0, 1), r.integer(0, 2)};
    });
  }

  std::optional<std::string> name_token_hash(std::string_view name_key) override {
    return with_connection([&](Connection& c) -> std::optional<std::string> {
      Result r = c.run(postgres_sql(kSelectNameOwner), Params().add(name_key));
      if (r.rows() == 0) return std::nullopt;
      return r.text(0, 0);
    });
  }

  MiddleScores middle_scores(std::string_view slug, uint32_t rules_version,
                             std::string_view kind) override {
    return with_snapshot([&](Connection& c) {
      MiddleScores out;
      Params key;
      key.add(slug).add(int64_t{rules_version}).add(kind);
      out.count = c.run(postgres_sql(kCountKindRuns), key).integer(0, 0);
      if (out.count == 0) return out;
      auto [limit, offset] = middle_window(out.count);
      Params window = key;
      window.add(limit).add(offset);
      Result rows = c.run(postgres_sql(kSelectMiddleScores), window);
      for (int i = 0; i < rows.rows(); ++i) out.middle.push_back(rows.integer(i, 0));
      return out;
    });
  }

 private:
  // Stores `run` (unless stored) and fills its card's slot with it in one transaction (see the
  // SQLite store's fill_slot_in_transaction). The name's row is held first, as a plain
  // submission holds it; the presenter's token is checked by the statement that fills, and a new
  // run is filed in bests by that same statement, so a fill makes fewer round trips than a plain
  // submission (five against seven); a refusal rolls back the run it inserted.
  // The slot's row lock makes two servers filling one slot take turns: the second finds it filled.
  SubmitResult fill_slot(const NewRun& run, std::string_view presented_token_hash) {
    return with_connection([&](Connection& c) {
      SubmitResult result;
      c.run_prepared("BEGIN");
      try {
        c.run_prepared(postgres_sql(kSelectNameOwnerShared), Params().add(run.name_key));
        Result inserted =
            c.run_prepared(insert_new_run_sql(Dialect::kPostgres), new_run_params(run));
        bool filled = false;
        if (inserted.rows() == 1) {
          result.run.NewRun::operator=(run);
          result.run.id = inserted.integer(0, 0);
          filled = c.run_prepared(file_best_and_fill_slot_sql(),
                                  owner_fill(run, result.run.id, presented_token_hash))
                       .integer(0, 0) == 1;
        } else {
          Result existing =
              c.run_prepared(select_run_by_key_sql(Dialect::kPostgres), Params().add(run.run_key));
          if (existing.rows() != 1) throw StoreError("postgres: a conflicting run vanished");
          result.run = read_run(PgRow{existing, 0});
          filled = c.run_prepared(fill_card_slot_sql(Dialect::kPostgres),
                                  owner_fill(run, result.run.id, presented_token_hash))
                       .rows() == 1;
        }
        result.status = filled ? SubmitStatus::kCreated
                               : fill_refusal(c, run, result.run.id, presented_token_hash);
        c.run_prepared(refused(result.status) ? "ROLLBACK" : "COMMIT");
      } catch (...) {
        if (c.healthy()) PQclear(PQexec(c.raw(), "ROLLBACK"));
        throw;
      }
      return result;
    });
  }

  // fill_card_slot_sql's parameters: `run` stored as `run_id`, presented with `token_hash`.
  static Params owner_fill(const NewRun& run, int64_t run_id, std::string_view token_hash) {
    Params params;
    add_slot_fill(params, run, run_id, token_hash);
    return params;
  }

  // Inside fill_slot's transaction, after its fill changed nothing: why (fill_refusal_of).
  static SubmitStatus fill_refusal(Connection& c, const NewRun& run, int64_t run_id,
                                   std::string_view presented_token_hash) {
    Result why = c.run_prepared(postgres_sql(kSelectFillRefusal),
                                Params().add(run.card_id).add(run.slot).add(run.name_key));
    return fill_refusal_of(PgRow{why, 0}, presented_token_hash, run_id);
  }

  // Runs `work` on a pooled connection, connecting it first when needed. A failure on a
  // connection that broke (the server restarted) is retried once on a fresh connection.
  template <class Work>
  std::invoke_result_t<Work&, Connection&> with_connection(Work&& work) {
    std::unique_ptr<Connection> conn = take();
    struct Return {
      PostgresStore& store;
      std::unique_ptr<Connection>& conn;
      ~Return() { store.give_back(std::move(conn)); }
    } give_back_on_exit{*this, conn};
    for (int attempt = 0;; ++attempt) {
      try {
        conn->ensure();
        return work(*conn);
      } catch (const StoreError&) {
        if (attempt > 0 || conn->healthy()) throw;
      }
    }
  }

  // Runs `work`, a read of several statements, in one read-only transaction on a pooled
  // connection, so that every statement sees the same snapshot (a board's total, page and rank
  // agree while runs are stored beside it).
  template <class Work>
  std::invoke_result_t<Work&, Connection&> with_snapshot(Work&& work) {
    return with_connection([&](Connection& c) {
      c.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      try {
        auto result = work(c);
        c.run("COMMIT");
        return result;
      } catch (...) {
        if (c.healthy()) PQclear(PQexec(c.raw(), "ROLLBACK"));
        throw;
      }
    });
  }

  std::unique_ptr<Connection> take() {
    std::unique_lock lock(mutex_);
    available_.wait(lock, [&] { return !idle_.empty(); });
    std::unique_ptr<Connection> c = std::move(idle_.back());
    idle_.pop_back();
    return c;
  }

  void give_back(std::unique_ptr<Connection> c) {
    {
      std::lock_guard lock(mutex_);
      idle_.push_back(std::move(c));
    }
    available_.notify_one();
  }

  // Applies the missing migrations under an advisory lock, each in its own transaction.
  static void migrate(Connection& c) {
    c.run("SELECT pg_advisory_lock($1)", Params().add(kMigrationLock));
    try {
      c.run(
          "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
          "applied_at TIMESTAMPTZ NOT NULL DEFAULT now())");
      int64_t version =
          c.run("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").integer(0, 0);
      auto count = static_cast<int64_t>(migration_count());
      if (version > count) {
        throw StoreError("postgres: the database is at schema version " + std::to_string(version) +
                         ", newer than this program's " + std::to_string(count));
      }
      for (auto v = static_cast<size_t>(version); v < migration_count(); ++v) {
        c.run("BEGIN");
        try {
          std::string script = migration(Dialect::kPostgres, v);
          for (std::string_view statement : split_statements(script)) c.run(statement);
          c.run("INSERT INTO schema_migrations (version) VALUES ($1)",
                Params().add(static_cast<int64_t>(v + 1)));
          c.run("COMMIT");
        } catch (...) {
          if (c.healthy()) PQclear(PQexec(c.raw(), "ROLLBACK"));
          throw;
        }
      }
    } catch (...) {
      if (c.healthy()) PQclear(PQexec(c.raw(), "SELECT pg_advisory_unlock_all()"));
      throw;
    }
    c.run("SELECT pg_advisory_unlock($1)", Params().add(kMigrationLock));
  }

  // Splits a migration at its semicolons (the migrations hold no semicolons inside literals).
  static std::vector<std::string_view> split_statements(std::string_view script) {
    std::vector<std::string_view> out;
    while (!script.empty()) {
      size_t end = script.find(';');
      std::string_view statement = script.substr(0, end);
      if (statement.find_first_not_of(" \n\t") != std::string_view::npos) out.push_back(statement);
      script.remove_prefix(end == std::string_view::npos ? script.size() : end + 1);
    }
    return out;
  }

  static Params new_run_params(const NewRun& run) {
    Params p;
    add_new_run(p, run);
    return p;
  }

  static Params board_params(const BoardQuery& q) {
    Params p;
    add_board_filter(p, q);
    return p;
  }

  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<Connection>> idle_;
};

}  // namespace

std::unique_ptr<Store> open_postgres_store(const std::string& url, size_t pool_size) {
  return std::make_unique<PostgresStore>(url, pool_size);
}

}  // namespace gb::store
