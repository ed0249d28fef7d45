#include "server/json_tree.h"

#include <simdjson.h>

#include <stdexcept>

#include "core/json_writer.h"
#include "core/rng.h"

namespace gb::server::testing {
namespace {

Json from_dom(simdjson::dom::element v) {
  using Type = simdjson::dom::element_type;
  Json j;
  switch (v.type()) {
    case Type::OBJECT: {
      j.kind = Json::Kind::kObject;
      simdjson::dom::object object = v.get_object().value_unsafe();
      for (auto field : object) {
        j.fields.emplace_back(std::string(field.key), from_dom(field.value));
      }
      break;
    }
    case Type::ARRAY: {
      j.kind = Json::Kind::kArray;
      simdjson::dom::array array = v.get_array().value_unsafe();
      for (auto item : array) j.items.push_back(from_dom(item));
      break;
    }
    case Type::STRING:
      j.kind = Json::Kind::kString;
      j.text = std::string(v.get_string().value_unsafe());
      break;
    case Type::BOOL:
      j.kind = Json::Kind::kBool;
      j.boolean = v.get_bool().value_unsafe();
      break;
    case Type::NULL_VALUE:
      break;
    default:
      j.kind = Json::Kind::kNumber;
      j.text = simdjson::minify(v);
  }
  return j;
}

void dump_into(const Json& j, std::string& out) {
  switch (j.kind) {
    case Json::Kind::kNull:
      out += "null";
      break;
    case Json::Kind::kBool:
      out += j.boolean ? "true" : "false";
      break;
    case Json::Kind::kNumber:
      out += j.text;
      break;
    case Json::Kind::kString:
      append_json_string(out, j.text);
      break;
    case Json::Kind::kArray:
      out.push_back('[');
      for (size_t i = 0; i < j.items.size(); ++i) {
        if (i) out.push_back(',');
        dump_into(j.items[i], out);
      }
      out.push_back(']');
      break;
    case Json::Kind::kObject:
      out.push_back('{');
      for (size_t i = 0; i < j.fields.size(); ++i) {
        if (i) out.push_back(',');
        append_json_string(out, j.fields[i].first);
        out.push_back(':');
        dump_into(j.fields[i].second, out);
      }
      out.push_back('}');
      break;
  }
}

void collect(Json& j, std::vector<Json*>& nodes) {
  nodes.push_back(&j);
  for (auto& item : j.items) collect(item, nodes);
  for (auto& field : j.fields) collect(field.second, nodes);
}

Json number(std::string literal) {
  Json j;
  j.kind = Json::Kind::kNumber;
  j.text = std::move(literal);
  return j;
}

Json wrap(Json inner, int depth) {
  for (int i = 0; i < depth; ++i) {
    Json outer;
    outer.kind = Json::Kind::kArray;
    outer.items.push_back(std::move(inner));
    inner = std::move(outer);
  }
  return inner;
}

}  // namespace

Json Json::parse(std::string_view json) {
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (parser.parse(json.data(), json.size()).get(root)) throw std::runtime_error("bad JSON");
  return from_dom(root);
}

std::string Json::dump() const {
  std::string out;
  dump_into(*this, out);
  return out;
}

const Json& Json::at(std::string_view key) const {
  for (const auto& [k, v] : fields) {
    if (k == key) return v;
  }
  throw std::runtime_error("missing key " + std::string(key));
}

void mutate(Json& root, uint64_t seed, uint64_t& draw) {
  RngCursor rng(seed, draw);
  std::vector<Json*> nodes;
  collect(root, nodes);
  Json& node = *nodes[rng.below(static_cast<uint32_t>(nodes.size()))];
  static const char* const kNumbers[] = {"99999999999999999999999",
                                         "-1",
                                         "1.5",
                                         "-0",
                                         "1e308",
                                         "-9223372036854775808",
                                         "9223372036854775807",
                                         "4294967296",
                                         "9007199254740993",
                                         "2147483648"};
  switch (rng.below(14)) {
    case 0:
      node = number(kNumbers[rng.below(std::size(kNumbers))]);
      break;
    case 1:
    case 2:  // off by one: the edits most likely to pass validation and reach the rules
      if (node.kind == Json::Kind::kNumber && node.text.size() < 18 &&
          node.text.find_first_of(".eE") == std::string::npos) {
        long long v = std::stoll(node.text);
        node.text = std::to_string(rng.below(2) ? v + 1 : v - 1);
      } else {
        node = number(std::to_string(rng.below(12)));
      }
      break;
    case 3:
      node = Json{Json::Kind::kString, false, rng.below(2) ? "x" : "", {}, {}};
      break;
    case 4:
      node = Json{};
      break;
    case 5:
      node = Json{Json::Kind::kBool, rng.below(2) == 1, {}, {}, {}};
      break;
    case 6:
      if (!node.fields.empty())
        node.fields.erase(node.fields.begin() +
                          rng.below(static_cast<uint32_t>(node.fields.size())));
      break;
    case 7:
      if (!node.items.empty()) {
        Json copy = node.items[rng.below(static_cast<uint32_t>(node.items.size()))];
        node.items.push_back(std::move(copy));
      }
      break;
    case 8:
      node.items.resize(node.items.size() / 2);
      break;
    case 9:
      if (node.items.size() >= 2) {
        std::swap(node.items.front(), node.items.back());
      }
      break;
    case 10:
      node = wrap(std::move(node), rng.below(2) ? 3 : 40);
      break;
    case 11:
      node = Json{rng.below(2) ? Json::Kind::kArray : Json::Kind::kObject, false, {}, {}, {}};
      break;
    case 12:
      if (node.kind == Json::Kind::kObject) node.fields.emplace_back("extra", number("1"));
      break;
    default:  // a string value swapped for a plausible one of another field
      node = Json{Json::Kind::kString, false, rng.below(2) ? "warden" : "over", {}, {}};
  }
}

}  // namespace gb::server::testing
