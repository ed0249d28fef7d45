#include "server/pages/html.h"

namespace gb::server {

std::string html_page(std::string_view title, std::string_view body_html) {
  std::string out =
      "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>";
  append_markup_escaped(out, title);
  out +=
      "</title><style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;"
      "padding:0 1rem;line-height:1.5}pre{background:#f4f4f4;padding:.75rem;overflow-x:auto}"
      ".text{white-space:pre-wrap}code{background:#f4f4f4}</style></head>\n<body>\n";
  out += body_html;
  out += "\n</body></html>\n";
  return out;
}

}  // namespace gb::server
