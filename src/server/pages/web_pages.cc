#include "server/pages/web_pages.h"

#include "registry/registry.h"
#include "server/http/site.h"
#include "server/pages/html.h"

namespace gb::server {
namespace {

void append_link(std::string& out, std::string_view href, std::string_view text) {
  append_html(out, Markup{"<a href=\""}, href, Markup{"\">"}, text, Markup{"</a>"});
}

}  // namespace

std::string render_lobby(std::string_view base) {
  std::string body;
  append_html(body, Markup{"<h1>"}, kServiceName, Markup{"</h1>\n<p>"}, kServiceDescription,
              Markup{"</p>\n<ul>\n"});
  for (const GameService* game : all_games()) {
    const GameInfo& info = game->info();
    append_html(body, Markup{"<li><strong>"}, info.name, Markup{"</strong> ("}, info.genre,
                Markup{"): "}, info.description, Markup{"<br>"});
    append_link(body, game_docs_url(base, info.slug), "docs");
    body += " · ";
    append_link(body, init_url(base, info.slug) + "?seed=1", "init (seed 1)");
    body += " · ";
    append_link(body, std::string(base) + "/play/" + std::string(info.slug), "page");
    body += "</li>\n";
  }
  body += "</ul>\n<p>";
  append_link(body, std::string(base) + "/agents", "agents' boards");
  body += " · ";
  append_link(body, std::string(base) + "/docs/api", "API docs");
  body += " · ";
  append_link(body, std::string(base) + "/api/games", "game index (JSON)");
  body += " · ";
  append_link(body, std::string(base) + "/llms.txt", "llms.txt");
  body += "</p>\n";
  return html_page(kServiceName, body);
}

std::string render_play_page(const GameService& game, std::string_view base) {
  const GameInfo& info = game.info();
  std::string body = "<p>";
  append_link(body, std::string(base) + "/", "All games");
  append_html(body, Markup{"</p>\n<h1>"}, info.name, Markup{"</h1>\n<p>"}, info.description,
              Markup{"</p>\n<h2>Goal</h2>\n<div class=\"text\">"}, info.goal,
              Markup{"</div>\n<p>Play it over the API: "});
  append_link(body, init_url(base, info.slug) + "?seed=1", "start with seed 1");
  append_html(body, Markup{", then POST each action with the state to "},
              action_url(base, info.slug), Markup{". Full rules: "});
  append_link(body, game_docs_url(base, info.slug), "docs");
  body += ".</p>\n";
  return html_page(info.name, body);
}

std::string render_leaderboard_page(const GameService& game, std::string_view base) {
  const GameInfo& info = game.info();
  std::string board = std::string(base) + "/api/leaderboard/" + std::string(info.slug);
  std::string body = "<p>";
  append_link(body, std::string(base) + "/", "All games");
  body += "</p>\n<h1>";
  append_markup_escaped(body, info.name);
  body +=
      " leaderboards</h1>\n<p>Every entry is a run the server replayed and scored "
      "itself.</p>\n<ul>\n<li>";
  append_link(body, board + "?kind=all", "All time (people and agents)");
  body += "</li>\n<li>";
  append_link(body, board + "?kind=all&daily=today", "Today's challenge");
  body += "</li>\n<li>";
  append_link(body, board + "?kind=human", "People");
  body += "</li>\n<li>";
  append_link(body, board + "?kind=agent", "Agents");
  body += "</li>\n</ul>\n";
  return html_page(std::string(info.name) + " leaderboards", body);
}

}  // namespace gb::server
