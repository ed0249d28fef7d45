// The row mapping both stores share: reading a run, a board entry and a held game from a result
// row, and handing a new run's and a board query's parameters over in their SQL's order. A
// backend adapts its own row (integer(col), text(col)) and parameter sink (add(value), null()).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "store/store.h"

namespace gb::store {

// A run from a row of kSelectRun's columns.
template <class Row>
StoredRun read_run(const Row& row) {
  StoredRun run;
  run.id = row.integer(0);
  run.run_key = row.text(1);
  run.slug = row.text(2);
  run.seed = static_cast<uint32_t>(row.integer(3));
  run.actions_json = row.text(4);
  run.score = row.integer(5);
  run.length = row.integer(6);
  run.steps = row.integer(7);
  run.over = row.integer(8) != 0;
  run.state_hash = row.text(9);
  run.name = row.text(10);
  run.name_key = row.text(11);
  run.kind = row.text(12);
  run.agent = row.text(13);
  run.rules_version = static_cast<uint32_t>(row.integer(14));
  run.created_at = row.text(15);
  run.day = row.text(16);
  run.hidden = row.integer(17) != 0;
  return run;
}

// A board entry from a row of board_page_sql's columns.
template <class Row>
BoardEntry read_entry(const Row& row) {
  BoardEntry e;
  e.rank = row.integer(0);
  e.id = row.integer(1);
  e.name = row.text(2);
  e.kind = row.text(3);
  e.agent = row.text(4);
  e.score = row.integer(5);
  e.length = row.integer(6);
  e.seed = static_cast<uint32_t>(row.integer(7));
  e.created_at = row.text(8);
  return e;
}

// A held game from a row of kSelectGame's columns.
template <class Row>
HeldGame read_game(const Row& row) {
  HeldGame game;
  game.id = row.text(0);
  game.slug = row.text(1);
  game.seed = static_cast<uint32_t>(row.integer(2));
  game.actions_json = row.text(3);
  game.length = row.integer(4);
  game.client = row.text(5);
  game.created_at = row.text(6);
  game.updated_at = row.text(7);
  return game;
}

// Appends a move's actions (comma-separated JSON values) to a game's action array `json`.
inline void append_move(std::string& json, std::string_view move) {
  if (move.empty()) return;
  json.pop_back();  // the closing ']'
  if (json.size() > 1) json += ',';
  json += move;
  json += ']';
}

// Adds kInsertRun's parameters (?1 run_key .. ?16 day) to `out`, in order.
template <class Params>
void add_new_run(Params& out, const NewRun& run) {
  out.add(std::string_view(run.run_key));
  out.add(std::string_view(run.slug));
  out.add(int64_t{run.seed});
  out.add(std::string_view(run.actions_json));
  out.add(run.score);
  out.add(run.length);
  out.add(run.steps);
  out.add(int64_t{run.over ? 1 : 0});
  out.add(std::string_view(run.state_hash));
  out.add(std::string_view(run.name));
  out.add(std::string_view(run.name_key));
  out.add(std::string_view(run.kind));
  out.add(std::string_view(run.agent));
  out.add(int64_t{run.rules_version});
  out.add(std::string_view(run.created_at));
  out.add(std::string_view(run.day));
}

// Adds kBoardFilter's parameters to `out`: ?1 slug, ?2 version, ?3 kind (NULL for "all"),
// ?4 seed (NULL for any), ?5 day (NULL for any).
template <class Params>
void add_board_filter(Params& out, const BoardQuery& q) {
  out.add(std::string_view(q.slug));
  out.add(int64_t{q.rules_version});
  if (q.kind == "all") {
    out.null();
  } else {
    out.add(std::string_view(q.kind));
  }
  if (q.seed) {
    out.add(int64_t{*q.seed});
  } else {
    out.null();
  }
  if (q.day) {
    out.add(std::string_view(*q.day));
  } else {
    out.null();
  }
}

// Adds kListRuns's parameters to `out`: ?1 slug (NULL for every game), ?2 kind (NULL for every
// kind), ?3 after, ?4 limit.
template <class Params>
void add_run_list(Params& out, const RunListQuery& q) {
  if (q.slug) {
    out.add(std::string_view(*q.slug));
  } else {
    out.null();
  }
  if (q.kind) {
    out.add(std::string_view(*q.kind));
  } else {
    out.null();
  }
  out.add(q.after);
  out.add(q.limit);
}

// The bests scope of a run's seed, and of its day's challenge.
inline std::string seed_scope(uint32_t seed) {
  return "s:" + std::to_string(seed);
}
inline std::string day_scope(std::string_view day, uint32_t seed) {
  return "d:" + std::string(day) + ":" + std::to_string(seed);
}

// The bests scope a board query reads: "" all time, a seed's, or a day's challenge; nullopt for a
// day without a seed, which bests does not keep (the store reads it from the runs).
inline std::optional<std::string> bests_scope(const BoardQuery& q) {
  if (q.day && !q.seed) return std::nullopt;
  if (q.day) return day_scope(*q.day, *q.seed);
  if (q.seed) return seed_scope(*q.seed);
  return std::string();
}

// Adds a board key's parameters to `out`: ?1 slug, ?2 rules version, ?3 kind, ?4 scope.
template <class Params>
void add_board_key(Params& out, const BoardQuery& q, std::string_view scope) {
  out.add(std::string_view(q.slug));
  out.add(int64_t{q.rules_version});
  out.add(std::string_view(q.kind));
  out.add(scope);
}

// Adds the keys of `run` in bests to `out` (delete_bests_sql's and refile_bests_sql's ?1..?6).
template <class Params>
void add_run_keys(Params& out, const StoredRun& run) {
  out.add(std::string_view(run.slug));
  out.add(int64_t{run.rules_version});
  out.add(std::string_view(run.name_key));
  out.add(std::string_view(run.kind));
  out.add(std::string_view(seed_scope(run.seed)));
  out.add(std::string_view(day_scope(run.day, run.seed)));
}

// Whether a submission's outcome stores nothing, so its writes are rolled back.
inline bool refused(SubmitStatus status) {
  return status == SubmitStatus::kNameTaken || status == SubmitStatus::kSlotFilled ||
         status == SubmitStatus::kCardClosed;
}

// Why a fill of run `run_id` changed nothing, from a row of kSelectFillRefusal: kNameTaken unless
// the name is the presenter's (token hash `presented_token_hash`), else kExisting when the slot
// already holds that run, kSlotFilled when it holds another and kCardClosed when it holds none
// (the card is closed or past its deadline).
template <class Row>
SubmitStatus fill_refusal_of(const Row& row, std::string_view presented_token_hash,
                             int64_t run_id) {
  if (row.is_null(0) || row.text(0) != presented_token_hash) return SubmitStatus::kNameTaken;
  int64_t holder = row.integer(1);
  if (holder == run_id) return SubmitStatus::kExisting;
  return holder == 0 ? SubmitStatus::kCardClosed : SubmitStatus::kSlotFilled;
}

// Adds kInsertCard's parameters (?1 id .. ?10 deadline) to `out`, in order.
template <class Params>
void add_new_card(Params& out, const Card& card) {
  out.add(std::string_view(card.id));
  out.add(std::string_view(card.suite));
  out.add(std::string_view(card.name));
  out.add(std::string_view(card.name_key));
  out.add(std::string_view(card.agent.label));
  out.add(std::string_view(card.agent.model));
  out.add(std::string_view(card.agent.harness));
  out.add(std::string_view(card.agent.notes));
  out.add(std::string_view(card.opened_at));
  out.add(std::string_view(card.deadline));
}

// Adds kInsertCardSlot's parameters for `slot` of `card`, whose name's token hash is
// `token_hash`, to `out`.
template <class Params>
void add_card_slot(Params& out, const Card& card, const CardSlot& slot,
                   std::string_view token_hash) {
  out.add(std::string_view(card.id));
  out.add(slot.index);
  out.add(std::string_view(slot.slug));
  out.add(int64_t{slot.seed});
  out.add(slot.max_actions);
  out.add(std::string_view(card.deadline));
  out.add(token_hash);
}

// Adds kFillCardSlot's parameters for `run`, stored as `run_id` and presented with
// `token_hash`, to `out`.
template <class Params>
void add_slot_fill(Params& out, const NewRun& run, int64_t run_id, std::string_view token_hash) {
  out.add(run_id);
  out.add(std::string_view(run.card_id));
  out.add(run.slot);
  out.add(std::string_view(run.created_at));
  out.add(token_hash);
}

// A card without its slots from a row of kSelectCardAndSlots' card columns.
template <class Row>
Card read_card(const Row& row) {
  Card card;
  card.id = row.text(0);
  card.suite = row.text(1);
  card.name = row.text(2);
  card.name_key = row.text(3);
  card.agent = {row.text(4), row.text(5), row.text(6), row.text(7)};
  card.opened_at = row.text(8);
  card.deadline = row.text(9);
  card.closed_at = row.text(10);
  card.usage_json = row.text(11);
  return card;
}

// A slot from a row of kSelectCardAndSlots' slot columns (read through ColumnsFrom).
template <class Row>
CardSlot read_card_slot(const Row& row) {
  CardSlot slot;
  slot.index = row.integer(0);
  slot.slug = row.text(1);
  slot.seed = static_cast<uint32_t>(row.integer(2));
  slot.max_actions = row.integer(3);
  slot.run_id = row.integer(4);
  if (!row.is_null(5)) slot.score = row.integer(5);
  return slot;
}

// The columns of `row` from column `first` on, numbered from 0: for reading a row that joins two
// tables with the readers above.
template <class Row>
struct ColumnsFrom {
  const Row& row;
  int first;
  int64_t integer(int col) const { return row.integer(first + col); }
  std::string text(int col) const { return row.text(first + col); }
  bool is_null(int col) const { return row.is_null(first + col); }
};

// Adds to `card` the slot of a row of kSelectCardWithSlot or kSelectCardAndSlots, unless the
// slot's columns are NULL.
template <class Row>
void add_slot_of_row(Card& card, const Row& row) {
  ColumnsFrom<Row> slot{row, 12};
  if (!slot.is_null(0)) card.slots.push_back(read_card_slot(slot));
}

// A card with the one slot of a row of kSelectCardWithSlot, or none.
template <class Row>
Card read_card_with_slot(const Row& row) {
  Card card = read_card(row);
  add_slot_of_row(card, row);
  return card;
}

// A pooled slot from a row of kSelectFinishedSlots' columns.
template <class Row>
PooledSlot read_pooled_slot(const Row& row) {
  PooledSlot slot;
  slot.name_key = row.text(0);
  slot.name = row.text(1);
  slot.card_id = row.text(2);
  slot.agent = {row.text(3), row.text(4), row.text(5), row.text(6)};
  slot.slug = row.text(7);
  if (!row.is_null(8)) slot.score = row.integer(8);
  return slot;
}

// The LIMIT and OFFSET of kSelectMiddleScores for `count` scores: the middle one or two.
inline std::pair<int64_t, int64_t> middle_window(int64_t count) {
  return {count % 2 == 1 ? 1 : 2, (count - 1) / 2};
}

// Where a board page is read in the board's index: a page of `limit` entries from `offset` on a
// board of `total` entries is read from the top (the index in order, skipping `offset`
// entries), or from the bottom (in reverse, skipping the entries below the page) when fewer
// entries lie below the page than above it, so no page skips more than half the board. In
// reverse, `limit` and `offset` are those of the reverse read.
struct PageWindow {
  bool from_bottom = false;
  int64_t limit = 0;
  int64_t offset = 0;
};

inline PageWindow page_window(int64_t total, int64_t limit, int64_t offset) {
  int64_t below = std::max<int64_t>(total - offset - limit, 0);
  if (offset <= below) return {false, limit, offset};
  return {true, std::max<int64_t>(std::min(limit, total - offset), 0), below};
}

// Gives the entries of a board page that starts at `offset` their competition ranks (1 2 2 4),
// `higher` being the number of entries on the board that beat the page's first score.
inline void rank_page(Board& board, int64_t offset, int64_t higher) {
  for (size_t i = 0; i < board.entries.size(); ++i) {
    BoardEntry& e = board.entries[i];
    if (i == 0) {
      e.rank = higher + 1;
    } else if (e.score == board.entries[i - 1].score) {
      e.rank = board.entries[i - 1].rank;
    } else {
      e.rank = offset + static_cast<int64_t>(i) + 1;
    }
  }
}

}  // namespace gb::store
