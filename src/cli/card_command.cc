// `gameboard card`: plays a whole scorecard suite in process (SPEC section 14) and prints the
// card's table: per game the mean with its 95% interval and the normalised scores, then the
// overall normalised score. The numbers are those the server computes for the same runs. With
// --server the card is opened, filled and closed on a server instead (server_card.h).
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "cli/card_common.h"
#include "cli/command_setup.h"
#include "cli/commands.h"
#include "cli/llm_card.h"
#include "cli/progress.h"
#include "cli/server_card.h"
#include "harness/eval_runner.h"
#include "harness/replay.h"
#include "harness/result_files.h"
#include "scorecards/card_table.h"
#include "scorecards/suite.h"

namespace gb::cli {
namespace {

// The command's description in --help.
constexpr const char* kHelp =
    "Play a whole scorecard suite in process and print the card: per game the mean score with "
    "its 95% interval, normalised against the random (0) and planner (1) reference agents, "
    "and the overall normalised score (docs/scorecards.md). With --server URL --name N the card "
    "is measured on that server: it opens a card there (a sealed suite's seeds are drawn then), "
    "plays every slot (in process, or over HTTP with --remote), submits each run into its slot, "
    "closes the card and prints the table the server computed and the card's page. A failure "
    "midway says which slots the server holds and exits 1; --card ID then goes on with that "
    "card.";

// Lists the suite ids, for error messages.
std::string known_suites() {
  std::string out;
  for (const scorecards::Suite& s : scorecards::all_suites())
    out += (out.empty() ? "" : ", ") + std::string(s.id);
  return out;
}

// Plays every slot of `game` with the options' agent; the results come back in slot order.
std::vector<agents::RunResult> play_game(const scorecards::SuiteGame& game,
                                         const harness::GameAgents& agents, const CardOptions& o,
                                         Progress& progress, size_t& done, size_t total) {
  harness::EvalJob job;
  job.game = &agents;
  job.seeds.assign(game.seeds.begin(), game.seeds.end());
  job.jobs = o.jobs;
  job.settings.agent = o.agent;
  job.settings.agent_seed = o.agent_seed;
  job.settings.budget = o.budget > 0 ? o.budget : agents.default_budget();
  job.settings.max_actions = game.max_actions;
  const size_t before = done;
  auto results = harness::run_eval(job, [&](size_t finished, size_t) {
    done = before + finished;
    progress.update(done, total);
  });
  return results;
}

// Plays the card described by `o`; returns the exit code.
int run_card_command(const CardOptions& o) {
  if (!o.server.empty()) return run_server_card(o);
  if (!o.name.empty() || !o.token.empty() || o.remote || !o.card.empty()) {
    return card_usage_error("--name, --token, --remote and --card need --server URL");
  }
  const scorecards::Suite* suite = scorecards::find_suite(o.suite);
  if (!suite)
    return card_usage_error("unknown suite '" + o.suite + "' (suites: " + known_suites() + ")");
  if (suite->sealed) {
    return card_usage_error("suite '" + o.suite +
                            "' is sealed: its seeds are drawn by a server when a card opens, so it "
                            "is played only with --server URL --name N");
  }
  if (o.agent == "llm") return run_llm_card_command(*suite, o.llm, o.record);
  if (!harness::is_agent_name(o.agent)) {
    return card_usage_error("unknown agent '" + o.agent +
                            "' (agents: random, greedy, planner, llm)");
  }
  if (!o.record.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.record, ec);
    if (ec) return card_usage_error("cannot create " + o.record + ": " + ec.message());
  }
  const size_t total = static_cast<size_t>(suite->slot_count());
  std::cout << "card " << suite->id << " / " << o.agent << ": " << total << " runs, " << o.jobs
            << " jobs" << std::endl;
  Progress progress(stderr, "card " + std::string(suite->id) + "/" + o.agent);
  std::vector<scorecards::GameInput> inputs;
  size_t done = 0;
  for (const scorecards::SuiteGame& game : suite->games) {
    const harness::GameAgents* agents = harness::find_game_agents(game.slug);
    if (!agents) return card_usage_error("this build has no game '" + std::string(game.slug) + "'");
    std::vector<agents::RunResult> results;
    try {
      results = play_game(game, *agents, o, progress, done, total);
    } catch (const std::exception& e) {
      std::cerr << "\ngameboard card: " << e.what() << "\n";
      return 1;
    }
    std::string error;
    if (!o.record.empty() && !record_replays(o.record, game.slug, results, error)) {
      return card_usage_error(error);
    }
    scorecards::GameInput in;
    in.slug = std::string(game.slug);
    for (const agents::RunResult& r : results) in.scores.push_back(r.score);
    in.random = game.random.mean();
    in.planner = game.planner.mean();
    inputs.push_back(std::move(in));
  }
  std::cout << scorecards::card_table(scorecards::compute_stats(inputs));
  if (!o.record.empty()) std::cout << "replays: " << o.record << "/\n";
  return 0;
}

}  // namespace

void register_card_command(CLI::App& app) {
  auto [card, o] = add_command(app, "card", kHelp, run_card_command);
  card->add_option("--suite", o->suite,
                   "The suite: open-v1 (public seeds) or, with --server, sealed-v1 (seeds drawn "
                   "by the server when the card opens)")
      ->capture_default_str();
  card->add_option("--agent", o->agent,
                   "random, greedy, planner, or llm (a model behind an OpenAI-compatible "
                   "endpoint, each slot's cap bounding its actions; see docs/llm.md)")
      ->required();
  add_budget_option(*card, o->budget,
                    "Planner budget: simulated options per decision (0 = the game's default)");
  add_agent_seed_option(*card, o->agent_seed);
  add_jobs_option(*card, o->jobs);
  card->add_option("--record", o->record,
                   "Folder for one replay file per run (<slug>-<seed>.json; with --agent llm "
                   "the eval's records: replay, result and trajectory per run)");
  card->add_option("--server", o->server,
                   "Measure the card on this server, e.g. http://127.0.0.1:8080: open a card, "
                   "submit every run into its slot, close it, print the server's table and the "
                   "card's page URL/scorecards/ID");
  card->add_option("--name", o->name, "With --server: the name the card is filed under");
  card->add_option("--token", o->token,
                   "With --server: the name's token, when the name is already yours (default: "
                   "the one saved in $XDG_CONFIG_HOME/gameboard/names.json when this name was "
                   "claimed there; a token issued now is saved there)");
  card->add_flag("--remote", o->remote,
                 "With --server: play every move over HTTP on that server, as eval --remote "
                 "does (same runs, same card)");
  card->add_option("--card", o->card,
                   "With --server: go on with this open card (one that stopped midway) instead "
                   "of opening a new one: its empty slots are played, submitted, and the card "
                   "closed");
  add_llm_flags(*card, o->llm);
}

}  // namespace gb::cli
