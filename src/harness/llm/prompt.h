// Protocol llm-v1: the exact text a model is sent. A system message per run (the game's goal,
// rules, scoring and action grammar from the registry's spec, and the reply format) and a user
// message per model call (the position, the legal actions one JSON object a line, the last three
// decisions with their outcomes, and the previous attempt's failure). Changing any of this text
// means a new protocol id: the golden files under tests/llm/golden pin it.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>

#include "core/game.h"
#include "harness/llm/llm_codec.h"

namespace gb::harness::llm {

inline constexpr std::string_view kProtocol = "llm-v1";
// The harness id a scorecard records.
inline constexpr std::string_view kHarnessId = "gameboard-llm-v1";
// Failed attempts allowed per decision: the third failure forfeits.
inline constexpr int kAttemptsPerDecision = 3;

// One decision already taken, as the next prompts recall it.
struct PastDecision {
  int64_t number = 0;
  std::string action;  // compact JSON
  int64_t score_before = 0;
  int64_t score_after = 0;
  int attempts = 1;  // model calls it took
};

// Everything one user message shows.
struct DecisionPrompt {
  const GameView* view = nullptr;
  int64_t decision = 1;           // 1-based
  int attempt = 1;                // 1..kAttemptsPerDecision
  std::deque<PastDecision> last;  // at most three, oldest first
  std::string failure;            // the previous attempt's "refused: R" or "invalid: W", or ""
};

// Returns the system message for `info`.
std::string system_message(const GameInfo& info);

// Returns the user message for one model call.
std::string user_message(const DecisionPrompt& p);

// Appends `d` to `last`, keeping the three most recent.
void remember(std::deque<PastDecision>& last, PastDecision d);

}  // namespace gb::harness::llm
