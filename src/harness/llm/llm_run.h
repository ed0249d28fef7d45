// One run of a model on one seed, protocol llm-v1: ask, parse, step, until the game is over, the
// model forfeits (a third failed attempt at one decision) or the call budget or the action cap
// runs out; endpoint
// failures retried with exponential backoff.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "harness/llm/chat_client.h"
#include "harness/llm/llm_codec.h"
#include "registry/service.h"

namespace gb::harness::llm {

struct LlmSettings {
  std::string model;
  double temperature = 0;
  int64_t max_tokens = 0;       // 0: not sent
  int64_t max_decisions = 200;  // answered model calls per run (failed endpoint tries aside)
  int64_t max_actions = 0;      // the model's accepted actions per run; 0 = no cap
  // Backoff unit: waits run from 1 to 60 units, doubling; Retry-After: S waits S units (capped
  // at 60). 1000 ms in normal use; tests shrink it.
  int64_t backoff_ms = 1000;
  int max_tries = 8;     // endpoint tries per model call
  double price_in = 0;   // USD per million prompt tokens
  double price_out = 0;  // USD per million completion tokens
};

// The game's end action as JSON (from its agents' adapter), or "" when it has none.
std::string end_action(std::string_view slug);

// Receives each model call's trajectory record as it happens.
using CallSink = std::function<void(const CallRecord&)>;

// Plays `seed` of `game` with the model behind `client`. Returns the result and the replay's
// action array in `actions_json`. An endpoint that fails max_tries times (or answers a status
// other than 200, 429 and 5xx) ends the run as "error" with `error` set; no score is reported.
LlmRunResult play_llm_run(const GameService& game, uint32_t seed, const LlmSettings& settings,
                          ChatClient& client, const CallSink& sink, std::string& actions_json);

}  // namespace gb::harness::llm
