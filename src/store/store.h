// The store: where verified runs, name claims and the daily secret live. One interface, two
// implementations (SQLite by default, PostgreSQL for several replicas), one test suite. SQL lives
// only behind this interface, in prepared statements, with a versioned schema.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gb::store {

// The store could not answer (database down, disk full, a broken connection). Callers answer 503;
// nothing was acknowledged.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A run that replay verified, ready to be stored.
struct NewRun {
  std::string slug;
  uint32_t seed = 0;
  std::string actions_json;  // the compact JSON array that was verified
  int64_t score = 0;
  int64_t length = 0;  // actions
  int64_t steps = 0;   // engine steps
  bool over = false;
  std::string state_hash;  // fnv1a64 of the final state's JSON, hex
  std::string name;        // as shown (trimmed, NFC)
  std::string name_key;    // identity of the name (NFKC case-folded): who owns it
  std::string kind;        // "human" or "agent"
  std::string agent;       // the submitter's label, may be empty
  uint32_t rules_version = 0;
  std::string run_key;     // idempotency key over (slug, seed, actions, name_key, kind)
  std::string created_at;  // ISO-8601 UTC with milliseconds, e.g. 2026-12-03T11:05:42.123Z
  std::string day;         // created_at's UTC date, YYYY-MM-DD
  // A scorecard slot this run fills (SPEC section 14), or an empty card_id for a plain run.
  std::string card_id;
  int64_t slot = 0;
};

struct StoredRun : NewRun {
  int64_t id = 0;
  bool hidden = false;
};

// kCreated: stored (for a slot: the slot now holds the run). kExisting: already stored (for a
// slot: the slot already held this run). kNameTaken: the token does not match the name's.
// kSlotFilled: the slot holds another run. kCardClosed: the card is closed or past its deadline.
// The last three store nothing.
enum class SubmitStatus { kCreated, kExisting, kNameTaken, kSlotFilled, kCardClosed };

struct SubmitResult {
  SubmitStatus status = SubmitStatus::kCreated;
  StoredRun run;              // the stored run (new or existing); empty for kNameTaken
  bool name_claimed = false;  // this call claimed the name with the fresh token's hash
};

// Which board: per game, per kind ("human", "agent" or "all"), optionally one seed and one day.
struct BoardQuery {
  std::string slug;
  std::string kind = "human";
  uint32_t rules_version = 0;
  std::optional<uint32_t> seed;
  std::optional<std::string> day;  // YYYY-MM-DD: only runs created that day
  int64_t limit = 20;
  int64_t offset = 0;
};

struct BoardEntry {
  int64_t rank = 0;
  int64_t id = 0;
  std::string name;
  std::string kind;
  std::string agent;
  int64_t score = 0;
  int64_t length = 0;
  uint32_t seed = 0;
  std::string created_at;
};

struct Board {
  int64_t total = 0;  // names on the board
  std::vector<BoardEntry> entries;
};

// A game an MCP client holds on the server: the game is its (slug, seed, actions), replayed to get
// its state. `id` is a server-minted random handle.
struct HeldGame {
  std::string id;
  std::string slug;
  uint32_t seed = 0;
  std::string actions_json = "[]";  // compact JSON array of the actions applied so far
  int64_t length = 0;               // how many actions actions_json holds
  std::string client;               // who started it (live games are bounded per client)
  std::string created_at;           // ISO-8601 UTC, as NewRun's
  std::string updated_at;           // the last move; idle games expire from here
};

// Which runs the open-data listing returns: visible ones with an id above `after`, optionally of
// one game and one kind ("human" or "agent"), at most `limit`.
struct RunListQuery {
  std::optional<std::string> slug;
  std::optional<std::string> kind;
  int64_t after = 0;
  int64_t limit = 100;
};

// One slot of a scorecard: its game, seed and cap, and the run that fills it (none yet: 0).
// `score` is the run's score, or nullopt while the slot is empty or its run is hidden.
struct CardSlot {
  int64_t index = 0;
  std::string slug;
  uint32_t seed = 0;
  int64_t max_actions = 0;
  int64_t run_id = 0;
  std::optional<int64_t> score;
};

// Who a card measures, as its submitter describes it (every field may be empty).
struct CardAgent {
  std::string label;
  std::string model;
  std::string harness;
  std::string notes;
};

