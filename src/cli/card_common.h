// What the two paths of `gameboard card` share: its flags, the offline card (card_command.cc) and
// the card played on a server (server_card.h) both read them, and the replay files both write.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "agents/common/run.h"
#include "cli/llm_eval.h"

namespace gb::cli {

struct CardOptions {
  std::string suite = "open-v1";
  std::string agent;
  int64_t budget = 0;
  uint64_t agent_seed = 0;
  unsigned jobs = 1;
  std::string record;
  LlmFlags llm;         // --agent llm
  std::string server;   // --server URL: open the card there; "" plays offline
  std::string name;     // --name: the card's name on the server
  std::string token;    // --token: that name's token, "" for the names file's
  bool remote = false;  // --remote: play every move over HTTP on the server
  std::string card;     // --card ID: fill the empty slots of this open card instead of a new one
};

// The harness a model's card is filed under (SPEC section 15).
inline constexpr std::string_view kLlmCardHarness = "gameboard-llm-v1";

// Prints `message` as `gameboard card`'s error and returns exit code 2 (bad input).
int card_usage_error(const std::string& message);

// Writes each run's replay into `dir` as <slug>-<seed>.json.
bool record_replays(const std::string& dir, std::string_view slug,
                    const std::vector<agents::RunResult>& results, std::string& error);

}  // namespace gb::cli
