#include "server/routes/scorecard_routes.h"

#include <chrono>

#include "runs/card_codec.h"
#include "scorecards/suite.h"
#include "server/http/services.h"
#include "server/routes/body_limit.h"
#include "server/routes/route_answers.h"

namespace gb::server {
namespace {

// The store, or nullptr when the server runs without one.
store::Store* store_of(const RouteContext& context) {
  return context.services == nullptr ? nullptr : context.services->store;
}

runs::TimePoint now() {
  return std::chrono::system_clock::now();
}

}  // namespace

Response suites_route(const RouteContext&) {
  return json_response(200, runs::encode_suites());
}

Response open_card_route(const RouteContext& context) {
  store::Store* store = store_of(context);
  if (store == nullptr) return unavailable("No store", "60");
  Issues issues;
  std::optional<JsonValue> root = parse_json(context.request.body, issues);
  if (!root) return error_with_issues(400, "Invalid scorecard", issues);
  std::optional<runs::CardRequest> request = runs::decode_card_request(*root, issues);
  if (!request) return error_with_issues(400, "Invalid scorecard", issues);
  try {
    runs::OpenedCard opened =
        runs::open_card(*store, *request, now(), context.services->daily_secret);
    switch (opened.verdict) {
      case runs::CardVerdict::kInvalid:
        return error_with_list(400, "Invalid scorecard", opened.issues);
      case runs::CardVerdict::kNameTaken:
        return json_error(403, "Name taken");
      case runs::CardVerdict::kTooManyOpen:
        return error_with_issue(429, "Too many open scorecards",
                                "name: already has " + std::to_string(runs::kMaxOpenCards) +
                                    " open cards; close one or let it expire");
      case runs::CardVerdict::kOpened:
        if (context.services->slot_cache != nullptr) {
          context.services->slot_cache->keep_opened(opened.card);
        }
        return json_response(201, runs::encode_opened_card(opened));
    }
  } catch (const store::StoreError&) {
    return store_unavailable(context);
  }
  return json_error(500, "Internal error");
}

Response get_card_route(const RouteContext& context) {
  store::Store* store = store_of(context);
  if (store == nullptr) return unavailable("No store", "60");
  if (context.id.empty() || context.id.size() > 64) return json_error(404, "Unknown scorecard");
  try {
    std::optional<runs::CardReport> report =
        runs::read_card(*store, context.id, now(), context.services->card_cache);
    if (!report) return json_error(404, "Unknown scorecard");
    return json_response(200, runs::encode_card(*report));
  } catch (const store::StoreError&) {
    return store_unavailable(context);
  }
}

Response close_card_route(const RouteContext& context) {
  store::Store* store = store_of(context);
  if (store == nullptr) return unavailable("No store", "60");
  if (context.id.empty() || context.id.size() > 64) return json_error(404, "Unknown scorecard");
  Issues issues;
  std::optional<JsonValue> root = parse_json(context.request.body, issues);
  if (!root) return error_with_issues(400, "Invalid close", issues);
  std::optional<runs::CloseRequest> request = runs::decode_close_request(*root, issues);
  if (!request) return error_with_issues(400, "Invalid close", issues);
  try {
    runs::ClosedCard closed =
        runs::close_card(*store, context.id, request->token, request->usage_json, now(),
                         context.services->card_cache, context.services->slot_cache);
    switch (closed.verdict) {
      case runs::CloseVerdict::kUnknown:
        return json_error(404, "Unknown scorecard");
      case runs::CloseVerdict::kForbidden:
        return json_error(403, "Wrong token");
      case runs::CloseVerdict::kExpired:
        return json_error(409, "Scorecard closed");
      case runs::CloseVerdict::kClosed:
        return json_response(200, runs::encode_card(closed.report));
    }
  } catch (const store::StoreError&) {
    return store_unavailable(context);
  }
  return json_error(500, "Internal error");
}

Response agents_board_route(const RouteContext& context) {
  store::Store* store = store_of(context);
  if (store == nullptr) return unavailable("No store", "60");
  std::string_view query = context.target.query;
  std::string suite = std::string(scorecards::all_suites().front().id);
  if (auto given = query_param(query, "suite")) {
    if (scorecards::find_suite(*given) == nullptr) {
      return error_with_issue(400, "Invalid query",
                              "suite: no suite is named '" + std::string(*given) + "'");
    }
    suite = std::string(*given);
  }
  int64_t limit = 20;
  int64_t offset = 0;
  if (auto given = query_param(query, "limit")) {
    std::optional<int64_t> parsed = parse_bounded(*given, 1, 100);
    if (!parsed) return error_with_issue(400, "Invalid query", "limit: must be 1..100");
    limit = *parsed;
  }
  if (auto given = query_param(query, "offset")) {
    std::optional<int64_t> parsed = parse_bounded(*given, 0, 1'000'000'000);
    if (!parsed) return error_with_issue(400, "Invalid query", "offset: must be 0..1000000000");
    offset = *parsed;
  }
  try {
    return json_response(
        200, runs::encode_agents_board(runs::agents_board(*store, suite, limit, offset, now(),
                                                          context.services->card_cache)));
  } catch (const store::StoreError&) {
    return store_unavailable(context);
  }
}

}  // namespace gb::server
