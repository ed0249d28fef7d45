// The JSON-RPC 2.0 layer of the MCP server, one message at a time and transport-free: stdio
// feeds it one line, HTTP one POST body. Methods: initialize, notifications/initialized, ping,
// tools/list, tools/call. Errors: -32700 parse, -32600 invalid request (batches included),
// -32601 unknown method, -32602 bad params.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "mcp/protocol.h"

namespace gb::mcp {

// The largest message accepted (a long act call stays far below it).
inline constexpr size_t kMaxMessageBytes = 1 << 20;

// Answers one JSON-RPC message with the compact JSON response to send; nullopt when it needs
// none (a notification, or a response the client sent us; HTTP answers those 202). Never throws.
std::optional<std::string> answer_message(std::string_view message, const ToolContext& context);

}  // namespace gb::mcp
