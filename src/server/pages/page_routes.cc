#include "server/pages/page_routes.h"

#include "server/pages/card_pages.h"
#include "server/pages/docs_html.h"
#include "server/pages/llms_txt.h"
#include "server/pages/static_files.h"
#include "server/pages/web_pages.h"

namespace gb::server {
namespace {

Response html(std::string body) {
  return {200, kHtmlType, std::move(body), {}};
}

}  // namespace

Response llms_txt_route(const RouteContext& context) {
  return {200, kTextType, render_llms_txt(context.base), {}};
}

Response docs_overview_route(const RouteContext& context) {
  return html(render_docs_overview(context.base));
}

Response game_docs_route(const RouteContext& context) {
  return html(render_game_docs(*context.game, context.base));
}

Response lobby_route(const RouteContext& context) {
  if (auto file = web_file("index.html")) return std::move(*file);
  return html(render_lobby(context.base));
}

Response play_route(const RouteContext& context) {
  if (auto file = web_file("play.html")) return std::move(*file);
  return html(render_play_page(*context.game, context.base));
}

Response leaderboard_page_route(const RouteContext& context) {
  if (auto file = web_file("leaderboard.html")) return std::move(*file);
  return html(render_leaderboard_page(*context.game, context.base));
}

Response agents_page_route(const RouteContext& context) {
  if (auto file = web_file("agents.html")) return std::move(*file);
  return html(render_agents_page(context.base));
}

Response scorecard_page_route(const RouteContext& context) {
  if (auto file = web_file("scorecard.html")) return std::move(*file);
  return html(render_scorecard_page(context.id, context.base));
}

Response web_asset_route(const RouteContext& context) {
  if (auto file = web_asset(context.file)) return std::move(*file);
  return json_error(404, "Not found");
}

Response wasm_asset_route(const RouteContext& context) {
  if (auto file = wasm_asset(context.file)) return std::move(*file);
  return json_error(404, "Not found");
}

Response replay_page_route(const RouteContext&) {
  if (auto file = web_file("replay.html")) return std::move(*file);
  return json_error(404, "Not found");
}

}  // namespace gb::server
