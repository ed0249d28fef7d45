// Small HTML helpers: escaping untrusted or published text, and the shared page frame.
#pragma once

#include <string>
#include <string_view>

namespace gb::server {

// Appends `text` to `out` with & < > " ' escaped, so it is safe in element text and attributes.
void append_html_escaped(std::string& out, std::string_view text);

// Returns `text` HTML-escaped.
std::string html_escape(std::string_view text);

// Returns a complete HTML5 document with the escaped `title` and the already-built `body_html`.
std::string html_page(std::string_view title, std::string_view body_html);

}  // namespace gb::server
