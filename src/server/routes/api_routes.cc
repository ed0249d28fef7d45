#include "server/routes/api_routes.h"

#include "core/json_reader.h"
#include "core/json_writer.h"
#include "server/routes/games_index.h"
#include "server/routes/seed.h"

namespace gb::server {
namespace {

// One writer per thread, so answers reuse its buffer instead of growing a fresh one.
JsonWriter& thread_writer() {
  thread_local JsonWriter writer;
  writer.clear();
  return writer;
}

Response invalid_body(const Issues& issues) {
  JsonWriter& w = thread_writer();
  write_error("Invalid body", issues, w);
  return json_response(400, std::string(w.str()));
}

}  // namespace

Response games_index_route(const RouteContext& context) {
  return json_response(200, render_games_index(context.base));
}

Response init_route(const RouteContext& context) {
  uint32_t seed = 0;
  if (auto raw = query_param(context.target.query, "seed")) {
    std::optional<uint32_t> parsed = parse_seed(*raw);
    if (!parsed) return json_error(400, "Invalid seed");
    seed = *parsed;
  } else {
    seed = draw_seed();
  }
  JsonWriter& w = thread_writer();
  context.game->write_init(seed, w);
  return json_response(200, std::string(w.str()));
}

Response action_route(const RouteContext& context) {
  Issues issues;
  std::optional<JsonValue> root = parse_json(context.request.body, issues);
  if (!root) return invalid_body(issues);
  ObjectReader body(*root, "body", issues);
  std::optional<JsonValue> state = body.get("state");
  std::optional<JsonValue> action = body.get("action");
  if (!state || !action) return invalid_body(issues);
  JsonWriter& w = thread_writer();
  int status = context.game->write_action(*state, *action, w);
  return json_response(status, std::string(w.str()));
}

Response health_route(const RouteContext&) {
  return json_response(200, "{\"ok\":true}");
}

}  // namespace gb::server
