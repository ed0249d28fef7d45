// libFuzzer harness: one JSON-RPC message through the MCP server's layer (src/mcp/rpc.h), over a
// private in-memory SQLite store that holds one Stormlark game. "$G" in the input is replaced by
// that game's handle, so mutations reach act, get_state, get_replay and submit_run on a real game.
// Every answer must be one JSON-RPC 2.0 object with a result or an error; nothing may throw or
// crash. The store is replaced every 2000 inputs so a long session stays bounded.
#include <simdjson.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "mcp/rpc.h"
#include "store/sqlite_store.h"

namespace {

struct Harness {
  std::unique_ptr<gb::store::Store> store;
  gb::mcp::ToolContext context;
  std::string game_id;
  int inputs = 0;

  void renew() {
    store = gb::store::open_sqlite_store(":memory:");
    context.store = store.get();
    context.client = "fuzz";
    context.secret = "fuzz secret";
    inputs = 0;
    std::optional<std::string> answer = gb::mcp::answer_message(
        R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"new_game","arguments":{"slug":"stormlark","seed":1}}})",
        context);
    simdjson::dom::parser parser;
    std::string_view id;
    if (!answer || parser.parse(*answer)["result"]["structuredContent"]["gameId"].get(id)) {
      std::abort();
    }
    game_id = std::string(id);
  }
};

// Aborts unless `answer` is a JSON-RPC 2.0 response: an object with "jsonrpc":"2.0", an id, and
// a result or an error with an integer code.
void check_answer(const std::string& answer) {
  simdjson::dom::parser parser;
  simdjson::dom::object doc;
  if (parser.parse(answer).get(doc)) std::abort();
  std::string_view version;
  if (doc["jsonrpc"].get(version) || version != "2.0") std::abort();
  if (doc["id"].error()) std::abort();
  int64_t code = 0;
  bool has_result = !doc["result"].error();
  bool has_error = !doc["error"]["code"].get(code);
  if (has_result == has_error) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Harness h = [] {
    Harness fresh;
    fresh.renew();
    return fresh;
  }();
  if (++h.inputs > 2000) h.renew();
  std::string message(reinterpret_cast<const char*>(data), size);
  for (size_t at = message.find("$G"); at != std::string::npos; at = message.find("$G", at)) {
    message.replace(at, 2, h.game_id);
    at += h.game_id.size();
  }
  std::optional<std::string> answer = gb::mcp::answer_message(message, h.context);
  if (answer) check_answer(*answer);
  return 0;
}