// A scorecard (SPEC section 14). Times are ISO-8601 UTC like NewRun's; `closed_at` is empty
// while the card is open; `usage_json` is the submitter's report as the codec wrote it ("" none).
struct Card {
  std::string id;
  std::string suite;
  std::string name;
  std::string name_key;
  CardAgent agent;
  std::string opened_at;
  std::string deadline;
  std::string closed_at;
  std::string usage_json;
  std::vector<CardSlot> slots;  // by index
};

enum class OpenCardStatus { kOpened, kNameTaken, kTooManyOpen };

struct OpenCardResult {
  OpenCardStatus status = OpenCardStatus::kOpened;
  bool name_claimed = false;  // this call claimed the name with the fresh token's hash
};

// What changes an agents' board other than the human references: its suite's finished cards
// (closed or past their deadline: they never reopen and take no more runs), known by
// `expired_cards`, the suite's cards past their deadline and never closed, and `card_closes`,
// how many cards of any suite were ever closed (both only grow, and one of them grows with each
// card that finishes); and `moderations`, how many times any run was hidden or shown.
struct BoardInputs {
  int64_t expired_cards = 0;
  int64_t card_closes = 0;
  int64_t moderations = 0;
  bool operator==(const BoardInputs&) const = default;
};

// One slot of a finished card on a suite's agents' board, with its card's owner and agent.
struct PooledSlot {
  std::string name_key;
  std::string name;
  std::string card_id;
  CardAgent agent;
  std::string slug;
  std::optional<int64_t> score;  // nullopt: empty, or its run hidden
};

// The middle of a game's sorted visible scores of one kind: `count` runs, and the one (odd
// count) or two (even count) middle scores; empty when there are none.
struct MiddleScores {
  int64_t count = 0;
  std::vector<int64_t> middle;
};

class Store {
 public:
  virtual ~Store() = default;

  // Stores `run` once, atomically with its name check: a new name is claimed with
  // `fresh_token_hash`; a claimed name needs `presented_token_hash` to equal its hash (else
  // kNameTaken, nothing stored). A run whose run_key is already stored answers kExisting with the
  // stored run, whatever the token (resubmitting is idempotent). Keeps each board's bests in the
  // same transaction. A run for a card's slot (card_id set) fills that slot instead and claims
  // no name (its card's is claimed): `fresh_token_hash` is unused and may be empty. Returns only
  // once the run is durable. Throws StoreError.
  virtual SubmitResult submit(const NewRun& run, std::string_view presented_token_hash,
                              std::string_view fresh_token_hash) = 0;

  // Returns run `id` (hidden or not), or nullopt.
  virtual std::optional<StoredRun> run(int64_t id) = 0;

  // Hides or shows run `id`, files its name's bests again and counts one more moderation
  // (BoardInputs); false when there is no such run.
  virtual bool set_hidden(int64_t id, bool hidden) = 0;

  // Returns one page of a board: each name's best visible run of the query's rules version (the
  // earliest breaks ties), by descending score, equal scores sharing a rank (1 2 2 4) and listed
  // earliest first. Reads the bests table, so a page costs what it shows.
  virtual Board leaderboard(const BoardQuery& query) = 0;

  // The same board computed from every stored run (the query boards used before the bests
  // table): the reference that checks bests, slow on a large store.
  virtual Board leaderboard_by_scan(const BoardQuery& query) = 0;

  // Returns the rank `score` holds on the all-time board of (slug, kind, version): one more than
  // the number of other names whose best is higher.
  virtual int64_t rank_of(std::string_view slug, std::string_view kind, uint32_t rules_version,
                          int64_t score, std::string_view name_key) = 0;

  // Returns the value stored under `key`, storing `value` first when there is none (the first
  // writer wins, also across servers sharing the store).
  virtual std::string get_or_put_setting(std::string_view key, std::string_view value) = 0;

  // Stores a new held game unless its client already holds `max_per_client` games or a game
  // with its id exists (false then).
  virtual bool create_game(const HeldGame& game, int64_t max_per_client) = 0;

  // Returns held game `id` with all its actions, or nullopt.
  virtual std::optional<HeldGame> game(std::string_view id) = 0;

