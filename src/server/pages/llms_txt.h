// GET /llms.txt: the plain-text entry point for agents, built from the registry alone.
#pragma once

#include <string>
#include <string_view>

namespace gb::server {

// Returns the llms.txt document: the loop, one line per game, links to the index and docs.
std::string render_llms_txt(std::string_view base);

}  // namespace gb::server
