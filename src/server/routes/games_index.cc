#include "server/routes/games_index.h"

#include "core/json_writer.h"
#include "registry/registry.h"
#include "server/http/site.h"

namespace gb::server {

std::string render_games_index(std::string_view base) {
  JsonWriter w;
  w.begin_object();
  w.field("service", kServiceName);
  w.field("description", kServiceDescription);
  w.key("howToPlay");
  w.begin_object();
  w.field("step1", kStep1);
  w.field("step2", kStep2);
  w.field("choosingActions", kChoosingActions);
  w.end_object();
  w.field("docs", std::string(base) + "/docs/api");
  w.field("openapi", std::string(base) + "/openapi.json");
  w.field("count", static_cast<uint64_t>(all_games().size()));
  w.key("games");
  w.begin_array();
  for (const GameService* game : all_games()) {
    const GameInfo& info = game->info();
    w.begin_object();
    w.field("slug", info.slug);
    w.field("name", info.name);
    w.field("genre", info.genre);
    w.field("description", info.description);
    w.field("goal", info.goal);
    w.field("initUrl", init_url(base, info.slug));
    w.field("actionUrl", action_url(base, info.slug));
    w.field("docsUrl", game_docs_url(base, info.slug));
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.take();
}

std::string render_unknown_game() {
  JsonWriter w;
  w.begin_object();
  w.field("error", "Unknown game");
  w.key("games");
  write_slug_array(w);
  w.end_object();
  return w.take();
}

}  // namespace gb::server
