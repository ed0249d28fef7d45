// `gameboard eval --agent llm`: the flags of the LLM harness (SPEC section 15) and the command
// that plays a model over a seed range. eval_command.cc registers the flags and hands over.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

namespace gb::cli {

struct LlmFlags {
  std::string url = "https://api.openai.com/v1";
  std::string model;
  std::string api_key_env = "OPENAI_API_KEY";
  double temperature = 0;
  int64_t max_tokens = 0;
  double timeout_s = 120;
  unsigned parallel = 1;
  int64_t max_decisions = 200;
  std::string ca;
  double price_in = 0;
  double price_out = 0;
  int64_t backoff_ms = 1000;
  bool resume = false;
};

// The eval flags the LLM path shares with the other agents.
struct LlmEvalCommon {
  std::string game;
  std::string seeds;
  std::string shard;
  std::string out;
  std::string record;
  bool remote_or_submit = false;  // --remote or --submit given: not supported with llm
};

// Adds the --llm-* flags (and --model, --resume, ...) to `eval`.
void add_llm_flags(CLI::App& eval, LlmFlags& flags);

// Validates everything before the first model call, then plays; returns the exit code (2 for
// bad input, 1 when a run ended in an endpoint error, 0 otherwise).
int run_llm_eval_command(const LlmEvalCommon& common, const LlmFlags& flags);

}  // namespace gb::cli
