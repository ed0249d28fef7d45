#include "store/sqlite_store.h"

#include <sqlite3.h>

#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <vector>

#include "store/rows.h"
#include "store/sqlite_readers.h"
#include "store/sqlite_statements.h"
#include "store/store_sql.h"

namespace gb::store {
namespace {

class SqliteStore final : public Store {
 public:
  // The read-only connections: as many as the server's default work threads (`serve
  // --work-threads`), so at the default no read waits for a connection; with more threads, reads
  // past four wait for a free one, never for the writer.
  static constexpr size_t kReaders = 4;

  explicit SqliteStore(const std::string& path) {
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
    if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
      std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw StoreError("sqlite: cannot open " + path + ": " + why);
    }
    sqlite3_busy_timeout(db_, 10'000);
    writes_ = std::make_unique<StatementCache>(db_);
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=FULL");
    exec("PRAGMA foreign_keys=ON");
    // A checkpoint runs on the writer and holds up every queued submission. At SQLite's default
    // (every 1,000 pages, 4 MB) it ran every few dozen submissions; at 16,000 pages (64 MB of
    // WAL) submissions went from about 760 to 940 a second (docs/performance.md).
    exec("PRAGMA wal_autocheckpoint=16000");
    migrate();
    readers_ = std::make_unique<SqliteReaders>(path, kReaders, *writes_, mutex_);
  }
  ~SqliteStore() override {
    readers_.reset();
    writes_.reset();
    sqlite3_close(db_);
  }

  // Queues `run` and returns once the commit that stores it is done. Concurrent submissions share
  // one transaction and one fsync (group commit): a caller that finds no writer at work becomes
  // the writer, stores everything queued (its own run among it) in one batch and wakes the
  // others; a caller left in the queue becomes the next writer.
  SubmitResult submit(const NewRun& run, std::string_view presented_token_hash,
                      std::string_view fresh_token_hash) override {
    PendingSubmit pending;
    pending.run = &run;
    pending.presented_token_hash = presented_token_hash;
    pending.fresh_token_hash = fresh_token_hash;
    std::unique_lock lock(queue_mutex_);
    queue_.push_back(&pending);
    while (!pending.done) {
      if (writing_) {
        committed_.wait(lock, [&] { return pending.done || !writing_; });
        continue;
      }
      writing_ = true;
      std::vector<PendingSubmit*> batch;
      batch.swap(queue_);
      lock.unlock();
      write_batch(batch);
      lock.lock();
      for (PendingSubmit* p : batch) p->done = true;
      writing_ = false;
      committed_.notify_all();
    }
    if (pending.error) std::rethrow_exception(pending.error);
    return pending.result;
  }

  std::optional<StoredRun> run(int64_t id) override {
    SqliteReaders::Lease reader = readers_->lease();
    Statement select(reader.statements(), select_run_by_id_sql(Dialect::kSqlite));
    select.bind(1, id);
    if (!select.step()) return std::nullopt;
    return read_run(select);
  }

  bool set_hidden(int64_t id, bool hidden) override {
    std::lock_guard lock(mutex_);
    Transaction tx(*this);
    Statement update(*writes_, kSetRunHidden);
    update.bind(1, int64_t{hidden ? 1 : 0});
    update.bind(2, id);
    update.step();
    if (sqlite3_changes(db_) == 0) return false;
    count_one(kModerationsCounter);
    Statement select(*writes_, select_run_by_id_sql(Dialect::kSqlite));
    select.bind(1, id);
    if (!select.step()) return false;
    StoredRun run = read_run(select);
    for (const std::string& sql : {uncount_bests_sql(), delete_bests_sql(Dialect::kSqlite),
                                   refile_bests_sql(Dialect::kSqlite), recount_bests_sql()}) {
      Statement step(*writes_, sql);
      add_run_keys(step, run);
      step.step();
    }
    tx.commit();
    return true;
  }

