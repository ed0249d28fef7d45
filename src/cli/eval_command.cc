// `gameboard eval`: plays an agent over a range of seeds, in parallel, in process or against a
// remote server, and reports the scores (summary table, per-seed JSON/CSV, SVG histogram,
// replay files).
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "cli/command_setup.h"
#include "cli/commands.h"
#include "cli/llm_eval.h"
#include "cli/progress.h"
#include "cli/token_file.h"
#include "harness/eval_runner.h"
#include "harness/http_transport.h"
#include "harness/replay.h"
#include "harness/result_files.h"
#include "harness/run_submit.h"
#include "harness/seed_set.h"
#include "harness/summary.h"
#include "harness/svg_histogram.h"
#include "registry/registry.h"

namespace gb::cli {
namespace {

struct EvalOptions {
  std::string game;
  std::string agent;
  bool no_batch = false;  // --no-batch
  std::string seeds = "1..100";
  unsigned jobs = 1;
  int64_t budget = 0;
  int64_t max_actions = 0;
  uint64_t agent_seed = 0;
  std::string shard;
  std::string out;
  std::string svg;
  std::string record;
  std::string remote;
  std::string submit;  // a server URL whose agents' board gets every run
  std::string name;    // the name the runs are submitted under
  std::string token;   // that name's token, when it is already claimed
  LlmFlags llm;        // --agent llm
};

// The command's description in --help.
constexpr const char* kHelp =
    "Play an agent over many seeds and report the scores. Results are ordered by seed and "
    "identical for any --jobs; --remote plays every move over HTTP and gives the same results.";

// Prints `message` as this command's error and returns exit code 2 (bad input).
// ", budget N" for the planner, the one agent a budget steers; empty for the others.
std::string budget_note(const harness::RunSettings& settings) {
  if (settings.agent != "planner") return {};
  return ", budget " + std::to_string(settings.budget);
}

int usage_error(const std::string& message) {
  std::cerr << "gameboard eval: " << message << "\n";
  return 2;
}

// Lists the slugs that have agents, for error messages.
std::string known_games() {
  std::string out;
  for (const auto* g : harness::all_game_agents())
    out += (out.empty() ? "" : ", ") + std::string(g->slug());
  return out;
}

// Writes one replay file per run into `dir`, named <slug>-<agent>-<seed>.json.
bool write_replays(const std::string& dir, const harness::EvalJob& job,
                   const std::vector<agents::RunResult>& results, std::string& error) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    error = "cannot create " + dir + ": " + ec.message();
    return false;
  }
  for (const auto& r : results) {
    std::string path = dir + "/" + std::string(job.game->slug()) + "-" + job.settings.agent + "-" +
                       std::to_string(r.seed) + ".json";
    if (!harness::write_text_file(path, harness::replay_json(job.game->slug(), r), error)) {
      return false;
    }
  }
  return true;
}

// The submission settings of `o`: its server, name and agent label, and the token to send
// (--token, else the one saved for the name); false with `error` set when the URL is bad or the
// names file cannot be read.
bool submit_options(const EvalOptions& o, harness::SubmitOptions& options, std::string& error) {
  if (!harness::parse_base_url(o.submit, options.server, error)) return false;
  options.name = o.name;
  options.kind = "agent";
  options.agent = o.agent;
  bool saved = false;
  return token_to_send(options.server, o.name, o.token, options.token, saved, error);
}

// Submits every run with `options` to the agents' board, the agent's name as the label; the
// token a new name gets is saved, used for the runs after it and printed once. Returns the exit
// code: 0 when every run was stored.
int submit_results(const EvalOptions& o, harness::SubmitOptions options,
                   const harness::EvalJob& job, const std::vector<agents::RunResult>& results) {
  int failed = 0;
  for (const agents::RunResult& r : results) {
    std::string body =
        harness::submission_body(job.game->slug(), r.seed, r.actions_json, r.score, options);
    try {
      harness::HttpAnswer answer = harness::submit_run(options, body);
      if (answer.status != 200 && answer.status != 201) {
        std::cerr << "submit seed " << r.seed << ": HTTP " << answer.status << " " << answer.body
                  << "\n";
        ++failed;
        continue;
      }
      if (std::string token = harness::token_of(answer.body); !token.empty()) {
        options.token = token;
        std::cerr << remember_claimed_token(options.server, o.name, token);
      }
    } catch (const std::exception& e) {
      std::cerr << "submit seed " << r.seed << ": " << e.what() << "\n";
      ++failed;
    }
  }
  std::cout << "submitted: " << results.size() - static_cast<size_t>(failed) << " of "
            << results.size() << " runs to " << o.submit << "\n";
  return failed == 0 ? 0 : 1;
}

