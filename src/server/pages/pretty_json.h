// Indented JSON for humans (the action grammar in the HTML docs).
#pragma once

#include <string>
#include <string_view>

namespace gb::server {

// Returns `json` re-indented with two spaces per level, or `json` unchanged when it does not
// parse.
std::string pretty_json(std::string_view json);

}  // namespace gb::server
