#include "server/html.h"

namespace gb::server {

void append_html_escaped(std::string& out, std::string_view text) {
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

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  append_html_escaped(out, text);
  return out;
}

std::string html_page(std::string_view title, std::string_view body_html) {
  std::string out =
      "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>";
  append_html_escaped(out, title);
  out +=
      "</title><style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;"
      "padding:0 1rem;line-height:1.5}pre{background:#f4f4f4;padding:.75rem;overflow-x:auto}"
      ".text{white-space:pre-wrap}code{background:#f4f4f4}</style></head>\n<body>\n";
  out += body_html;
  out += "\n</body></html>\n";
  return out;
}

}  // namespace gb::server
