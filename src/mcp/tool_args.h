// Reading a tool's arguments: the small checks every tool shares, each answering the problem as
// the text of a -32602 error.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/json_reader.h"

namespace gb::mcp {

// Reads string argument `key`: nullopt with `problem` set when it is required and absent or not
// a string; an absent optional one gives "" with no problem.
std::optional<std::string_view> string_arg(JsonValue args, std::string_view key, bool required,
                                           std::string& problem);

// The issues of a codec shared with the HTTP API, as one line naming the arguments: the codec's
// "body." prefix, which is the HTTP body's, is left out.
std::string argument_issues(const Issues& issues);

}  // namespace gb::mcp
