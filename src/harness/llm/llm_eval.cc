#include "harness/llm/llm_eval.h"

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <stdexcept>

#include "harness/replay.h"
#include "harness/result_files.h"
#include "harness/worker_pool.h"

namespace gb::harness::llm {
namespace {

// Writes `text` to `path` through a temporary file and a rename, so the file is whole or absent.
void write_atomically(const std::string& path, const std::string& text) {
  std::string tmp = path + ".tmp";
  std::string error;
  if (!write_text_file(tmp, text, error)) throw std::runtime_error(error);
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) throw std::runtime_error("cannot write " + path + ": " + ec.message());
}

// Reads a complete run back from `dir`, or nullopt when it is not complete there or is longer
// than `max_actions` allows (the model's actions plus the end action; 0 = no cap).
std::optional<LlmRunResult> completed_run(const std::string& dir, std::string_view slug,
                                          uint32_t seed, int64_t max_actions) {
  std::string text;
  std::string error;
  if (!std::filesystem::exists(replay_path(dir, slug, seed))) return std::nullopt;
  if (!read_text_file(result_path(dir, slug, seed), text, error)) return std::nullopt;
  std::optional<LlmRunResult> r = read_run_result(text);
  if (!r || r->seed != seed || r->end_reason == "error") return std::nullopt;
  if (max_actions > 0 && r->length > max_actions + 1) return std::nullopt;
  r->resumed = true;
  return r;
}

// Plays one run, recording it in job.record_dir when set.
LlmRunResult play_recorded(const LlmEvalJob& job, const LlmRunSpec& spec, ChatClient& client) {
  std::string_view slug = spec.game->info().slug;
  const uint32_t seed = spec.seed;
  LlmSettings settings = job.settings;
  settings.max_actions = spec.max_actions;
  std::FILE* trajectory = nullptr;
  if (!job.record_dir.empty()) {
    std::string path = trajectory_path(job.record_dir, slug, seed);
    trajectory = std::fopen(path.c_str(), "wb");
    if (!trajectory) throw std::runtime_error("cannot write " + path);
  }
  CallSink sink = [&](const CallRecord& call) {
    if (!trajectory) return;
    CallRecord clean = call;
    clean.reply = redact(std::move(clean.reply), job.api_key);
    clean.outcome = redact(std::move(clean.outcome), job.api_key);
    std::string line = trajectory_line(clean) + "\n";
    std::fwrite(line.data(), 1, line.size(), trajectory);
    std::fflush(trajectory);
  };
  std::string actions_json;
  LlmRunResult r;
  try {
    r = play_llm_run(*spec.game, seed, settings, client, sink, actions_json);
  } catch (...) {
    if (trajectory) std::fclose(trajectory);
    throw;
  }
  r.error = redact(std::move(r.error), job.api_key);
  if (trajectory) std::fclose(trajectory);
  if (!job.record_dir.empty() && r.end_reason != "error") {
    agents::RunResult run;
    run.seed = seed;
    run.score = r.score;
    run.actions_json = actions_json;
    std::string replay = replay_json(slug, run);
    write_atomically(replay_path(job.record_dir, slug, seed), replay);
    write_atomically(result_path(job.record_dir, slug, seed), run_result_json(r) + "\n");
  }
  if (r.end_reason != "error") r.actions_json = std::move(actions_json);
  return r;
}

}  // namespace

std::string replay_path(const std::string& dir, std::string_view slug, uint32_t seed) {
  return dir + "/" + std::string(slug) + "-" + std::to_string(seed) + ".replay.json";
}

std::string trajectory_path(const std::string& dir, std::string_view slug, uint32_t seed) {
  return dir + "/" + std::string(slug) + "-" + std::to_string(seed) + ".trajectory.jsonl";
}

std::string result_path(const std::string& dir, std::string_view slug, uint32_t seed) {
  return dir + "/" + std::string(slug) + "-" + std::to_string(seed) + ".result.json";
}

std::string redact(std::string text, std::string_view secret) {
  if (secret.empty()) return text;
  for (size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at + 3)) {
    text.replace(at, secret.size(), "***");
  }
  return text;
}

std::vector<LlmRunResult> run_llm_eval(const LlmEvalJob& job, const LlmProgressFn& progress) {
  if (!job.record_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(job.record_dir, ec);
    if (ec) throw std::runtime_error("cannot create " + job.record_dir + ": " + ec.message());
  }
  std::vector<LlmRunResult> results(job.runs.size());
  std::atomic<size_t> next{0};
  std::mutex mutex;  // guards the totals and the progress callback
  size_t done = 0;
  int64_t calls = 0;
  int64_t tokens = 0;
  run_worker_pool(job.parallel, job.runs.size(), [&](const std::atomic<bool>& failed) {
    ChatClient client(job.endpoint, job.ca_file, job.api_key, job.timeout);
    for (size_t i = next++; i < job.runs.size() && !failed; i = next++) {
      const LlmRunSpec& spec = job.runs[i];
      std::optional<LlmRunResult> old;
      if (job.resume)
        old = completed_run(job.record_dir, spec.game->info().slug, spec.seed, spec.max_actions);
      results[i] = old ? *old : play_recorded(job, spec, client);
      std::lock_guard lock(mutex);
      ++done;
      if (!results[i].resumed) {
        calls += results[i].calls;
        tokens += results[i].prompt_tokens + results[i].completion_tokens;
      }
      if (progress) progress(spec, results[i], done, job.runs.size(), calls, tokens);
    }
  });
  return results;
}

}  // namespace gb::harness::llm
