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
  append_html(out, Markup{"<h2>The loop</h2>\n<ol><li>"}, kStep1, Markup{"</li>\n<li>"}, kStep2,
              Markup{"</li>\n<li>"}, kChoosingActions,
              Markup{"</li></ol>\n<p>Index of games (JSON): <a href=\""},
              std::string(base) + "/api/games",
              Markup{"\"><code>GET /api/games</code></a>. For agents: <a href=\""},
              std::string(base) + "/llms.txt");
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
  append_html(out, Markup{"<h3>"}, heading, Markup{"</h3>\n<div class=\"text\">"}, text,
              Markup{"</div>\n"});
}

void append_game_section(std::string& out, const GameService& game, std::string_view base) {
  const GameInfo& info = game.info();
  const std::string shown = example_base_url(base);
  append_html(out, Markup{"<section id=\""}, info.slug, Markup{"\">\n<h2>"}, info.name,
              Markup{" <small>(<code>"}, info.slug, Markup{"</code>, "}, info.genre,
              Markup{")</small></h2>\n<p>"}, info.description, Markup{"</p>\n"});
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
  std::string body;
  append_html(body, Markup{"<h1>"}, kServiceName, Markup{"</h1>\n<p>"}, kServiceDescription,
              Markup{"</p>\n"});
  append_loop(body, base);
  body += "<h2>Games</h2>\n<ul>\n";
  for (const GameService* game : all_games()) {
    append_html(body, Markup{"<li><a href=\""}, game_docs_url(base, game->info().slug),
                Markup{"\">"}, game->info().name, Markup{"</a>: "}, game->info().description,
                Markup{"</li>\n"});
  }
  body += "</ul>\n";
  for (const GameService* game : all_games()) append_game_section(body, *game, base);
  return html_page(std::string(kServiceName) + " docs", body);
}

std::string render_game_docs(const GameService& game, std::string_view base) {
  std::string body;
  append_html(body, Markup{"<p><a href=\""}, std::string(base) + "/docs/api",
              Markup{"\">All games</a></p>\n<h1>"}, game.info().name, Markup{"</h1>\n"});
  append_loop(body, base);
  append_game_section(body, game, base);
  return html_page(std::string(game.info().name) + " API docs", body);
}

}  // namespace gb::server
