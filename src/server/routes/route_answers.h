// The answers the store routes share: errors with their issues, the 503s of a missing or failing
// store, and bounded integer query parameters.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json_reader.h"
#include "server/http/router.h"

namespace gb::server {

// {error, issues:[...]} with `status`.
Response error_with_issues(int status, std::string_view error, const Issues& issues);
Response error_with_list(int status, std::string_view error, const std::vector<std::string>& list);
Response error_with_issue(int status, std::string_view error, std::string_view issue);

// A 503 {error} with Retry-After `retry_after` seconds.
Response unavailable(std::string_view error, std::string_view retry_after);

// The 503 answer to a store failure, counted in the server's metrics.
Response store_unavailable(const RouteContext& context);

// Parses a decimal integer within lo..hi (ASCII digits only).
std::optional<int64_t> parse_bounded(std::string_view text, int64_t lo, int64_t hi);

}  // namespace gb::server
