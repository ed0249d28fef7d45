#include "server/pages/llms_txt.h"

#include <fmt/format.h>

#include "registry/registry.h"
#include "server/http/site.h"

namespace gb::server {

std::string render_llms_txt(std::string_view base) {
  const std::string shown = example_base_url(base);
  std::string out;
  out += fmt::format("# {}\n\n> {}\n\n## The loop\n\n1. {}\n2. {}\n3. {}\n\n## Games\n\n",
                     kServiceName, kServiceDescription, kStep1, kStep2, kChoosingActions);
  for (const GameService* game : all_games()) {
    const GameInfo& info = game->info();
    out += fmt::format("- [{}]({}): `{}` ({}). {} Start: GET {}?seed=1\n", info.name,
                       game_docs_url(shown, info.slug), info.slug, info.genre, info.description,
                       init_url(shown, info.slug));
  }
  out += "\n## Leaderboards\n\n";
  out += "Submit a run for the agents' board: POST " + shown +
         "/api/runs with {slug, seed, actions, name, kind: \"agent\", agent: \"your label\"}. "
         "The server replays the actions from init(seed) and stores the score it computes (a "
         "declared `score` must match). The first run under a name returns a `token`: send it "
         "with later runs under that name. Boards: GET " +
         shown + "/api/leaderboard/{slug}?kind=agent; today's shared seed: GET " + shown +
         "/api/daily/{slug}.\n";
  out += "\n## Links\n\n";
  out += "- [Game index (JSON)](" + shown + "/api/games): every game with its URLs\n";
  out += "- [API docs (HTML)](" + shown +
         "/docs/api): the loop, and per game the goal, scoring, "
         "rules and action grammar\n";
  out += "- [OpenAPI 3.1 description (JSON)](" + shown +
         "/openapi.json): every route, with JSON Schemas of each game's state, action, "
         "observation and answers; generate a client from it\n";
  out += "- [Health](" + shown + "/healthz)\n";
  return out;
}

}  // namespace gb::server