  Board leaderboard(const BoardQuery& query) override {
    std::optional<std::string> scope = bests_scope(query);
    if (!scope) return leaderboard_by_scan(query);
    SqliteReaders::Lease reader = readers_->lease();
    SqliteReadSnapshot snapshot(reader.db());
    Board board;
    Statement count(reader.statements(), bests_count_sql(Dialect::kSqlite));
    add_board_key(count, query, *scope);
    if (count.step()) board.total = count.integer(0);
    PageWindow window = page_window(board.total, query.limit, query.offset);
    Statement page(
        reader.statements(),
        bests_page_sql(Dialect::kSqlite, window.from_bottom ? PageSide::kBottom : PageSide::kTop));
    add_board_key(page, query, *scope);
    page.add(window.limit);
    page.add(window.offset);
    while (page.step()) board.entries.push_back(read_entry(page));
    if (board.entries.empty()) return board;
    const BoardEntry& first = board.entries.front();
    Statement ties(reader.statements(), bests_ties_before_sql(Dialect::kSqlite));
    add_board_key(ties, query, *scope);
    ties.add(first.score);
    ties.add(first.created_at);
    ties.add(first.id);
    ties.step();
    rank_page(board, query.offset, query.offset - ties.integer(0));
    return board;
  }

  Board leaderboard_by_scan(const BoardQuery& query) override {
    SqliteReaders::Lease reader = readers_->lease();
    SqliteReadSnapshot snapshot(reader.db());
    Board board;
    Statement count(reader.statements(), board_count_sql(Dialect::kSqlite));
    add_board_filter(count, query);
    if (count.step()) board.total = count.integer(0);
    Statement page(reader.statements(), board_page_sql(Dialect::kSqlite));
    add_board_filter(page, query);
    page.add(query.limit);
    page.add(query.offset);
    while (page.step()) board.entries.push_back(read_entry(page));
    return board;
  }

  int64_t rank_of(std::string_view slug, std::string_view kind, uint32_t rules_version,
                  int64_t score, std::string_view name_key) override {
    SqliteReaders::Lease reader = readers_->lease();
    Statement rank(reader.statements(), bests_rank_sql(Dialect::kSqlite));
    rank.bind(1, slug);
    rank.bind(2, kind);
    rank.bind(3, static_cast<int64_t>(rules_version));
    rank.bind(4, score);
    rank.bind(5, name_key);
    rank.step();
    return 1 + rank.integer(0);
  }

  std::string get_or_put_setting(std::string_view key, std::string_view value) override {
    std::lock_guard lock(mutex_);
    Transaction tx(*this);
    Statement put(*writes_, kInsertSetting);
    put.bind(1, key);
    put.bind(2, value);
    put.step();
    Statement get(*writes_, kSelectSetting);
    get.bind(1, key);
    get.step();
    std::string stored = get.text(0);
    tx.commit();
    return stored;
  }

  bool create_game(const HeldGame& game, int64_t max_per_client) override {
    std::lock_guard lock(mutex_);
    Statement insert(*writes_, kInsertGame);
    insert.bind(1, game.id);
    insert.bind(2, game.slug);
    insert.bind(3, static_cast<int64_t>(game.seed));
    insert.bind(4, game.actions_json);
    insert.bind(5, game.length);
    insert.bind(6, game.client);
    insert.bind(7, game.created_at);
    insert.bind(8, game.updated_at);
    insert.bind(9, max_per_client);
    insert.step();
    return sqlite3_changes(db_) > 0;
  }

  std::optional<HeldGame> game(std::string_view id) override {
    SqliteReaders::Lease reader = readers_->lease();
    SqliteReadSnapshot snapshot(reader.db());
    Statement select(reader.statements(), select_game_by_id_sql(Dialect::kSqlite));
    select.bind(1, id);
    if (!select.step()) return std::nullopt;
    HeldGame game = read_game(select);
    Statement moves(reader.statements(), kSelectGameMoves);
    moves.bind(1, id);
    while (moves.step()) append_move(game.actions_json, moves.text(0));
    return game;
  }

  std::optional<HeldGame> game_head(std::string_view id) override {
    SqliteReaders::Lease reader = readers_->lease();
    Statement select(reader.statements(), kSelectGameHead);
    select.bind(1, id);
    if (!select.step()) return std::nullopt;
    return read_game(select);
  }

