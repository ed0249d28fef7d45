#include "core/markup_escape.h"

namespace gb {

void append_markup_escaped(std::string& out, std::string_view text) {
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out.push_back(c);
    }
  }
}

std::string markup_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  append_markup_escaped(out, text);
  return out;
}

}  // namespace gb
