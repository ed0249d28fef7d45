// The scorecard pages without a web folder: GET /agents and GET /scorecards/{id} fall back to these
// generated pages, which link the JSON the browser pages (web/agents.html, web/scorecard.html)
// draw.
#pragma once

#include <string>
#include <string_view>

namespace gb::server {

// Returns the generated agents' page: what a scorecard is and links to the suites' JSON.
std::string render_agents_page(std::string_view base);

// Returns the generated page of the card `id` (a path segment, escaped here): a link to its JSON.
std::string render_scorecard_page(std::string_view id, std::string_view base);

}  // namespace gb::server