  bool append_game_actions(std::string_view id, int64_t expected_length,
                           std::string_view added_actions, int64_t length,
                           std::string_view updated_at) override {
    std::lock_guard lock(mutex_);
    Transaction tx(*this);
    Statement move(*writes_, kMoveGame);
    move.bind(1, id);
    move.bind(2, expected_length);
    move.bind(3, length);
    move.bind(4, updated_at);
    move.step();
    if (sqlite3_changes(db_) == 0) return false;  // rolled back: nothing was written
    Statement insert(*writes_, kInsertGameMove);
    insert.bind(1, id);
    insert.bind(2, expected_length);
    insert.bind(3, added_actions);
    insert.step();
    tx.commit();
    return true;
  }

  int64_t expire_games(std::string_view cutoff) override {
    std::lock_guard lock(mutex_);
    Transaction tx(*this);
    Statement moves(*writes_, kExpireGameMoves);
    moves.bind(1, cutoff);
    moves.step();
    Statement remove(*writes_, kExpireGames);
    remove.bind(1, cutoff);
    remove.step();
    int64_t removed = sqlite3_changes(db_);
    tx.commit();
    return removed;
  }

  int64_t count_games(std::string_view client) override { return count(kCountClientGames, client); }

  int64_t count_live_games(std::string_view since) override {
    return count(kCountLiveGames, since);
  }

  int schema_version() override {
    std::lock_guard lock(mutex_);
    return static_cast<int>(user_version());
  }

  std::string integrity_problem() override {
    std::lock_guard lock(mutex_);
    Statement check(*writes_, "PRAGMA integrity_check");
    std::string problems;
    while (check.step()) {
      std::string line = check.text(0);
      if (line != "ok") problems += line + "\n";
    }
    return problems;
  }

  std::vector<StoredRun> list_runs(const RunListQuery& query) override {
    SqliteReaders::Lease reader = readers_->lease();
    Statement select(reader.statements(), std::string(kSelectRun) + std::string(kListRuns));
    add_run_list(select, query);
    std::vector<StoredRun> runs;
    while (select.step()) runs.push_back(read_run(select));
    return runs;
  }

  OpenCardResult open_card(const Card& card, std::string_view presented_token_hash,
                           std::string_view fresh_token_hash, int64_t max_open) override {
    std::lock_guard lock(mutex_);
    Transaction tx(*this);
    OpenCardResult result;
    NameCheck name =
        check_or_claim(card.name_key, presented_token_hash, fresh_token_hash, card.opened_at);
    if (name == NameCheck::kTaken) {
      result.status = OpenCardStatus::kNameTaken;
      return result;
    }
    result.name_claimed = name == NameCheck::kClaimed;
    Statement open(*writes_, kCountOpenCards);
    open.bind(1, card.name_key);
    open.bind(2, card.opened_at);
    open.step();
    if (open.integer(0) >= max_open) {
      result.status = OpenCardStatus::kTooManyOpen;
      return result;  // rolled back, the claim with it
    }
    Statement insert(*writes_, kInsertCard);
    add_new_card(insert, card);
    insert.step();
    // The name's token hash, which each slot keeps for its fill's check.
    std::string_view token_hash = result.name_claimed ? fresh_token_hash : presented_token_hash;
    for (const CardSlot& slot : card.slots) {
      Statement add(*writes_, kInsertCardSlot);
      add_card_slot(add, card, slot, token_hash);
      add.step();
    }
    tx.commit();
    return result;
  }

  std::optional<Card> card(std::string_view id) override {
    SqliteReaders::Lease reader = readers_->lease();
    Statement select(reader.statements(), kSelectCardAndSlots);
    select.bind(1, id);
    if (!select.step()) return std::nullopt;
    Card card = read_card(select);
    do {
      add_slot_of_row(card, select);
    } while (select.step());
    return card;
  }

