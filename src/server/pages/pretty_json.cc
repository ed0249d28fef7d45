#include "server/pages/pretty_json.h"

#include <simdjson.h>

#include "core/json_writer.h"

namespace gb::server {
namespace {

void indent(std::string& out, int depth) {
  out.push_back('\n');
  out.append(static_cast<size_t>(depth) * 2, ' ');
}

void write_pretty(simdjson::dom::element v, int depth, std::string& out) {
  using Type = simdjson::dom::element_type;
  if (v.type() == Type::OBJECT) {
    simdjson::dom::object obj = v.get_object().value_unsafe();
    if (obj.size() == 0) {
      out += "{}";
      return;
    }
    out.push_back('{');
    bool first = true;
    for (auto field : obj) {
      if (!first) out.push_back(',');
      first = false;
      indent(out, depth + 1);
      append_json_string(out, field.key);
      out += ": ";
      write_pretty(field.value, depth + 1, out);
    }
    indent(out, depth);
    out.push_back('}');
  } else if (v.type() == Type::ARRAY) {
    simdjson::dom::array arr = v.get_array().value_unsafe();
    if (arr.size() == 0) {
      out += "[]";
      return;
    }
    out.push_back('[');
    bool first = true;
    for (auto item : arr) {
      if (!first) out.push_back(',');
      first = false;
      indent(out, depth + 1);
      write_pretty(item, depth + 1, out);
    }
    indent(out, depth);
    out.push_back(']');
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
