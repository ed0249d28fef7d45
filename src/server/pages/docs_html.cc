#include "server/pages/docs_html.h"

#include <simdjson.h>

#include "registry/registry.h"
#include "server/http/site.h"
#include "server/pages/html.h"
#include "server/pages/pretty_json.h"

namespace gb::server {
namespace {

// Returns the first legal action at seed 1 as compact JSON, for the curl example.
std::string example_action(const GameService& game) {
  JsonWriter w;
  game.write_init(1, w);
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (parser.parse(w.str()).get(root)) return "{\"type\":\"...\"}";
  simdjson::dom::element first;
  if (root["legalActions"].at(0).get(first)) return "{\"type\":\"...\"}";
  return simdjson::minify(first);
}

void append_loop(std::string& out, std::string_view base) {
  out += "<h2>The loop</h2>\n<ol><li>";
  append_markup_escaped(out, kStep1);
  out += "</li>\n<li>";
  append_markup_escaped(out, kStep2);
  out += "</li>\n<li>";
  append_markup_escaped(out, kChoosingActions);
  out += "</li></ol>\n<p>Index of games (JSON): <a href=\"";
  append_markup_escaped(out, std::string(base) + "/api/games");
  out += "\"><code>GET /api/games</code></a>. For agents: <a href=\"";
  append_markup_escaped(out, std::string(base) + "/llms.txt");
  out +=
      "\"><code>/llms.txt</code></a>. Machine-readable (OpenAPI 3.1, JSON Schemas of every "
      "state, action and answer; generate a client from it): <a href=\"";
  append_markup_escaped(out, std::string(base) + "/openapi.json");
  out +=
      "\"><code>GET /openapi.json</code></a>. Many children at once: "
      "<code>POST /api/games/{slug}/batch</code> with <code>{items:[{state, action}, "
      "...]}</code> (1..256).</p>\n";
}

void append_text_section(std::string& out, std::string_view heading, std::string_view text) {
  out += "<h3>";
  append_markup_escaped(out, heading);
  out += "</h3>\n<div class=\"text\">";
  append_markup_escaped(out, text);
  out += "</div>\n";
}

void append_game_section(std::string& out, const GameService& game, std::string_view base) {
  const GameInfo& info = game.info();
  const std::string shown = example_base_url(base);
  out += "<section id=\"";
  append_markup_escaped(out, info.slug);
  out += "\">\n<h2>";
  append_markup_escaped(out, info.name);
  out += " <small>(<code>";
  append_markup_escaped(out, info.slug);
  out += "</code>, ";
  append_markup_escaped(out, info.genre);
  out += ")</small></h2>\n<p>";
  append_markup_escaped(out, info.description);
  out += "</p>\n";
  append_text_section(out, "Goal", info.goal);
  append_text_section(out, "Scoring", info.scoring);
  append_text_section(out, "Rules", info.rules);
  out += "<h3>Action grammar</h3>\n<pre>";
  append_markup_escaped(out, pretty_json(info.action_grammar));
  out += "</pre>\n<h3>Start a game</h3>\n<pre>";
  append_markup_escaped(out, "curl '" + init_url(shown, info.slug) + "?seed=1'\n\n");
  append_markup_escaped(out,
                        "curl -X POST '" + action_url(shown, info.slug) +
                            "' \\\n  -H 'Content-Type: application/json' \\\n  -d '{\"state\": "
                            "<state from the last answer>, \"action\": " +
                            example_action(game) + "}'");
  out += "</pre>\n</section>\n";
}

}  // namespace

std::string render_docs_overview(std::string_view base) {
  std::string body = "<h1>";
  append_markup_escaped(body, kServiceName);
  body += "</h1>\n<p>";
  append_markup_escaped(body, kServiceDescription);
  body += "</p>\n";
  append_loop(body, base);
  body += "<h2>Games</h2>\n<ul>\n";
  for (const GameService* game : all_games()) {
    body += "<li><a href=\"";
    append_markup_escaped(body, game_docs_url(base, game->info().slug));
    body += "\">";
    append_markup_escaped(body, game->info().name);
    body += "</a>: ";
    append_markup_escaped(body, game->info().description);
    body += "</li>\n";
  }
  body += "</ul>\n";
  for (const GameService* game : all_games()) append_game_section(body, *game, base);
  return html_page(std::string(kServiceName) + " docs", body);
}

std::string render_game_docs(const GameService& game, std::string_view base) {
  std::string body = "<p><a href=\"";
  append_markup_escaped(body, std::string(base) + "/docs/api");
  body += "\">All games</a></p>\n<h1>";
  append_markup_escaped(body, game.info().name);
  body += "</h1>\n";
  append_loop(body, base);
  append_game_section(body, game, base);
  return html_page(std::string(game.info().name) + " API docs", body);
}

}  // namespace gb::server