  // Returns held game `id` without its actions (actions_json empty): what a caller that keeps
  // the game's position reads to learn its length, at a cost that does not grow with it.
  virtual std::optional<HeldGame> game_head(std::string_view id) = 0;

  // Appends `added_actions` (the new actions' JSON values, comma-separated, no brackets) to game
  // `id`, which then holds `length` actions, and sets its updated_at, but only while it still
  // holds `expected_length` actions, so two replicas moving one game at once never lose a move;
  // false when the game is gone or moved meanwhile. Writes only what is added (a row of
  // game_moves), so a move costs the same on a game of 10 or 10,000 actions.
  virtual bool append_game_actions(std::string_view id, int64_t expected_length,
                                   std::string_view added_actions, int64_t length,
                                   std::string_view updated_at) = 0;

  // Deletes the games last moved before `cutoff` (ISO-8601 UTC); returns how many.
  virtual int64_t expire_games(std::string_view cutoff) = 0;

  // The number of held games `client` has.
  virtual int64_t count_games(std::string_view client) = 0;

  // The number of held games (of every client) moved at or after `since` (ISO-8601 UTC): the live
  // games that /metrics reports.
  virtual int64_t count_live_games(std::string_view since) = 0;

  // The schema version the store is at (the number of migrations applied).
  virtual int schema_version() = 0;

  // Checks the store's own consistency (SQLite's integrity_check); "" when sound.
  virtual std::string integrity_problem() = 0;

  // Returns the visible runs matching `query` with an id above query.after, by ascending id, at
  // most query.limit of them (the open-data listing).
  virtual std::vector<StoredRun> list_runs(const RunListQuery& query) = 0;

  // Opens `card` with its slots (their run_id and score ignored), atomically with its name
  // check (as submit's: a new name is claimed with `fresh_token_hash`), unless the name already
  // has `max_open` cards open (not closed, deadline after card.opened_at). Throws StoreError.
  virtual OpenCardResult open_card(const Card& card, std::string_view presented_token_hash,
                                   std::string_view fresh_token_hash, int64_t max_open) = 0;

  // Returns card `id` with its slots, or nullopt.
  virtual std::optional<Card> card(std::string_view id) = 0;

  // Returns card `id` with what a slot fill is checked against: its id, suite, name, name key,
  // opening, deadline and closing, and its slots' index, game, seed and cap (agent and usage
  // empty, run_id 0, no score), or nullopt. Cheaper than `card`: no slot's run is read.
  virtual std::optional<Card> card_terms(std::string_view id) = 0;

  // Returns card `id` with only its slot `index` in `slots` (none when it has no such slot;
  // run_id set, score not read), or nullopt: what checking a run aimed at that slot needs.
  virtual std::optional<Card> card_with_slot(std::string_view id, int64_t index) = 0;

  // Closes card `id` at `closed_at` with `usage_json`, if it is still open and its deadline is
  // after `closed_at`; false otherwise (unknown, closed or expired).
  virtual bool close_card(std::string_view id, std::string_view closed_at,
                          std::string_view usage_json) = 0;

  // Every slot of every card of `suite` that is closed or whose deadline is at or before `now`,
  // by name_key, then card (opening order), then slot index.
  virtual std::vector<PooledSlot> finished_card_slots(std::string_view suite,
                                                      std::string_view now) = 0;

  // What `suite`'s agents' board at `now` is computed from, short of the slots themselves.
  virtual BoardInputs board_inputs(std::string_view suite, std::string_view now) = 0;

  // The token hash of the name whose key is `name_key`, or nullopt when it is unclaimed.
  virtual std::optional<std::string> name_token_hash(std::string_view name_key) = 0;

  // The middle scores of the visible runs of (slug, rules version, kind): the median's inputs.
  virtual MiddleScores middle_scores(std::string_view slug, uint32_t rules_version,
                                     std::string_view kind) = 0;
};

// Opens the store named by `db` ("" for the default SQLite file in `data_dir`, "sqlite:PATH", or a
// "postgresql://" / "postgres://" URL), creating the data folder and file on first use and
// applying the migrations. Throws StoreError with the reason.
std::unique_ptr<Store> open_store(std::string_view db, std::string_view data_dir);

// The default SQLite file inside `data_dir`.
std::string default_sqlite_path(std::string_view data_dir);

}  // namespace gb::store
