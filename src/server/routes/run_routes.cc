#include "server/routes/run_routes.h"

#include <charconv>
#include <chrono>

#include "core/clock.h"
#include "core/json_writer.h"
#include "registry/registry.h"
#include "runs/codec.h"
#include "runs/open_data.h"
#include "runs/secrets.h"
#include "server/http/metrics.h"
#include "server/routes/route_answers.h"
#include "server/routes/seed.h"

namespace gb::server {
namespace {

// True when `text` is a real calendar date written YYYY-MM-DD.
bool valid_date(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
  auto y = parse_bounded(text.substr(0, 4), 1970, 9999);
  auto m = parse_bounded(text.substr(5, 2), 1, 12);
  auto d = parse_bounded(text.substr(8, 2), 1, 31);
  if (!y || !m || !d) return false;
  std::chrono::year_month_day date{std::chrono::year(static_cast<int>(*y)),
                                   std::chrono::month(static_cast<unsigned>(*m)),
                                   std::chrono::day(static_cast<unsigned>(*d))};
  return date.ok();
}

// Whether a submission's body may aim at a scorecard slot: such runs count against the card's
// own bounds, not the per-client limit (SPEC section 14), so the limiter waits for the decoded
// body to tell (take_submission below).
bool may_fill_a_slot(std::string_view body) {
  return body.find("\"scorecard\"") != std::string_view::npos;
}

// Takes one submission from the client's bucket: a 429 answer with Retry-After, or nullopt.
std::optional<Response> take_submission(const Request& request, const Services* services) {
  if (services == nullptr || services->submit_limiter == nullptr) return std::nullopt;
  int64_t wait = services->submit_limiter->take(request.client);
  if (wait == 0) return std::nullopt;
  Response r = json_error(429, "Too many runs");
  r.headers.push_back({"Retry-After", std::to_string(wait)});
  return r;
}

}  // namespace

std::optional<Response> admit_submission(const Request& request, const Services* services) {
  if (may_fill_a_slot(request.body)) return std::nullopt;
  return take_submission(request, services);
}

Response submit_run_route(const RouteContext& context) {
  const Services* services = context.services;
  if (services == nullptr || services->store == nullptr) return unavailable("No store", "60");
  Issues issues;
  std::optional<JsonValue> root = parse_json(context.request.body, issues, kMaxRunBodyBytes);
  if (!root) return error_with_issues(400, "Invalid run", issues);
  std::optional<runs::RunSubmission> submission = runs::decode_submission(*root, issues);
  if (!submission) return error_with_issues(400, "Invalid run", issues);
  // A body that named "scorecard" somewhere but fills no slot pays the limit it skipped.
  if (!submission->scorecard && may_fill_a_slot(context.request.body)) {
    if (std::optional<Response> refused = take_submission(context.request, services)) {
      return *refused;
    }
  }
  runs::SubmitAnswer answer;
  try {
    answer = runs::submit_run(*services->store, *submission, utc_now(), services->bounds,
                              services->slot_cache);
  } catch (const store::StoreError&) {
    return store_unavailable(context);
  }
  switch (answer.verdict) {
    case runs::SubmitVerdict::kInvalid:
      return error_with_list(400, "Invalid run", answer.issues);
    case runs::SubmitVerdict::kNameTaken:
      return json_error(403, submission->scorecard ? "Wrong token" : "Name taken");
    case runs::SubmitVerdict::kSlotFilled:
      return json_error(409, "Slot filled");
    case runs::SubmitVerdict::kCardClosed:
      return json_error(409, "Scorecard closed");
    case runs::SubmitVerdict::kCreated:
      return json_response(201, runs::encode_submit_answer(answer));
    case runs::SubmitVerdict::kExisting:
      return json_response(200, runs::encode_submit_answer(answer));
  }
  return json_error(500, "Internal error");
}

Response get_run_route(const RouteContext& context) {
  const Services* services = context.services;
  if (services == nullptr || services->store == nullptr) return unavailable("No store", "60");
  std::optional<int64_t> id = parse_bounded(context.id, 1, INT64_MAX / 2);
  if (!id) return json_error(404, "Unknown run");
  try {
    std::optional<store::StoredRun> run = services->store->run(*id);
    if (!run || run->hidden) return json_error(404, "Unknown run");
    const GameService* game = find_game(run->slug);
    bool current = game != nullptr && game->info().rules_version == run->rules_version;
    return json_response(200, runs::encode_stored_run(*run, current));
  } catch (const store::StoreError&) {
    return store_unavailable(context);
  }
}

Response list_runs_route(const RouteContext& context) {
  const Services* services = context.services;
  if (services == nullptr || services->store == nullptr) return unavailable("No store", "60");
  store::RunListQuery query;
  query.limit = runs::kDefaultRunPage;
  std::string_view query_text = context.target.query;
  if (auto slug = query_param(query_text, "slug")) {
    if (find_game(*slug) == nullptr) {
      return error_with_issue(400, "Invalid query", "slug: no game is named " + std::string(*slug));
    }
    query.slug = std::string(*slug);
  }
  if (auto kind = query_param(query_text, "kind")) {
    if (*kind != "human" && *kind != "agent") {
      return error_with_issue(400, "Invalid query", "kind: must be human or agent");
    }
    query.kind = std::string(*kind);
  }
  if (auto after = query_param(query_text, "after")) {
    std::optional<int64_t> parsed = parse_bounded(*after, 0, INT64_MAX / 2);
    if (!parsed) return error_with_issue(400, "Invalid query", "after: must be a run id or 0");
    query.after = *parsed;
  }
  if (auto limit = query_param(query_text, "limit")) {
    std::optional<int64_t> parsed = parse_bounded(*limit, 1, runs::kMaxRunPage);
    if (!parsed) return error_with_issue(400, "Invalid query", "limit: must be 1..1000");
    query.limit = *parsed;
  }
  try {
    runs::RunPage page = runs::read_run_page(*services->store, query);
    std::vector<std::string> encoded;
    encoded.reserve(page.runs.size());
    for (const store::StoredRun& run : page.runs) encoded.push_back(runs::encode_listed_run(run));
    return json_response(200, runs::encode_run_list(encoded, page.next));
  } catch (const store::StoreError&) {
    return store_unavailable(context);
  }
}

Response leaderboard_route(const RouteContext& context) {
  const Services* services = context.services;
  if (services == nullptr || services->store == nullptr) return unavailable("No store", "60");
  store::BoardQuery query;
  query.slug = std::string(context.game->info().slug);
  query.rules_version = context.game->info().rules_version;
  std::string_view query_text = context.target.query;
  if (auto kind = query_param(query_text, "kind")) {
    if (*kind != "human" && *kind != "agent" && *kind != "all") {
      return error_with_issue(400, "Invalid query", "kind: must be human, agent or all");
    }
    query.kind = std::string(*kind);
  }
  if (auto seed = query_param(query_text, "seed")) {
    std::optional<uint32_t> parsed = parse_seed(*seed);
    if (!parsed) return error_with_issue(400, "Invalid query", "seed: must be 0..4294967295");
    query.seed = parsed;
  }
  if (auto daily = query_param(query_text, "daily")) {
    std::string day = *daily == "today" ? utc_today() : std::string(*daily);
    if (!valid_date(day)) {
      return error_with_issue(400, "Invalid query", "daily: must be a date YYYY-MM-DD or today");
    }
    uint32_t seed = runs::daily_seed(services->daily_secret, query.slug, day);
    if (query.seed && *query.seed != seed) {
      return error_with_issue(400, "Invalid query", "seed: is not that day's challenge seed");
    }
    query.seed = seed;
    query.day = day;
  }
  if (auto limit = query_param(query_text, "limit")) {
    std::optional<int64_t> parsed = parse_bounded(*limit, 1, 100);
    if (!parsed) return error_with_issue(400, "Invalid query", "limit: must be 1..100");
    query.limit = *parsed;
  }
  if (auto offset = query_param(query_text, "offset")) {
    std::optional<int64_t> parsed = parse_bounded(*offset, 0, 1'000'000'000);
    if (!parsed) return error_with_issue(400, "Invalid query", "offset: must be 0..1000000000");
    query.offset = *parsed;
  }
  try {
    return json_response(200, runs::encode_board(query, services->store->leaderboard(query)));
  } catch (const store::StoreError&) {
    return store_unavailable(context);
  }
}

Response daily_route(const RouteContext& context) {
  const Services* services = context.services;
  if (services == nullptr || services->store == nullptr) return unavailable("No store", "60");
  std::string day = utc_today();
  std::string_view slug = context.game->info().slug;
  return json_response(
      200, runs::encode_daily(slug, day, runs::daily_seed(services->daily_secret, slug, day)));
}

}  // namespace gb::server
