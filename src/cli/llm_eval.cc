#include "cli/llm_eval.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "harness/llm/llm_eval.h"
#include "harness/result_files.h"
#include "harness/seed_set.h"
#include "harness/summary.h"
#include "registry/registry.h"

namespace gb::cli {
namespace {

// Prints `message` as this command's error and returns exit code 2 (bad input).
int llm_usage_error(const std::string& message) {
  std::cerr << "gameboard eval: " << message << "\n";
  return 2;
}

// The results as a JSON array or CSV (chosen by the file's extension).
std::string llm_results_text(const std::vector<harness::llm::LlmRunResult>& results, bool csv) {
  if (!csv) return harness::llm::results_json(results);
  std::string out =
      "seed,score,length,endReason,actionsDigest,calls,promptTokens,completionTokens,invalid,"
      "refused,forfeit,millis,costUsd\n";
  for (const auto& r : results) {
    char cost[32];
    std::snprintf(cost, sizeof cost, "%.6f", r.cost_usd);
    out += std::to_string(r.seed) + "," +
           (r.end_reason == "error" ? std::string() : std::to_string(r.score)) + "," +
           std::to_string(r.length) + "," + r.end_reason + "," + r.actions_digest + "," +
           std::to_string(r.calls) + "," + std::to_string(r.prompt_tokens) + "," +
           std::to_string(r.completion_tokens) + "," + std::to_string(r.invalid) + "," +
           std::to_string(r.refused) + "," + (r.end_reason == "forfeit" ? "true" : "false") + "," +
           std::to_string(r.millis) + "," + cost + "\n";
  }
  return out;
}

// The summary: the score table over the runs that have a score, then the usage totals.
std::string llm_summary(const std::vector<harness::llm::LlmRunResult>& results, double wall_s) {
  std::vector<agents::RunResult> scored;
  int64_t calls = 0, prompt = 0, completion = 0, invalid = 0, refused = 0, forfeits = 0, errors = 0;
  double cost = 0;
  for (const auto& r : results) {
    calls += r.calls;
    prompt += r.prompt_tokens;
    completion += r.completion_tokens;
    invalid += r.invalid;
    refused += r.refused;
    forfeits += r.end_reason == "forfeit";
    cost += r.cost_usd;
    if (r.end_reason == "error") {
      ++errors;
      continue;
    }
    agents::RunResult s;
    s.seed = r.seed;
    s.score = r.score;
    scored.push_back(s);
  }
  char line[512];
  std::snprintf(line, sizeof line,
                "runs %zu (errors %lld), calls %lld, tokens %lld in + %lld out, invalid %lld, "
                "refused %lld, forfeits %lld, wall %.1f s, cost $%.4f\n",
                results.size(), static_cast<long long>(errors), static_cast<long long>(calls),
                static_cast<long long>(prompt), static_cast<long long>(completion),
                static_cast<long long>(invalid), static_cast<long long>(refused),
                static_cast<long long>(forfeits), wall_s, cost);
  return harness::summary_table(harness::summarise(scored)) + line;
}

}  // namespace

void add_llm_flags(CLI::App& eval, LlmFlags& f) {
  eval.add_option("--llm-url", f.url,
                  "With --agent llm: the OpenAI-compatible base URL; requests go to "
                  "BASE/chat/completions")
      ->capture_default_str();
  eval.add_option("--model", f.model, "With --agent llm: the model name sent to the endpoint");
  eval.add_option("--api-key-env", f.api_key_env,
                  "With --agent llm: the environment variable holding the API key (sent as a "
                  "bearer token, never printed or recorded)")
      ->capture_default_str();
  eval.add_option("--temperature", f.temperature, "With --agent llm: sampling temperature")
      ->check(CLI::Range(0.0, 2.0))
      ->capture_default_str();
  eval.add_option("--max-tokens", f.max_tokens,
                  "With --agent llm: max_tokens per reply (0 = not sent)")
      ->check(CLI::Range(int64_t{0}, int64_t{1} << 24));
  eval.add_option("--llm-timeout", f.timeout_s, "With --agent llm: seconds per model call")
      ->check(CLI::Range(0.001, 86400.0))
      ->capture_default_str();
  eval.add_option("--llm-parallel", f.parallel, "With --agent llm: runs in flight")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  eval.add_option("--max-decisions", f.max_decisions,
                  "With --agent llm: answered model calls per run (failed endpoint tries do not "
                  "count); at the cap the run ends (the game's end action where it has one)")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 30))
      ->capture_default_str();
  eval.add_option("--llm-ca", f.ca,
                  "With --agent llm: a PEM CA certificate trusted besides the system store");
  eval.add_option("--price-in", f.price_in, "USD per million prompt tokens (cost column)")
      ->check(CLI::Range(0.0, 1e6));
  eval.add_option("--price-out", f.price_out, "USD per million completion tokens (cost column)")
      ->check(CLI::Range(0.0, 1e6));
  eval.add_option("--llm-backoff-ms", f.backoff_ms,
                  "With --agent llm: the retry backoff unit in ms: waits run from 1 to 60 units "
                  "and Retry-After: S waits S units (default 1000; tests shrink it)")
      ->check(CLI::Range(int64_t{0}, int64_t{60'000}))
      ->capture_default_str();
  eval.add_flag("--resume", f.resume,
                "With --agent llm and --record: skip the runs already complete in the folder");
}

int run_llm_eval_command(const LlmEvalCommon& c, const LlmFlags& f) {
  harness::llm::LlmEvalJob job;
  job.game = find_game(c.game);
  if (!job.game) return llm_usage_error("unknown game '" + c.game + "'");
  if (c.remote_or_submit) {
    return llm_usage_error("--agent llm plays in process: --remote and --submit do not apply");
  }
  if (f.model.empty()) return llm_usage_error("--agent llm needs --model");
  std::string error;
  if (!harness::llm::parse_endpoint(f.url, job.endpoint, error)) return llm_usage_error(error);
  const char* key = std::getenv(f.api_key_env.c_str());
  job.api_key = key ? key : "";
  if (job.api_key.empty() && job.endpoint.https && !harness::llm::is_loopback(job.endpoint.host)) {
    return llm_usage_error("the environment variable " + f.api_key_env +
                           " (--api-key-env) is not set; " + f.url + " needs an API key");
  }
  if (!f.ca.empty() && !harness::llm::check_ca_file(f.ca, error)) return llm_usage_error(error);
  if (f.resume && c.record.empty()) return llm_usage_error("--resume needs --record DIR");
  if (!c.out.empty() && !harness::is_results_path(c.out)) {
    return llm_usage_error("--out must end in .json or .csv: " + c.out);
  }
  job.seeds = harness::parse_seed_range(c.seeds, error);
  if (job.seeds.empty()) return llm_usage_error(error);
  if (!c.shard.empty()) {
    harness::Shard shard;
    if (!harness::parse_shard(c.shard, shard, error)) return llm_usage_error(error);
    job.seeds = harness::select_shard(job.seeds, shard);
    if (job.seeds.empty()) return llm_usage_error("shard " + c.shard + " holds no seed");
  }
  job.parallel = f.parallel;
  job.ca_file = f.ca;
  job.timeout = std::chrono::milliseconds(static_cast<int64_t>(f.timeout_s * 1000));
  job.record_dir = c.record;
  job.resume = f.resume;
  job.settings.model = f.model;
  job.settings.temperature = f.temperature;
  job.settings.max_tokens = f.max_tokens;
  job.settings.max_decisions = f.max_decisions;
  job.settings.backoff_ms = f.backoff_ms;
  job.settings.price_in = f.price_in;
  job.settings.price_out = f.price_out;

  std::cout << "eval " << c.game << " / llm (" << f.model
            << ", protocol llm-v1): " << job.seeds.size() << " seeds (" << c.seeds << "), "
            << f.parallel << " in flight, at most " << f.max_decisions << " calls a run"
            << std::endl;
  auto start = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  std::vector<harness::llm::LlmRunResult> results;
  try {
    results = harness::llm::run_llm_eval(job, [&](const harness::llm::LlmRunResult& r, size_t done,
                                                  size_t total, int64_t calls, int64_t tokens) {
      double s = std::max(seconds(), 1e-3);
      std::string what = r.resumed                 ? "resumed"
                         : r.end_reason == "error" ? "error: " + r.error
                                                   : r.end_reason;
      std::fprintf(stderr,
                   "eval %s/llm: %zu/%zu runs (seed %u: %s), %lld calls (%.1f/s), %lld "
                   "tokens (%.0f/s), %.0fs elapsed\n",
                   c.game.c_str(), done, total, r.seed, what.c_str(), static_cast<long long>(calls),
                   static_cast<double>(calls) / s, static_cast<long long>(tokens),
                   static_cast<double>(tokens) / s, s);
    });
  } catch (const std::exception& e) {
    std::cerr << "gameboard eval: " << harness::llm::redact(e.what(), job.api_key) << "\n";
    return 1;
  }
  std::cout << llm_summary(results, seconds());
  if (!c.out.empty()) {
    if (!harness::write_text_file(c.out, llm_results_text(results, c.out.ends_with(".csv")),
                                  error)) {
      return llm_usage_error(error);
    }
    std::cout << "results: " << c.out << "\n";
  }
  if (!c.record.empty()) std::cout << "records: " << c.record << "/\n";
  int errors = 0;
  for (const auto& r : results) {
    if (r.end_reason != "error") continue;
    ++errors;
    std::cerr << "seed " << r.seed << ": error: " << r.error << "\n";
  }
  return errors == 0 ? 0 : 1;
}

}  // namespace gb::cli
