// The shared HTML page frame. Text goes in escaped with core/markup_escape.h.
#pragma once

#include <string>
#include <string_view>

#include "core/markup_escape.h"

namespace gb::server {

// Returns a complete HTML5 document with the escaped `title` and the already-built `body_html`.
std::string html_page(std::string_view title, std::string_view body_html);

}  // namespace gb::server