  std::optional<Card> card_terms(std::string_view id) override {
    SqliteReaders::Lease reader = readers_->lease();
    Statement row(reader.statements(), kSelectCardTerms);
    row.bind(1, id);
    if (!row.step()) return std::nullopt;
    Card card = read_card(row);
    Statement slots(reader.statements(), kSelectCardSlotTerms);
    slots.bind(1, id);
    while (slots.step()) card.slots.push_back(read_card_slot(slots));
    return card;
  }

  std::optional<Card> card_with_slot(std::string_view id, int64_t index) override {
    SqliteReaders::Lease reader = readers_->lease();
    Statement select(reader.statements(), kSelectCardWithSlot);
    select.bind(1, id);
    select.bind(2, index);
    if (!select.step()) return std::nullopt;
    return read_card_with_slot(select);
  }

  bool close_card(std::string_view id, std::string_view closed_at,
                  std::string_view usage_json) override {
    std::lock_guard lock(mutex_);
    Transaction tx(*this);
    Statement close(*writes_, kCloseCard);
    close.bind(1, id);
    close.bind(2, closed_at);
    close.bind(3, usage_json);
    close.step();
    if (sqlite3_changes(db_) != 1) return false;
    Statement shut(*writes_, kCloseCardSlots);
    shut.bind(1, id);
    shut.step();
    count_one(kCardClosesCounter);
    tx.commit();
    return true;
  }

  std::vector<PooledSlot> finished_card_slots(std::string_view suite,
                                              std::string_view now) override {
    SqliteReaders::Lease reader = readers_->lease();
    Statement select(reader.statements(), kSelectFinishedSlots);
    select.bind(1, suite);
    select.bind(2, now);
    std::vector<PooledSlot> slots;
    while (select.step()) slots.push_back(read_pooled_slot(select));
    return slots;
  }

  BoardInputs board_inputs(std::string_view suite, std::string_view now) override {
    SqliteReaders::Lease reader = readers_->lease();
    Statement select(reader.statements(), kSelectBoardInputs);
    select.bind(1, suite);
    select.bind(2, now);
    select.bind(3, kCardClosesCounter);
    select.bind(4, kModerationsCounter);
    select.step();
    return {select.integer(0), select.integer(1), select.integer(2)};
  }

  std::optional<std::string> name_token_hash(std::string_view name_key) override {
    SqliteReaders::Lease reader = readers_->lease();
    Statement owner(reader.statements(), kSelectNameOwner);
    owner.bind(1, name_key);
    if (!owner.step()) return std::nullopt;
    return owner.text(0);
  }

  MiddleScores middle_scores(std::string_view slug, uint32_t rules_version,
                             std::string_view kind) override {
    SqliteReaders::Lease reader = readers_->lease();
    SqliteReadSnapshot snapshot(reader.db());
    MiddleScores out;
    Statement count(reader.statements(), kCountKindRuns);
    count.bind(1, slug);
    count.bind(2, int64_t{rules_version});
    count.bind(3, kind);
    count.step();
    out.count = count.integer(0);
    if (out.count == 0) return out;
    auto [limit, offset] = middle_window(out.count);
    Statement middle(reader.statements(), kSelectMiddleScores);
    middle.bind(1, slug);
    middle.bind(2, int64_t{rules_version});
    middle.bind(3, kind);
    middle.bind(4, limit);
    middle.bind(5, offset);
    while (middle.step()) out.middle.push_back(middle.integer(0));
    return out;
  }

 private:
  // One submission waiting in the queue for the writer, and what became of it.
  struct PendingSubmit {
    const NewRun* run = nullptr;
    std::string_view presented_token_hash;
    std::string_view fresh_token_hash;
    SubmitResult result;
    std::exception_ptr error;  // set instead of result when it failed
    bool done = false;         // its batch is committed (or failed); guarded by queue_mutex_
  };

  // Stores `batch` in one transaction, each submission under its own savepoint so one that
  // fails leaves the others whole. A failed commit fails every submission of the batch: none is
  // acknowledged, and the client may retry.
  void write_batch(const std::vector<PendingSubmit*>& batch) {
    std::lock_guard lock(mutex_);
    try {
      Transaction tx(*this);
      for (PendingSubmit* p : batch) {
        run("SAVEPOINT submission");
        try {
          p->result = submit_in_transaction(*p->run, p->presented_token_hash, p->fresh_token_hash);
          if (refused(p->result.status)) run("ROLLBACK TO submission");
        } catch (...) {
          run("ROLLBACK TO submission");
          p->error = std::current_exception();
        }
        run("RELEASE submission");
      }
      tx.commit();
    } catch (...) {
      for (PendingSubmit* p : batch) p->error = std::current_exception();
    }
  }

