#include "cli/llm_card.h"

#include <iostream>
#include <vector>

#include "cli/card_common.h"
#include "registry/registry.h"
#include "scorecards/card_table.h"
#include "scorecards/stats.h"

namespace gb::cli {
namespace {

// The statistics input of each game of `suite` from the results of its slots (in slot order);
// a run that ended in an endpoint error is an empty slot and scores 0.
std::vector<scorecards::GameInput> card_inputs(
    const scorecards::Suite& suite, const std::vector<harness::llm::LlmRunResult>& results) {
  std::vector<scorecards::GameInput> inputs;
  size_t slot = 0;
  for (const scorecards::SuiteGame& game : suite.games) {
    scorecards::GameInput in;
    in.slug = std::string(game.slug);
    for (int i = 0; i < game.count; ++i, ++slot) {
      const harness::llm::LlmRunResult& r = results[slot];
      in.scores.push_back(r.end_reason == "error" ? 0 : r.score);
    }
    in.random = game.random.mean();
    in.planner = game.planner.mean();
    inputs.push_back(std::move(in));
  }
  return inputs;
}

}  // namespace

int run_llm_card_command(const scorecards::Suite& suite, const LlmFlags& f,
                         const std::string& record) {
  harness::llm::LlmEvalJob job;
  std::string error = prepare_llm_job(f, record, job);
  if (!error.empty()) return card_usage_error(error);
  for (const scorecards::Slot& slot : scorecards::open_slots(suite)) {
    const GameService* game = find_game(slot.slug);
    if (!game) {
      return card_usage_error("this build has no game '" + std::string(slot.slug) + "'");
    }
    job.runs.push_back({game, slot.seed, slot.max_actions});
  }
  std::cout << "card " << suite.id << " / llm (" << f.model
            << ", protocol llm-v1): " << job.runs.size() << " runs, " << f.parallel
            << " in flight, at most " << f.max_decisions << " calls a run" << std::endl;
  double wall_s = 0;
  auto results = play_llm_runs(job, "card", "card " + std::string(suite.id) + "/llm", wall_s);
  if (!results) return 1;
  std::cout << scorecards::card_table(scorecards::compute_stats(card_inputs(suite, *results)));
  std::cout << "agent: label llm, model " << f.model << ", harness " << kLlmCardHarness << "\n";
  std::cout << "usage: " << llm_usage_line(*results, wall_s);
  if (!record.empty()) std::cout << "records: " << record << "/\n";
  int errors = report_llm_errors(job, *results);
  if (errors == 0) return 0;
  std::cerr << "gameboard card: " << errors << " of " << results->size()
            << " runs ended in an endpoint error: their slots are empty and score 0\n";
  return 1;
}

}  // namespace gb::cli
