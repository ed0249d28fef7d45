#include "mcp/rpc.h"

#include <exception>

#include "core/json_writer.h"
#include "mcp/tools.h"

namespace gb::mcp {
namespace {

// The message parser: its own, so that tools may call parse_json (the thread's shared parser)
// while the message they were given stays valid.
std::optional<JsonValue> parse_message(std::string_view text, std::string& problem) {
  thread_local simdjson::dom::parser parser = [] {
    simdjson::dom::parser p(kMaxMessageBytes + 64);
    simdjson::error_code err = p.allocate(4096, kMaxJsonDepth);
    (void)err;  // on failure parse() allocates on demand
    return p;
  }();
  if (text.size() > kMaxMessageBytes) {
    problem = "message larger than 1 MiB";
    return std::nullopt;
  }
  if (text.data() == nullptr) text = std::string_view("", 0);
  JsonValue root;
  if (auto error = parser.parse(text.data(), text.size(), true).get(root)) {
    problem = std::string("not valid JSON (") + simdjson::error_message(error) + ")";
    return std::nullopt;
  }
  return root;
}

// An empty JSON object, for a tools/call without arguments (its own parser, parsed once).
JsonValue empty_object() {
  thread_local simdjson::dom::parser parser;
  thread_local JsonValue empty = parser.parse("{}", 2, true).value_unsafe();
  return empty;
}

// Writes {"jsonrpc":"2.0","id":<id>, then the caller's result or error, then "}".
void begin_response(std::string_view id_json, JsonWriter& w) {
  w.begin_object();
  w.field("jsonrpc", "2.0");
  w.key("id");
  w.raw(id_json);
}

std::string error_response(std::string_view id_json, int code, std::string_view message) {
  JsonWriter w;
  begin_response(id_json, w);
  w.key("error");
  w.begin_object();
  w.field("code", code);
  w.field("message", message);
  w.end_object();
  w.end_object();
  return w.take();
}

// The initialize result: the client's revision when we speak it, else ours.
std::string initialize_result(std::string_view id_json, std::optional<JsonValue> params) {
  std::string_view revision = kProtocolRevision;
  std::string_view asked;
  if (params && params->is_object() &&
      (*params)["protocolVersion"].get_string().get(asked) == simdjson::SUCCESS) {
    for (std::string_view older : kOlderRevisions) {
      if (asked == older) revision = older;
    }
  }
  JsonWriter w;
  begin_response(id_json, w);
  w.key("result");
  w.begin_object();
  w.field("protocolVersion", revision);
  w.key("capabilities");
  w.raw(R"({"tools":{"listChanged":false}})");
  w.key("serverInfo");
  w.raw(R"({"name":"gameboard","title":"gameboard puzzle games","version":"1.0.0"})");
  w.field("instructions",
          "Deterministic puzzle games. list_games, then new_game {slug} gives a game_id; act "
          "{game_id, actions:[...]} plays (each answer shows the observation, the legal actions, "
          "score and gameOver); submit_run {game_id, name} puts the run on the agents' board. "
          "To be measured on a benchmark, open_scorecard gives one game_id per slot; play and "
          "submit_run each, then close_scorecard.");
  w.end_object();
  w.end_object();
  return w.take();
}

std::string tools_list_result(std::string_view id_json) {
  JsonWriter w;
  begin_response(id_json, w);
  w.key("result");
  w.begin_object();
  w.key("tools");
  w.begin_array();
  for (const Tool& tool : tool_table()) {
    w.begin_object();
    w.field("name", tool.name);
    w.field("description", tool.description);
    w.key("inputSchema");
    w.raw(tool.input_schema);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  w.end_object();
  return w.take();
}

// tools/call: finds the tool and runs it; bad arguments are -32602, a store failure -32603.
std::string tools_call_result(std::string_view id_json, std::optional<JsonValue> params,
                              const ToolContext& context) {
  if (!params || !params->is_object()) {
    return error_response(id_json, kInvalidParams, "params: must be an object {name, arguments}");
  }
  std::string_view name;
  if ((*params)["name"].get_string().get(name) != simdjson::SUCCESS) {
    return error_response(id_json, kInvalidParams, "params.name: must be a tool name (string)");
  }
  const Tool* tool = find_tool(name);
  if (tool == nullptr) {
    return error_response(id_json, kInvalidParams, "unknown tool: " + std::string(name));
  }
  JsonValue arguments;
  auto field = (*params)["arguments"];
  if (field.error() == simdjson::NO_SUCH_FIELD) {
    arguments = empty_object();
  } else if (field.get(arguments) != simdjson::SUCCESS || !arguments.is_object()) {
    return error_response(id_json, kInvalidParams, "params.arguments: must be an object");
  }
  ToolAnswer answer;
  try {
    answer = tool->handler(arguments, context);
  } catch (const store::StoreError&) {
    answer = unavailable("Store unavailable");
  }
  if (answer.kind == ToolAnswer::Kind::kBadArguments) {
    return error_response(id_json, kInvalidParams, answer.text);
  }
  if (answer.kind == ToolAnswer::Kind::kUnavailable) {
    return error_response(id_json, kInternalError, answer.text);
  }
  JsonWriter w;
  begin_response(id_json, w);
  w.key("result");
  w.begin_object();
  w.key("content");
  w.begin_array();
  w.begin_object();
  w.field("type", "text");
  w.field("text", answer.text);
  w.end_object();
  w.end_array();
  if (!answer.structured.empty()) {
    w.key("structuredContent");
    w.raw(answer.structured);
  }
  w.field("isError", answer.kind == ToolAnswer::Kind::kRefused);
  w.end_object();
  w.end_object();
  return w.take();
}

std::optional<std::string> answer_checked(std::string_view message, const ToolContext& context) {
  std::string problem;
  std::optional<JsonValue> root = parse_message(message, problem);
  if (!root) return error_response("null", kParseError, "Parse error: " + problem);
  if (!root->is_object()) {
    return error_response("null", kInvalidRequest,
                          root->is_array() ? "Invalid request: batches are not supported"
                                           : "Invalid request: a message is a JSON object");
  }
  simdjson::dom::object object = root->get_object().value_unsafe();
  // The id: a string or an integer; absent on a notification.
  std::string id_json;
  JsonValue id;
  bool has_id = object["id"].get(id) == simdjson::SUCCESS;
  if (has_id) {
    if (!id.is_string() && !id.is_int64() && !id.is_uint64()) {
      return error_response("null", kInvalidRequest,
                            "Invalid request: id must be a string or an integer");
    }
    id_json = to_compact_json(id);
  }
  std::string_view version;
  if (object["jsonrpc"].get_string().get(version) != simdjson::SUCCESS || version != "2.0") {
    return error_response(has_id ? id_json : "null", kInvalidRequest,
                          "Invalid request: jsonrpc must be \"2.0\"");
  }
  JsonValue method_value;
  if (object["method"].get(method_value) != simdjson::SUCCESS) {
    // A response the client sent us (to a request we never make): nothing to answer.
    if (has_id && (object["result"].error() == simdjson::SUCCESS ||
                   object["error"].error() == simdjson::SUCCESS)) {
      return std::nullopt;
    }
    return error_response(has_id ? id_json : "null", kInvalidRequest,
                          "Invalid request: method is missing");
  }
  std::string_view method;
  if (method_value.get_string().get(method) != simdjson::SUCCESS) {
    return error_response(has_id ? id_json : "null", kInvalidRequest,
                          "Invalid request: method must be a string");
  }
  std::optional<JsonValue> params;
  JsonValue params_value;
  if (object["params"].get(params_value) == simdjson::SUCCESS) {
    if (!params_value.is_object() && !params_value.is_array()) {
      return error_response(has_id ? id_json : "null", kInvalidRequest,
                            "Invalid request: params must be an object or an array");
    }
    params = params_value;
  }
  if (!has_id) return std::nullopt;  // notifications (initialized, cancelled, ...) need no answer
  if (method == "initialize") return initialize_result(id_json, params);
  if (method == "ping") {
    JsonWriter w;
    begin_response(id_json, w);
    w.key("result");
    w.raw("{}");
    w.end_object();
    return w.take();
  }
  if (method == "tools/list") return tools_list_result(id_json);
  if (method == "tools/call") return tools_call_result(id_json, params, context);
  return error_response(id_json, kMethodNotFound, "Method not found: " + std::string(method));
}

}  // namespace

std::optional<std::string> answer_message(std::string_view message, const ToolContext& context) {
  try {
    return answer_checked(message, context);
  } catch (const std::exception& e) {
    return error_response("null", kInternalError, std::string("Internal error: ") + e.what());
  }
}

}  // namespace gb::mcp
