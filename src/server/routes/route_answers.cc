#include "server/routes/route_answers.h"

#include <charconv>

#include "core/json_writer.h"
#include "registry/service.h"
#include "server/http/metrics.h"

namespace gb::server {

Response error_with_issues(int status, std::string_view error, const Issues& issues) {
  JsonWriter w;
  write_error(error, issues, w);
  return json_response(status, w.take());
}

Response error_with_list(int status, std::string_view error, const std::vector<std::string>& list) {
  JsonWriter w;
  w.begin_object();
  w.field("error", error);
  w.key("issues");
  w.begin_array();
  for (const std::string& issue : list) w.value(issue);
  w.end_array();
  w.end_object();
  return json_response(status, w.take());
}

Response error_with_issue(int status, std::string_view error, std::string_view issue) {
  return error_with_list(status, error, {std::string(issue)});
}

Response unavailable(std::string_view error, std::string_view retry_after) {
  Response r = json_error(503, error);
  r.headers.push_back({"Retry-After", std::string(retry_after)});
  return r;
}

Response store_unavailable(const RouteContext& context) {
  if (context.metrics != nullptr) context.metrics->count_store_error();
  return unavailable("Store unavailable", "5");
}

std::optional<int64_t> parse_bounded(std::string_view text, int64_t lo, int64_t hi) {
  if (text.empty() || text.size() > 18) return std::nullopt;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  int64_t value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);
  if (value < lo || value > hi) return std::nullopt;
  return value;
}

}  // namespace gb::server
