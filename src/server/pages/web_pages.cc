#include "server/pages/web_pages.h"

#include "registry/registry.h"
#include "server/http/site.h"
#include "server/pages/html.h"

namespace gb::server {
namespace {

void append_link(std::string& out, std::string_view href, std::string_view text) {
  out += "<a href=\"";
  append_markup_escaped(out, href);
  out += "\">";
  append_markup_escaped(out, text);
  out += "</a>";
}

}  // namespace

std::string render_lobby(std::string_view base) {
  std::string body = "<h1>";
  append_markup_escaped(body, kServiceName);
  body += "</h1>\n<p>";
  append_markup_escaped(body, kServiceDescription);
  body += "</p>\n<ul>\n";
  for (const GameService* game : all_games()) {
    const GameInfo& info = game->info();
    body += "<li><strong>";
    append_markup_escaped(body, info.name);
    body += "</strong> (";
    append_markup_escaped(body, info.genre);
    body += "): ";
    append_markup_escaped(body, info.description);
    body += "<br>";
    append_link(body, game_docs_url(base, info.slug), "docs");
    body += " · ";
    append_link(body, init_url(base, info.slug) + "?seed=1", "init (seed 1)");
    body += " · ";
    append_link(body, std::string(base) + "/play/" + std::string(info.slug), "page");
    body += "</li>\n";
  }
  body += "</ul>\n<p>";
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
  body += "</p>\n<h1>";
  append_markup_escaped(body, info.name);
  body += "</h1>\n<p>";
  append_markup_escaped(body, info.description);
  body += "</p>\n<h2>Goal</h2>\n<div class=\"text\">";
  append_markup_escaped(body, info.goal);
  body += "</div>\n<p>Play it over the API: ";
  append_link(body, init_url(base, info.slug) + "?seed=1", "start with seed 1");
  body += ", then POST each action with the state to ";
  append_markup_escaped(body, action_url(base, info.slug));
  body += ". Full rules: ";
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
