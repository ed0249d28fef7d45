// `eval --agent llm` and `card --agent llm`: a list of runs (game, seed, action cap) played by a
// model, `parallel` runs in flight, each run recorded in the record folder as it goes (its
// trajectory, then its replay and result once it is complete, so --resume can tell finished runs
// from interrupted ones).
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "harness/llm/chat_client.h"
#include "harness/llm/llm_run.h"

namespace gb::harness::llm {

// One run to play: a game, a seed and the cap on the model's actions (0 = none).
struct LlmRunSpec {
  const GameService* game = nullptr;
  uint32_t seed = 0;
  int64_t max_actions = 0;
};

struct LlmEvalJob {
  std::vector<LlmRunSpec> runs;
  unsigned parallel = 1;
  LlmSettings settings;
  Endpoint endpoint;
  std::string ca_file;  // "" for the system store only
  std::string api_key;  // "" for none; never written anywhere
  std::chrono::milliseconds timeout{120'000};
  std::string record_dir;  // "" for no records
  bool resume = false;     // skip runs complete in record_dir
};

// The record files of one run.
std::string replay_path(const std::string& dir, std::string_view slug, uint32_t seed);
std::string trajectory_path(const std::string& dir, std::string_view slug, uint32_t seed);
std::string result_path(const std::string& dir, std::string_view slug, uint32_t seed);

// Called after each run with what was asked, the run and the totals so far; one call at a time.
using LlmProgressFn = std::function<void(const LlmRunSpec& spec, const LlmRunResult& run,
                                         size_t done, size_t total, int64_t calls, int64_t tokens)>;

// Plays every run of `job`; results come back in the order of job.runs. Throws std::runtime_error
// when the record folder cannot be written.
std::vector<LlmRunResult> run_llm_eval(const LlmEvalJob& job, const LlmProgressFn& progress);

// Replaces every occurrence of `secret` in `text` with "***" (a non-empty secret only).
std::string redact(std::string text, std::string_view secret);

}  // namespace gb::harness::llm
