// The shared HTML page frame. Text goes in escaped with core/markup_escape.h.
#pragma once

#include <string>
#include <string_view>

#include "core/markup_escape.h"

namespace gb::server {

// A piece of markup that append_html copies as it is.
struct Markup {
  std::string_view html;
};

// Appends a Markup piece to `out` as it is.
inline void append_html_part(std::string& out, Markup piece) {
  out += piece.html;
}
// Appends a text piece to `out` escaped.
inline void append_html_part(std::string& out, std::string_view text) {
  append_markup_escaped(out, text);
}

// Appends `pieces` to `out` in order: Markup as it is, text escaped.
template <class... Pieces>
void append_html(std::string& out, const Pieces&... pieces) {
  (append_html_part(out, pieces), ...);
}

// Returns a complete HTML5 document with the escaped `title` and the already-built `body_html`.
std::string html_page(std::string_view title, std::string_view body_html);

}  // namespace gb::server
