#include "server/routes/batch_route.h"

#include <optional>
#include <string>

#include "core/json_reader.h"
#include "core/json_writer.h"
#include "server/routes/body_limit.h"

namespace gb::server {
namespace {

// The envelope adds two levels ({items:[...]}) above each {state, action} item, so an item nests
// exactly as deep as the same item sent alone to the action route may.
constexpr size_t kBatchJsonDepth = kMaxJsonDepth + 2;

// A parser keeps buffers of about 13 bytes per byte of capacity; past this capacity they are
// given back after each batch, so a thread that once read an 8 MiB batch does not keep ~100 MiB.
constexpr size_t kKeptCapacity = kMaxBodyBytes + 64;

// This thread's batch parser, which grows on demand up to kMaxBatchBodyBytes (the route's body
// limit).
simdjson::dom::parser& batch_parser() {
  thread_local simdjson::dom::parser parser = [] {
    simdjson::dom::parser p(kMaxBatchBodyBytes + 64);
    simdjson::error_code err = p.allocate(4096, kBatchJsonDepth);
    (void)err;  // on failure parse() allocates on demand
    return p;
  }();
  return parser;
}

// Shrinks this thread's batch parser back to kKeptCapacity once the parsed document (and every
// element of it) is no longer needed.
void release_large_parser() {
  simdjson::dom::parser& parser = batch_parser();
  if (parser.capacity() <= kKeptCapacity) return;
  simdjson::error_code err = parser.allocate(kKeptCapacity, kBatchJsonDepth);
  (void)err;  // on failure the next parse() allocates on demand
}

// Parses a batch body with this thread's batch parser. On failure returns nullopt and adds one
// issue.
std::optional<JsonValue> parse_batch(std::string_view text, Issues& issues) {
  simdjson::dom::parser& parser = batch_parser();
  if (text.data() == nullptr) text = std::string_view("", 0);
  JsonValue root;
  auto error = parser.parse(text.data(), text.size(), true).get(root);
  if (error) {
    issues.add("body", std::string("not valid JSON (") + simdjson::error_message(error) + ")");
    return std::nullopt;
  }
  return root;
}

Response invalid_envelope(const Issues& issues) {
  JsonWriter w;
  write_error("Invalid body", issues, w);
  return json_response(400, std::string(w.take()));
}

// Returns the items array of a well-formed envelope, or nullopt with the issues that make it
// malformed.
std::optional<simdjson::dom::array> read_items(JsonValue root, Issues& issues) {
  ObjectReader body(root, "body", issues);
  std::optional<JsonValue> items = body.get("items");
  if (!items) return std::nullopt;
  if (items->type() != simdjson::dom::element_type::ARRAY) {
    issues.add("body.items",
               std::string("must be an array, got ") + std::string(json_type_name(*items)));
    return std::nullopt;
  }
  simdjson::dom::array list = items->get_array().value_unsafe();
  if (list.size() < kMinBatchItems || list.size() > kMaxBatchItems) {
    issues.add("body.items", "must hold 1.." + std::to_string(kMaxBatchItems) + " items, has " +
                                 std::to_string(list.size()));
    return std::nullopt;
  }
  size_t index = 0;
  for (JsonValue item : list) {
    if (item.type() != simdjson::dom::element_type::OBJECT) {
      issues.add(element_path("body.items", index),
                 std::string("must be an object, got ") + std::string(json_type_name(item)));
    }
    ++index;
  }
  if (!issues.empty()) return std::nullopt;
  return list;
}

// Writes one item's answer into `out` exactly as the action route writes it for a body holding
// this item, and returns its status.
int write_item(const GameService& game, JsonValue item, JsonWriter& out) {
  Issues issues;
  ObjectReader body(item, "body", issues);
  std::optional<JsonValue> state = body.get("state");
  std::optional<JsonValue> action = body.get("action");
  if (!state || !action) {
    write_error("Invalid body", issues, out);
    return 400;
  }
  return game.write_action(*state, *action, out);
}

}  // namespace

Response batch_route(const RouteContext& context) {
  struct ReleaseOnReturn {
    ~ReleaseOnReturn() { release_large_parser(); }
  } release;
  Issues issues;
  std::optional<JsonValue> root = parse_batch(context.request.body, issues);
  if (!root) return invalid_envelope(issues);
  std::optional<simdjson::dom::array> items = read_items(*root, issues);
  if (!items) return invalid_envelope(issues);
  thread_local JsonWriter item_writer;
  std::string out = "{\"results\":[";
  bool first = true;
  for (JsonValue item : *items) {
    item_writer.clear();
    int status = write_item(*context.game, item, item_writer);
    // The item's answer is an object with at least one field: "status" goes in front of them.
    std::string_view answer = item_writer.str();
    out += first ? "{\"status\":" : ",{\"status\":";
    out += std::to_string(status);
    out += ',';
    out.append(answer.substr(1));
    first = false;
  }
  out += "]}";
  return json_response(200, std::move(out));
}

}  // namespace gb::server
