#include "server/llms_txt.h"

#include "registry/registry.h"
#include "server/site.h"

namespace gb::server {

std::string render_llms_txt(std::string_view base) {
  const std::string shown = example_base_url(base);
  std::string out;
  out += "# ";
  out += kServiceName;
  out += "\n\n> ";
  out += kServiceDescription;
  out += "\n\n## The loop\n\n1. ";
  out += kStep1;
  out += "\n2. ";
  out += kStep2;
  out += "\n3. ";
  out += kChoosingActions;
  out += "\n\n## Games\n\n";
  for (const GameService* game : all_games()) {
    const GameInfo& info = game->info();
    out += "- [";
    out += info.name;
    out += "](" + game_docs_url(shown, info.slug) + "): `";
    out += info.slug;
    out += "` (";
    out += info.genre;
    out += "). ";
    out += info.description;
    out += " Start: GET " + init_url(shown, info.slug) + "?seed=1\n";
  }
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
