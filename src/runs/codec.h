// A run's JSON, written in this one place: reading a run submission and writing runs, boards and
// the daily challenge (SPEC section 8), and the short form MCP's submit_run tool returns. No
// storage and no HTTP here.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/json_reader.h"
#include "runs/submit.h"
#include "store/store.h"

namespace gb::runs {

// Reads {slug, seed, actions, name, token?, kind?, agent?, score?}; nullopt with issues when a
// field is missing or of the wrong type. `actions` is left for verification to judge.
std::optional<RunSubmission> decode_submission(JsonValue body, Issues& issues);

// {id, slug, seed, score, length, over, stateHash, name, kind, agent, createdAt, rank,
// rulesVersion, token?} for a stored or found-again submission.
std::string encode_submit_answer(const SubmitAnswer& answer);

// {id, slug, name, score, rank, length, over, stored ("created" or "existing"), token?,
// scorecard?, slot?}: the structured answer of MCP's submit_run tool.
std::string encode_submit_summary(const SubmitAnswer& answer);

// The stored run with its actions, for GET /api/runs/{id}; `current` says whether its rules
// version is the game's current one (only those rank).
std::string encode_stored_run(const store::StoredRun& run, bool current);

// {slug, kind, seed, daily, total, entries:[{rank, id, name, kind, agent, score, length, seed,
// createdAt}]}; seed and daily are null when not selected.
std::string encode_board(const store::BoardQuery& query, const store::Board& board);

// {slug, date, seed}.
std::string encode_daily(std::string_view slug, std::string_view date, uint32_t seed);

// {runs:[...], next}: one page of the open-data listing, `runs` each already encoded as
// encode_stored_run writes it, `next` the following page's `after` (null at the end).
std::string encode_run_list(std::span<const std::string> runs, std::optional<int64_t> next);

// A page of the listing as read back: each run re-serialised compactly (the bytes
// encode_stored_run wrote), and `next`.
struct RunListText {
  std::vector<std::string> runs;
  std::optional<int64_t> next;
};

// Reads a GET /api/runs answer `body` (any size: it has its own parser); nullopt with issues when
// it is not {runs:[objects], next: id|null}.
std::optional<RunListText> decode_run_list(std::string_view body, Issues& issues);

}  // namespace gb::runs
