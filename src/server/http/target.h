// Splitting a request target into its path and query, and reading one query parameter.
#pragma once

#include <optional>
#include <string_view>

namespace gb::server {

struct Target {
  std::string_view path;   // everything before '?'
  std::string_view query;  // everything after '?', without it; empty when absent
};

// Splits "path?query" at the first '?'.
Target split_target(std::string_view target);

// Returns the raw (undecoded) value of the first `name` parameter in `query`, "" for a bare
// "name" without '=', or nullopt when the parameter is absent.
std::optional<std::string_view> query_param(std::string_view query, std::string_view name);

}  // namespace gb::server
