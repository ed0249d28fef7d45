// `gameboard eval --agent llm`: the flags of the LLM harness (SPEC section 15) and the command
// that plays a model over a seed range. eval_command.cc registers the flags and hands over; the
// pieces shared with `card --agent llm` (checking the flags, playing a list of runs, the usage
// line) are declared here too.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/llm/llm_eval.h"

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

// Adds the --llm-* flags (and --model, --resume, ...) to `eval` or `card`.
void add_llm_flags(CLI::App& eval, LlmFlags& flags);

// Checks the flags every LLM command shares (model, URL, API key, CA file, --resume with
// --record) and fills `job`'s endpoint, key, settings and record folder from them. Returns "" or
// the complaint; no model is called.
std::string prepare_llm_job(const LlmFlags& flags, const std::string& record,
                            harness::llm::LlmEvalJob& job);

// Plays job.runs, one progress line a run on stderr headed `label`; `wall_s` gets the seconds
// taken. Returns the results in run order, or nullopt after printing (as `command`) why the job
// could not go on (a record folder that cannot be written).
std::optional<std::vector<harness::llm::LlmRunResult>> play_llm_runs(
    const harness::llm::LlmEvalJob& job, const std::string& command, const std::string& label,
    double& wall_s);

// The usage totals of `results`: runs, errors, calls, tokens, invalid, refused, forfeits, wall
// time and cost, as one line.
std::string llm_usage_line(const std::vector<harness::llm::LlmRunResult>& results, double wall_s);

// Prints each run of `results` that ended in an endpoint error on stderr ("<slug> seed N:
// error: WHY"); returns how many did.
int report_llm_errors(const harness::llm::LlmEvalJob& job,
                      const std::vector<harness::llm::LlmRunResult>& results);

// Validates everything before the first model call, then plays; returns the exit code (2 for
// bad input, 1 when a run ended in an endpoint error, 0 otherwise).
int run_llm_eval_command(const LlmEvalCommon& common, const LlmFlags& flags);

}  // namespace gb::cli
