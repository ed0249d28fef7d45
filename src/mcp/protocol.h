// The MCP protocol's constants and the shape of one tool: {name, description, input schema,
// handler}. The tool table (tools.h) lists every tool once; the JSON-RPC layer (rpc.h) serves it
// over any transport.
#pragma once

#include <string>
#include <string_view>

#include "core/json_reader.h"
#include "registry/service.h"
#include "runs/slot_cache.h"
#include "store/store.h"

namespace gb::mcp {

// The revision this server speaks, and the older ones it echoes when a client asks for them.
inline constexpr std::string_view kProtocolRevision = "2025-11-25";
inline constexpr std::string_view kOlderRevisions[] = {"2025-06-18", "2025-03-26"};

// JSON-RPC 2.0 error codes.
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;

// What a tool may use: the store that holds games and runs, who is calling, the run bounds, and
// the server's secret (the store's daily secret: it draws a sealed card's seeds and signs the
// handles of scorecard slots' games, so every server on one store must use the same).
struct ToolContext {
  store::Store* store = nullptr;
  std::string client = "stdio";  // "stdio", or the HTTP peer's address
  RunBounds bounds;
  std::string secret;
  runs::SlotCache* slot_cache = nullptr;  // the server's, shared with POST /api/runs; null: none
};

// A tool's answer. kResult and kRefused are tool results (kRefused sets isError: a move the
// rules refuse, with the reason and the legal actions); kBadArguments is the protocol error
// -32602 and kUnavailable -32603 (the store cannot answer), both with `text` as the message.
struct ToolAnswer {
  enum class Kind { kResult, kRefused, kBadArguments, kUnavailable };
  Kind kind = Kind::kResult;
  std::string text;        // the text content, or the error message
  std::string structured;  // a JSON object for structuredContent, "" for none
};

// Runs one tool on its `arguments` (a JSON object; valid for the whole call).
using ToolHandler = ToolAnswer (*)(JsonValue arguments, const ToolContext& context);

struct Tool {
  std::string_view name;
  std::string_view description;
  std::string_view input_schema;  // a JSON Schema object, verbatim JSON
  ToolHandler handler;
};

// Shorthands for the answers above.
inline ToolAnswer bad_arguments(std::string message) {
  return {ToolAnswer::Kind::kBadArguments, std::move(message), {}};
}
inline ToolAnswer unavailable(std::string message) {
  return {ToolAnswer::Kind::kUnavailable, std::move(message), {}};
}
inline ToolAnswer refused(std::string text) {
  return {ToolAnswer::Kind::kRefused, std::move(text), {}};
}

}  // namespace gb::mcp