  // Checks the name and stores `run` inside the open transaction (see Store::submit).
  SubmitResult submit_in_transaction(const NewRun& run, std::string_view presented_token_hash,
                                     std::string_view fresh_token_hash) {
    if (!run.card_id.empty()) return fill_slot_in_transaction(run, presented_token_hash);
    SubmitResult result;
    // A run already stored is answered as it is, token or not: resubmitting is idempotent.
    Statement existing(*writes_, select_run_by_key_sql(Dialect::kSqlite));
    existing.bind(1, run.run_key);
    if (existing.step()) {
      result.status = SubmitStatus::kExisting;
      result.run = read_run(existing);
      return result;  // nothing written
    }
    NameCheck name =
        check_or_claim(run.name_key, presented_token_hash, fresh_token_hash, run.created_at);
    if (name == NameCheck::kTaken) {
      result.status = SubmitStatus::kNameTaken;
      return result;  // nothing written
    }
    result.name_claimed = name == NameCheck::kClaimed;
    Statement insert(*writes_, kInsertRun);
    add_new_run(insert, run);
    insert.step();
    result.status = SubmitStatus::kCreated;
    result.run.NewRun::operator=(run);
    result.run.id = sqlite3_last_insert_rowid(db_);
    file_best(result.run.id);
    return result;
  }

  // Inside the open transaction: files run `id` (just inserted) in bests, first counting the
  // boards it puts the name on for the first time.
  void file_best(int64_t id) {
    // Composed once: building them cost about 5,000 instructions a submission.
    static const std::string kSteps[] = {count_new_bests_sql(), file_best_sql(Dialect::kSqlite)};
    for (const std::string& sql : kSteps) {
      Statement step(*writes_, sql);
      step.bind(1, id);
      step.step();
    }
  }

  enum class NameCheck { kOwned, kClaimed, kTaken };

  // Inside the open transaction: whether the name `name_key` is the presenter's (its token hash
  // is `presented_token_hash`), or unclaimed and now claimed with `fresh_token_hash` at `at`, or
  // someone else's (nothing written).
  NameCheck check_or_claim(std::string_view name_key, std::string_view presented_token_hash,
                           std::string_view fresh_token_hash, std::string_view at) {
    Statement owner(*writes_, kSelectNameOwner);
    owner.bind(1, name_key);
    if (owner.step()) {
      return owner.text(0) == presented_token_hash ? NameCheck::kOwned : NameCheck::kTaken;
    }
    Statement claim(*writes_,
                    "INSERT INTO names (name_key, token_hash, created_at) VALUES (?1, ?2, ?3)");
    claim.bind(1, name_key);
    claim.bind(2, fresh_token_hash);
    claim.bind(3, at);
    claim.step();
    return NameCheck::kClaimed;
  }

  // Stores `run` (unless stored) and fills its card's slot with it, inside the open transaction.
  // The card's name is claimed when the card opens, so the token must match it even for a run
  // already stored; the statement that fills checks it and the card being open on the slot's own
  // row (kFillCardSlot), as PostgreSQL's does. A refusal writes nothing that its savepoint's
  // rollback would not undo (write_batch rolls back a refused submission).
  SubmitResult fill_slot_in_transaction(const NewRun& run, std::string_view presented_token_hash) {
    SubmitResult result;
    Statement insert(*writes_, insert_new_run_sql(Dialect::kSqlite));
    add_new_run(insert, run);
    insert.step();
    if (sqlite3_changes(db_) == 1) {
      result.run.NewRun::operator=(run);
      result.run.id = sqlite3_last_insert_rowid(db_);
      file_best(result.run.id);
    } else {
      Statement existing(*writes_, select_run_by_key_sql(Dialect::kSqlite));
      existing.bind(1, run.run_key);
      if (!existing.step()) throw StoreError("sqlite: a conflicting run vanished");
      result.run = read_run(existing);
    }
    Statement fill(*writes_, fill_card_slot_sql(Dialect::kSqlite));
    add_slot_fill(fill, run, result.run.id, presented_token_hash);
    fill.step();
    result.status = sqlite3_changes(db_) == 1
                        ? SubmitStatus::kCreated
                        : fill_refusal(run, result.run.id, presented_token_hash);
    return result;
  }

