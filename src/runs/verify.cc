#include "runs/verify.h"

#include "agents/common/run.h"
#include "core/hash.h"
#include "registry/registry.h"

namespace gb::runs {

Verification verify_run(std::string_view slug, uint32_t seed, JsonValue actions,
                        const RunBounds& bounds) {
  Verification verdict;
  const GameService* game = find_game(slug);
  if (game == nullptr) {
    std::string known;
    for (const GameService* g : all_games()) {
      known += known.empty() ? "" : ", ";
      known += g->info().slug;
    }
    verdict.issue = "slug: unknown game '" + std::string(slug) + "' (games: " + known + ")";
    return verdict;
  }
  simdjson::dom::array list;
  if (actions.get(list) != simdjson::SUCCESS) {
    verdict.issue = "actions: must be an array, not " + std::string(json_type_name(actions));
    return verdict;
  }
  RunReplay replay = game->replay_run(seed, list, bounds);
  if (!replay.ok) {
    verdict.issue = std::move(replay.issue);
    return verdict;
  }
  VerifiedRun run;
  run.slug = std::string(game->info().slug);
  run.seed = seed;
  run.actions_json = to_compact_json(actions);
  run.score = replay.score;
  run.length = replay.length;
  run.steps = replay.steps;
  run.over = replay.over;
  run.state_hash = state_hash(replay.final_state);
  run.rules_version = game->info().rules_version;
  verdict.run = std::move(run);
  return verdict;
}

}  // namespace gb::runs
