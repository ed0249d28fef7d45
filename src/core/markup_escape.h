// Escaping text for HTML pages and SVG/XML documents: the one rule both need.
#pragma once

#include <string>
#include <string_view>

namespace gb {

// Appends `text` to `out` with & < > " ' escaped (' as &#39;, which HTML and XML both read), so
// it is safe in element text and in quoted attributes.
void append_markup_escaped(std::string& out, std::string_view text);

// Returns `text` escaped as append_markup_escaped does.
std::string markup_escape(std::string_view text);

}  // namespace gb
