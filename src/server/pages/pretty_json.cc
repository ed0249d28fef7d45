#include "server/pages/pretty_json.h"

#include <simdjson.h>

#include "core/json_writer.h"

namespace gb::server {
namespace {

void indent(std::string& out, int depth) {
  out.push_back('\n');
  out.append(static_cast<size_t>(depth) * 2, ' ');
}

// Writes `items` (an object's fields or an array's elements) between `open` and `close`, each on
// its own line indented to depth + 1 by write_item, the closing mark back at `depth`; an empty
// container as the bare pair ("{}" or "[]").
template <class Items, class WriteItem>
void write_container(const Items& items, char open, char close, int depth, std::string& out,
                     WriteItem write_item) {
  out.push_back(open);
  if (items.size() == 0) {
    out.push_back(close);
    return;
  }
  bool first = true;
  for (auto item : items) {
    if (!first) out.push_back(',');
    first = false;
    indent(out, depth + 1);
    write_item(item);
  }
  indent(out, depth);
  out.push_back(close);
}

void write_pretty(simdjson::dom::element v, int depth, std::string& out) {
  using Type = simdjson::dom::element_type;
  if (v.type() == Type::OBJECT) {
    write_container(v.get_object().value_unsafe(), '{', '}', depth, out, [&](auto field) {
      append_json_string(out, field.key);
      out += ": ";
      write_pretty(field.value, depth + 1, out);
    });
  } else if (v.type() == Type::ARRAY) {
    write_container(v.get_array().value_unsafe(), '[', ']', depth, out,
                    [&](auto item) { write_pretty(item, depth + 1, out); });
  } else {
    out += simdjson::minify(v);
  }
}

}  // namespace

std::string pretty_json(std::string_view json) {
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (parser.parse(json.data(), json.size()).get(root)) return std::string(json);
  std::string out;
  write_pretty(root, 0, out);
  return out;
}

}  // namespace gb::server
