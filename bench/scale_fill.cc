// The at-scale benchmark's data (docs/performance.md, "At a hundred thousand runs"):
//   scale_fill store --db DB --runs N --names M [--days D] [--threads T] [--ids-out FILE]
//     plays N runs of bench/scale_plan.h's population with the project's agents and submits each
//     as POST /api/runs does (runs::submit_run: its name and token, verification by replay, the
//     store); writes the stored ids, one a line, to FILE.
//   scale_fill bodies --runs N --names M --first-seed S --out FILE
//     writes N POST /api/runs bodies (one a line) of distinct runs of that population, for wrk.
//   scale_fill verify --runs N --names M --first-seed S
//     plays those runs, then verifies them all on one thread (parse and runs::verify_run, as
//     POST /api/runs does) and prints "rate=<runs/s> runs=N actions=A": submissions' baseline.
// Only public interfaces: runs::submit_run and src/store/store.h, so the tool works on any schema
// behind them.
#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bench/scale_plan.h"
#include "core/json_reader.h"
#include "harness/run_submit.h"
#include "runs/submit.h"
#include "runs/verify.h"
#include "store/store.h"

namespace {

using gb::bench::PlannedRun;
using gb::bench::Population;

// Parses and verifies `actions` (compact JSON) of `run` as POST /api/runs does, and returns its
// length; throws std::runtime_error when they do not verify.
int64_t verified_length(const PlannedRun& run, const std::string& actions) {
  gb::Issues issues;
  auto value = gb::parse_json(actions, issues, gb::kMaxLargeJsonBytes);
  if (!value) throw std::runtime_error("actions do not parse: " + issues.list().front());
  gb::runs::Verification verdict = gb::runs::verify_run(run.slug, run.seed, *value);
  if (!verdict.run)
    throw std::runtime_error(run.slug + " seed " + std::to_string(run.seed) +
                             " does not verify: " + verdict.issue);
  return verdict.run->length;
}

// Submits `run` with its `actions` (compact JSON) to `store` as POST /api/runs does
// (runs::submit_run: name and token, verification, the run key, the store), recorded at the
// run's planned time; throws std::runtime_error unless it is stored.
gb::store::StoredRun submit_planned(gb::store::Store& store, const PlannedRun& run,
                                    const std::string& actions) {
  gb::Issues issues;
  auto value = gb::parse_json(actions, issues, gb::kMaxLargeJsonBytes);
  if (!value) throw std::runtime_error("actions do not parse: " + issues.list().front());
  gb::runs::RunSubmission submission;
  submission.slug = run.slug;
  submission.seed = run.seed;
  submission.actions = *value;
  submission.name = run.name;
  submission.token = run.token;
  submission.kind = run.kind;
  submission.agent = run.label;
  gb::runs::SubmitAnswer answer = gb::runs::submit_run(store, submission, run.created_at);
  if (answer.verdict == gb::runs::SubmitVerdict::kInvalid) {
    throw std::runtime_error(run.slug + " seed " + std::to_string(run.seed) +
                             " refused: " + answer.issues.front());
  }
  if (answer.verdict == gb::runs::SubmitVerdict::kNameTaken) {
    throw std::runtime_error(run.name + " is owned by another token");
  }
  return answer.run;
}

// Fills the store named `db` with `population` on `threads` threads (play and verify in
// parallel; the store orders its own commits) and writes the stored ids to `ids_out`.
int fill_store(const std::string& db, const Population& population, int threads,
               const std::string& ids_out) {
  auto store = gb::store::open_store(db, "");
  std::vector<int64_t> ids(static_cast<size_t>(population.runs), 0);
  std::atomic<int64_t> next{0};
  std::atomic<int64_t> done{0};
  std::atomic<int64_t> actions{0};
  std::mutex error_mutex;
  std::string error;
  const auto start = std::chrono::steady_clock::now();
  auto worker = [&] {
    try {
      for (int64_t i = next++; i < population.runs; i = next++) {
        PlannedRun run = gb::bench::plan_run(population, i);
        gb::store::StoredRun stored = submit_planned(*store, run, gb::bench::play_actions(run));
        ids[static_cast<size_t>(i)] = stored.id;
        actions += stored.length;
        int64_t n = ++done;
        if (n % 10'000 == 0) {
          double s =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
          std::fprintf(stderr, "scale_fill: %lld runs stored, %.0f runs/s\n",
                       static_cast<long long>(n), static_cast<double>(n) / s);
        }
      }
    } catch (const std::exception& e) {
      std::lock_guard lock(error_mutex);
      if (error.empty()) error = e.what();
      next = population.runs;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  if (!error.empty()) {
    std::fprintf(stderr, "scale_fill: %s\n", error.c_str());
    return 1;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::ofstream out(ids_out);
  for (int64_t id : ids) out << id << '\n';
  std::printf("stored %lld runs (%lld actions) of %lld names in %.1f s: %.0f runs/s\n",
              static_cast<long long>(population.runs), static_cast<long long>(actions.load()),
              static_cast<long long>(population.names), seconds,
              static_cast<double>(population.runs) / seconds);
  return out ? 0 : 1;
}

// Writes one POST /api/runs body per run of `population` to `path`, each line a run that
// verifies (checked here, so the benchmark never measures refusals).
int write_bodies(const Population& population, const std::string& path) {
  std::ofstream out(path);
  for (int64_t i = 0; i < population.runs; ++i) {
    PlannedRun run = gb::bench::plan_run(population, i);
    std::string actions = gb::bench::play_actions(run);
    verified_length(run, actions);
    gb::harness::SubmitOptions options;
    options.name = run.name;
    options.kind = run.kind;
    options.agent = run.label;
    options.token = run.token;
    out << gb::harness::submission_body(run.slug, run.seed, actions, std::nullopt, options) << '\n';
  }
  return out ? 0 : 1;
}

// Plays `population`, then times parsing and verifying every run on this thread; prints the rate.
int verify_rate(const Population& population) {
  std::vector<PlannedRun> runs;
  std::vector<std::string> actions;
  for (int64_t i = 0; i < population.runs; ++i) {
    runs.push_back(gb::bench::plan_run(population, i));
    actions.push_back(gb::bench::play_actions(runs.back()));
  }
  int64_t total = 0;
  const auto start = std::chrono::steady_clock::now();
  for (size_t i = 0; i < runs.size(); ++i) total += verified_length(runs[i], actions[i]);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("rate=%.0f runs=%zu actions=%lld\n", static_cast<double>(runs.size()) / seconds,
              runs.size(), static_cast<long long>(total));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Data for the at-scale benchmark (scripts/bench_scale.sh)"};
  app.require_subcommand(1);
  Population population;
  std::string db, ids_out = "/dev/null", out;
  int threads = 2;
  auto add_population = [&](CLI::App* command) {
    command->add_option("--runs", population.runs, "Runs")->required()->check(CLI::PositiveNumber);
    command->add_option("--names", population.names, "Distinct names")
        ->required()
        ->check(CLI::PositiveNumber);
    command->add_option("--days", population.days, "Days the runs are spread over (store)")
        ->check(CLI::Range(1, 365));
    command->add_option("--first-seed", population.first_seed, "Seed of the first run");
    command->add_option("--name-prefix", population.name_prefix, "Names are PREFIX<number>");
  };
  CLI::App* store = app.add_subcommand("store", "Verify and store the runs through Store::submit");
  add_population(store);
  store->add_option("--db", db, "sqlite:PATH or a postgresql:// URL")->required();
  store->add_option("--threads", threads, "Threads playing and verifying")
      ->check(CLI::Range(1, 64));
  store->add_option("--ids-out", ids_out, "Where the stored ids go, one a line");
  CLI::App* bodies = app.add_subcommand("bodies", "Write POST /api/runs bodies, one a line");
  add_population(bodies);
  bodies->add_option("--out", out, "The bodies file")->required();
  CLI::App* verify = app.add_subcommand("verify", "Time verifying the runs in process");
  add_population(verify);
  CLI11_PARSE(app, argc, argv);
  try {
    if (*store) return fill_store(db, population, threads, ids_out);
    if (*verify) return verify_rate(population);
    return write_bodies(population, out);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "scale_fill: %s\n", e.what());
    return 1;
  }
}