  // Inside the open transaction, after a fill changed nothing: why (fill_refusal_of).
  SubmitStatus fill_refusal(const NewRun& run, int64_t run_id,
                            std::string_view presented_token_hash) {
    Statement why(*writes_, kSelectFillRefusal);
    why.bind(1, run.card_id);
    why.bind(2, run.slot);
    why.bind(3, run.name_key);
    // The statement answers one row whatever the store holds.
    return why.step() ? fill_refusal_of(why, presented_token_hash, run_id)
                      : SubmitStatus::kNameTaken;
  }

  // BEGIN IMMEDIATE on construction; rolls back on destruction unless committed.
  class Transaction {
   public:
    explicit Transaction(SqliteStore& store) : store_(store) { store_.run("BEGIN IMMEDIATE"); }
    ~Transaction() {
      if (!done_) sqlite3_exec(store_.db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit() {
      store_.run("COMMIT");
      done_ = true;
    }

   private:
    SqliteStore& store_;
    bool done_ = false;
  };

  // Runs `sql`, one statement without rows, as a cached statement on the writing connection.
  void run(std::string_view sql) {
    Statement statement(*writes_, sql);
    statement.step();
  }

  // Inside the open transaction: adds one to the settings counter `counter`.
  void count_one(std::string_view counter) {
    Statement count(*writes_, count_one_sql(Dialect::kSqlite));
    count.bind(1, counter);
    count.step();
  }

  // Runs `sql`, any number of statements (a migration's), prepared for this call only.
  void exec(const char* sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
      std::string why = error ? error : sqlite3_errmsg(db_);
      sqlite3_free(error);
      throw StoreError("sqlite: " + why);
    }
  }

  int64_t user_version() {
    Statement version(*writes_, "PRAGMA user_version");
    version.step();
    return version.integer(0);
  }

  // Applies the migrations past the file's user_version, each in its own transaction.
  void migrate() {
    std::lock_guard lock(mutex_);
    for (;;) {
      Transaction tx(*this);
      int64_t version = user_version();
      auto count = static_cast<int64_t>(migration_count());
      if (version > count) {
        throw StoreError("sqlite: the database is at schema version " + std::to_string(version) +
                         ", newer than this program's " + std::to_string(count));
      }
      if (version == count) {
        tx.commit();
        return;
      }
      exec(migration(Dialect::kSqlite, static_cast<size_t>(version)).c_str());
      exec(("PRAGMA user_version = " + std::to_string(version + 1)).c_str());
      tx.commit();
    }
  }

  // Runs a COUNT(*) query `sql` whose one parameter ?1 is `arg`.
  int64_t count(std::string_view sql, std::string_view arg) {
    SqliteReaders::Lease reader = readers_->lease();
    Statement query(reader.statements(), sql);
    query.bind(1, arg);
    query.step();
    return query.integer(0);
  }

  sqlite3* db_ = nullptr;
  std::unique_ptr<StatementCache> writes_;  // db_'s statements
  std::mutex mutex_;                        // the connection
  // The read-only connections of every read that writes nothing (db_ for a database in memory).
  std::unique_ptr<SqliteReaders> readers_;
  // The group commit's queue, whether a writer is draining it, and the wake-up of its waiters.
  std::mutex queue_mutex_;
  std::vector<PendingSubmit*> queue_;
  bool writing_ = false;
  std::condition_variable committed_;
};

}  // namespace

std::unique_ptr<Store> open_sqlite_store(const std::string& path) {
  return std::make_unique<SqliteStore>(path);
}

}  // namespace gb::store
