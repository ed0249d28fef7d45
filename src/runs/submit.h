// Submitting a run: check the name and its token, verify by replay, compare a declared score,
// store once, and rank. Shared by POST /api/runs and the MCP tool; knows nothing of HTTP or JSON
// text beyond the actions value it verifies.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/json_reader.h"
#include "registry/service.h"
#include "runs/slot_cache.h"
#include "store/store.h"

namespace gb::runs {

struct RunSubmission {
  std::string slug;
  uint32_t seed = 0;
  JsonValue actions;
  std::string name;                       // as sent; checked here
  std::optional<std::string> token;       // the name's token, when the name is already claimed
  std::string kind = "human";             // "human" or "agent" (checked by the codec)
  std::string agent;                      // the agent label, may be empty
  std::optional<int64_t> declared_score;  // the score the client claims, checked against replay
  std::optional<std::string> scorecard;   // the card whose slot this run fills (SPEC section 14)
  std::optional<int64_t> slot;            // that slot's index
};

// For a run aimed at a card's slot, kCreated means the slot now holds it and kExisting that it
// already did; kSlotFilled (another run holds it) and kCardClosed store nothing.
enum class SubmitVerdict { kCreated, kExisting, kInvalid, kNameTaken, kSlotFilled, kCardClosed };

struct SubmitAnswer {
  SubmitVerdict verdict = SubmitVerdict::kInvalid;
  std::vector<std::string> issues;       // kInvalid: what is wrong
  store::StoredRun run;                  // kCreated / kExisting
  int64_t rank = 0;                      // on the all-time board of the run's kind
  std::string token;                     // kCreated / kExisting that claimed a new name: shown once
  std::optional<std::string> scorecard;  // the card whose slot the run fills, and the slot
  int64_t slot = 0;
};

// Runs the whole submission against `store`; `now` is the ISO-8601 UTC time to record
// (created_at; its first 10 characters are the day). A run aimed at a slot is checked against its
// card before the replay: through `slots` when given (a card closed through another server is
// then refused after the replay, by the store), else by reading the store. Throws
// store::StoreError when the store cannot answer (nothing was acknowledged).
SubmitAnswer submit_run(store::Store& store, const RunSubmission& submission,
                        const std::string& now, const RunBounds& bounds = {},
                        SlotCache* slots = nullptr);

}  // namespace gb::runs
