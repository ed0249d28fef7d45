#include "bench/scale_plan.h"

#include <array>
#include <cstdio>
#include <stdexcept>
#include <string_view>

#include "core/clock.h"
#include "harness/game_agents.h"

namespace gb::bench {

PlannedRun plan_run(const Population& population, int64_t i) {
  static constexpr std::array<std::string_view, 3> kGames = {"stormlark", "glimfall", "silkspan"};
  const int64_t name = i % population.names;
  const int64_t round = i / population.names;
  char number[24];
  std::snprintf(number, sizeof number, "%05lld", static_cast<long long>(name));
  PlannedRun run;
  run.slug = std::string(kGames[static_cast<size_t>((round + name) % 3)]);
  run.seed = population.first_seed + static_cast<uint32_t>(i);
  run.name = population.name_prefix + number;
  run.token = "scale-token-" + std::string(number) + "-" + std::string(26, 'k');
  run.kind = name % 5 < 3 ? "human" : "agent";
  run.agent = name % 4 == 0 ? "greedy" : "random";
  run.label = run.kind == "agent" ? run.agent + "-v1" : "";
  const auto span = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::hours(24) *
                                                                          population.days);
  run.created_at = format_utc(population.end - span * (population.runs - i) / population.runs);
  return run;
}

std::string play_actions(const PlannedRun& run) {
  const harness::GameAgents* game = harness::find_game_agents(run.slug);
  if (game == nullptr) throw std::invalid_argument("no agents for " + run.slug);
  harness::RunSettings settings;
  settings.agent = run.agent;
  settings.agent_seed = 23;
  return game->run(run.seed, settings, nullptr).actions_json;
}

}  // namespace gb::bench
