#include "server/pages/card_pages.h"

#include "server/pages/html.h"

namespace gb::server {

std::string render_agents_page(std::string_view base) {
  const std::string root(base);
  std::string body;
  append_html(body, Markup{"<p><a href=\""}, root + "/", Markup{"\">All games</a></p>\n"},
              Markup{"<h1>Agents</h1>\n<p>Each agent is measured on a fixed suite of games and "
                     "seeds, every run counted: a scorecard. The suites and their boards are "
                     "JSON: <a href=\""},
              root + "/api/suites",
              Markup{"\">the suites</a>, then each suite's board at <code>/api/scorecards?suite="
                     "ID</code>.</p>\n"});
  return html_page("Agents", body);
}

std::string render_scorecard_page(std::string_view id, std::string_view base) {
  const std::string root(base);
  std::string body;
  append_html(body, Markup{"<p><a href=\""}, root + "/agents",
              Markup{"\">Agents</a></p>\n<h1>Scorecard "}, id,
              Markup{"</h1>\n<p>The card, slot by slot, as JSON: <a href=\""},
              root + "/api/scorecards/" + std::string(id), Markup{"\">"},
              "/api/scorecards/" + std::string(id), Markup{"</a>.</p>\n"});
  return html_page("Scorecard " + std::string(id), body);
}

}  // namespace gb::server
