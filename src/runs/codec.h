// A run's JSON, written in this one place: reading a run submission and writing runs, boards and
// the daily challenge (SPEC section 8), and the short form MCP's submit_run tool returns. No
// storage and no HTTP here.
#pragma once

#include <optional>
#include <string>
#include <string_view>

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

// {id, slug, name, score, rank, length, over, stored ("created" or "existing"), token?}: the
// structured answer of MCP's submit_run tool.
std::string encode_submit_summary(const SubmitAnswer& answer);

// The stored run with its actions, for GET /api/runs/{id}; `current` says whether its rules
// version is the game's current one (only those rank).
std::string encode_stored_run(const store::StoredRun& run, bool current);

// {slug, kind, seed, daily, total, entries:[{rank, id, name, kind, agent, score, length, seed,
// createdAt}]}; seed and daily are null when not selected.
std::string encode_board(const store::BoardQuery& query, const store::Board& board);

// {slug, date, seed}.
std::string encode_daily(std::string_view slug, std::string_view date, uint32_t seed);

}  // namespace gb::runs
