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
  for (const auto& r : results) {
    if (r.end_reason == "error") continue;
    agents::RunResult s;
    s.seed = r.seed;
    s.score = r.score;
    scored.push_back(s);
  }
  return harness::summary_table(harness::summarise(scored)) + llm_usage_line(results, wall_s);
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

std::string llm_usage_line(const std::vector<harness::llm::LlmRunResult>& results, double wall_s) {
  int64_t calls = 0, prompt = 0, completion = 0, invalid = 0, refused = 0, forfeits = 0, errors = 0;
  double cost = 0;
  for (const auto& r : results) {
    calls += r.calls;
    prompt += r.prompt_tokens;
    completion += r.completion_tokens;
    invalid += r.invalid;
    refused += r.refused;
    forfeits += r.end_reason == "forfeit";
    errors += r.end_reason == "error";
    cost += r.cost_usd;
  }
  char line[512];
  std::snprintf(line, sizeof line,
                "runs %zu (errors %lld), calls %lld, tokens %lld in + %lld out, invalid %lld, "
                "refused %lld, forfeits %lld, wall %.1f s, cost $%.4f\n",
                results.size(), static_cast<long long>(errors), static_cast<long long>(calls),
                static_cast<long long>(prompt), static_cast<long long>(completion),
                static_cast<long long>(invalid), static_cast<long long>(refused),
                static_cast<long long>(forfeits), wall_s, cost);
  return line;
}

std::string prepare_llm_job(const LlmFlags& f, const std::string& record,
                            harness::llm::LlmEvalJob& job) {
  if (f.model.empty()) return "--agent llm needs --model";
  std::string error;
  if (!harness::llm::parse_endpoint(f.url, job.endpoint, error)) return error;
  const char* key = std::getenv(f.api_key_env.c_str());
  job.api_key = key ? key : "";
  if (job.api_key.empty() && job.endpoint.https && !harness::llm::is_loopback(job.endpoint.host)) {
    return "the environment variable " + f.api_key_env + " (--api-key-env) is not set; " + f.url +
           " needs an API key";
  }
  if (!f.ca.empty() && !harness::llm::check_ca_file(f.ca, error)) return error;
  if (f.resume && record.empty()) return "--resume needs --record DIR";
  job.parallel = f.parallel;
  job.ca_file = f.ca;
  job.timeout = std::chrono::milliseconds(static_cast<int64_t>(f.timeout_s * 1000));
  job.record_dir = record;
  job.resume = f.resume;
  job.settings.model = f.model;
  job.settings.temperature = f.temperature;
  job.settings.max_tokens = f.max_tokens;
  job.settings.max_decisions = f.max_decisions;
  job.settings.backoff_ms = f.backoff_ms;
  job.settings.price_in = f.price_in;
  job.settings.price_out = f.price_out;
  return "";
}

std::optional<std::vector<harness::llm::LlmRunResult>> play_llm_runs(
    const harness::llm::LlmEvalJob& job, const std::string& command, const std::string& label,
    double& wall_s) {
  auto start = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  std::vector<harness::llm::LlmRunResult> results;
  try {
    results = harness::llm::run_llm_eval(job, [&](const harness::llm::LlmRunSpec& spec,
                                                  const harness::llm::LlmRunResult& r, size_t done,
                                                  size_t total, int64_t calls, int64_t tokens) {
      double s = std::max(seconds(), 1e-3);
      std::string what = r.resumed                 ? "resumed"
                         : r.end_reason == "error" ? "error: " + r.error
                                                   : r.end_reason;
      std::fprintf(stderr,
                   "%s: %zu/%zu runs (%s seed %u: %s), %lld calls (%.1f/s), %lld "
                   "tokens (%.0f/s), %.0fs elapsed\n",
                   label.c_str(), done, total, std::string(spec.game->info().slug).c_str(), r.seed,
                   what.c_str(), static_cast<long long>(calls), static_cast<double>(calls) / s,
                   static_cast<long long>(tokens), static_cast<double>(tokens) / s, s);
    });
  } catch (const std::exception& e) {
    std::cerr << "gameboard " << command << ": " << harness::llm::redact(e.what(), job.api_key)
              << "\n";
    return std::nullopt;
  }
  wall_s = seconds();
  return results;
}

int report_llm_errors(const harness::llm::LlmEvalJob& job,
                      const std::vector<harness::llm::LlmRunResult>& results) {
  int errors = 0;
  for (size_t i = 0; i < results.size(); ++i) {
    if (results[i].end_reason != "error") continue;
    ++errors;
    std::cerr << job.runs[i].game->info().slug << " seed " << results[i].seed
              << ": error: " << results[i].error << "\n";
  }
  return errors;
}

int run_llm_eval_command(const LlmEvalCommon& c, const LlmFlags& f) {
  const GameService* game = find_game(c.game);
  if (!game) return llm_usage_error("unknown game '" + c.game + "'");
  if (c.remote_or_submit) {
    return llm_usage_error("--agent llm plays in process: --remote and --submit do not apply");
  }
  harness::llm::LlmEvalJob job;
  std::string error = prepare_llm_job(f, c.record, job);
  if (!error.empty()) return llm_usage_error(error);
  if (!c.out.empty() && !harness::is_results_path(c.out)) {
    return llm_usage_error("--out must end in .json or .csv: " + c.out);
  }
  std::vector<uint32_t> seeds = harness::parse_seed_range(c.seeds, error);
  if (seeds.empty()) return llm_usage_error(error);
  if (!c.shard.empty()) {
    harness::Shard shard;
    if (!harness::parse_shard(c.shard, shard, error)) return llm_usage_error(error);
    seeds = harness::select_shard(seeds, shard);
    if (seeds.empty()) return llm_usage_error("shard " + c.shard + " holds no seed");
  }
  for (uint32_t seed : seeds) job.runs.push_back({game, seed, 0});

  std::cout << "eval " << c.game << " / llm (" << f.model
            << ", protocol llm-v1): " << job.runs.size() << " seeds (" << c.seeds << "), "
            << f.parallel << " in flight, at most " << f.max_decisions << " calls a run"
            << std::endl;
  double wall_s = 0;
  auto results = play_llm_runs(job, "eval", "eval " + c.game + "/llm", wall_s);
  if (!results) return 1;
  std::cout << llm_summary(*results, wall_s);
  if (!c.out.empty()) {
    if (!harness::write_text_file(c.out, llm_results_text(*results, c.out.ends_with(".csv")),
                                  error)) {
      return llm_usage_error(error);
    }
    std::cout << "results: " << c.out << "\n";
  }
  if (!c.record.empty()) std::cout << "records: " << c.record << "/\n";
  return report_llm_errors(job, *results) == 0 ? 0 : 1;
}

}  // namespace gb::cli