// Runs the eval described by `o`; returns the exit code.
int run_eval_command(const EvalOptions& o) {
  if (o.agent == "llm") {
    return run_llm_eval_command(
        {o.game, o.seeds, o.shard, o.out, o.record, !o.remote.empty() || !o.submit.empty()}, o.llm);
  }
  harness::EvalJob job;
  job.game = harness::find_game_agents(o.game);
  if (!job.game) return usage_error("unknown game '" + o.game + "' (games: " + known_games() + ")");
  if (!harness::is_agent_name(o.agent)) {
    return usage_error("unknown agent '" + o.agent + "' (agents: random, greedy, planner, llm)");
  }
  std::string error;
  job.seeds = harness::parse_seed_range(o.seeds, error);
  if (job.seeds.empty()) return usage_error(error);
  if (!o.shard.empty()) {
    harness::Shard shard;
    if (!harness::parse_shard(o.shard, shard, error)) return usage_error(error);
    job.seeds = harness::select_shard(job.seeds, shard);
    if (job.seeds.empty()) return usage_error("shard " + o.shard + " holds no seed of " + o.seeds);
  }
  if (!o.submit.empty() && o.name.empty()) return usage_error("--submit needs --name");
  // The submission settings are checked before any run is played.
  harness::SubmitOptions submit;
  if (!o.submit.empty() && !submit_options(o, submit, error)) return usage_error(error);
  if (!o.out.empty() && !harness::is_results_path(o.out)) {
    return usage_error("--out must end in .json or .csv: " + o.out);
  }
  if (!o.remote.empty()) {
    harness::BaseUrl base;
    if (!harness::parse_base_url(o.remote, base, error)) return usage_error(error);
    job.connect = [base] { return harness::make_http_transport(base); };
  }
  job.jobs = o.jobs;
  job.settings.agent = o.agent;
  job.settings.agent_seed = o.agent_seed;
  job.settings.budget = o.budget > 0 ? o.budget : job.game->default_budget();
  job.settings.max_actions = o.max_actions > 0 ? o.max_actions : job.game->default_max_actions();
  job.settings.remote_batch = !o.no_batch;

  std::cout << "eval " << o.game << " / " << o.agent << ": " << job.seeds.size() << " seeds ("
            << o.seeds << (o.shard.empty() ? "" : ", shard " + o.shard) << "), " << o.jobs
            << " jobs" << budget_note(job.settings) << ", cap " << job.settings.max_actions
            << " actions" << (o.remote.empty() ? "" : ", remote " + o.remote) << std::endl;
  Progress progress(stderr, "eval " + o.game + "/" + o.agent);
  std::vector<agents::RunResult> results;
  try {
    results =
        harness::run_eval(job, [&](size_t done, size_t total) { progress.update(done, total); });
  } catch (const std::exception& e) {
    std::cerr << "\ngameboard eval: " << e.what() << "\n";
    return 1;
  }
  std::cout << harness::summary_table(harness::summarise(results));
  if (!o.out.empty()) {
    bool csv = o.out.ends_with(".csv");
    std::string text = csv ? harness::results_csv(results) : harness::results_json(results);
    if (!harness::write_text_file(o.out, text, error)) return usage_error(error);
    std::cout << "results: " << o.out << "\n";
  }
  if (!o.svg.empty()) {
    std::string title = o.game + " / " + o.agent + budget_note(job.settings);
    if (!harness::write_text_file(o.svg, harness::svg_histogram(results, title), error)) {
      return usage_error(error);
    }
    std::cout << "histogram: " << o.svg << "\n";
  }
  if (!o.record.empty()) {
    if (!write_replays(o.record, job, results, error)) return usage_error(error);
    std::cout << "replays: " << o.record << "/\n";
  }
  if (!o.submit.empty()) return submit_results(o, submit, job, results);
  return 0;
}

}  // namespace

void register_eval_command(CLI::App& app) {
  auto [eval, o] = add_command(app, "eval", kHelp, run_eval_command);
  eval->add_option("--game", o->game, "Game slug: " + slug_list())->required();
  eval->add_option("--agent", o->agent,
                   "random, greedy, planner, or llm (a model behind an OpenAI-compatible "
                   "endpoint; see docs/llm.md)")
      ->required();
  eval->add_option("--seeds", o->seeds, "Seed range A..B (inclusive) or one seed N")
      ->capture_default_str();
  add_jobs_option(*eval, o->jobs);
  add_budget_option(*eval, o->budget,
                    "Planner budget: simulated options per decision (0 = the game's default). "
                    "A node count, so results are the same on every machine");
  add_bounded_option(*eval, "--max-actions", o->max_actions,
                     "Run-length cap in agent actions (0 = the game's default); at the cap the "
                     "game's end action (END_RUN/endRun) is sent",
                     int64_t{0}, int64_t{1} << 30);
  add_agent_seed_option(*eval, o->agent_seed);
  eval->add_option("--shard", o->shard,
                   "K/M: play only the seeds whose index in the range (from 0) is K-1 mod M");
  eval->add_option("--out", o->out, "Per-seed results file: .json or .csv");
  eval->add_option("--svg", o->svg, "Score histogram as an SVG file");
  eval->add_option("--record", o->record, "Folder for one replay file per run");
  eval->add_option("--remote", o->remote,
                   "Play over HTTP against a server speaking the API, e.g. http://127.0.0.1:8080");
  eval->add_option("--submit", o->submit,
                   "Submit every run to this server's agents' board, e.g. http://127.0.0.1:8080 "
                   "(the server replays each run and stores the score it computes)");
  eval->add_option("--name", o->name, "The name runs are submitted under (with --submit)");
  eval->add_option("--token", o->token,
                   "The name's token, when the name is already yours (default: the one saved in "
                   "$XDG_CONFIG_HOME/gameboard/names.json when this name was claimed here)");
  eval->add_flag("--no-batch", o->no_batch,
                 "With --remote: the planners expand in process instead of through the "
                 "server's batch route (same results)");
  add_llm_flags(*eval, o->llm);
}

}  // namespace gb::cli
