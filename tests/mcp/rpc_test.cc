// The JSON-RPC 2.0 layer of the MCP server (SPEC section 10): the handshake and its revisions,
// and every protocol error: -32700, -32600, -32601, -32602.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "mcp/answer_doc.h"
#include "mcp/rpc.h"
#include "store/sqlite_store.h"

namespace gb::mcp {
namespace {

using test::AnswerDoc;

class RpcTest : public ::testing::Test {
 protected:
  void SetUp() override {
    store_ = store::open_sqlite_store(":memory:");
    context_.store = store_.get();
  }

  // Sends `message` and returns the answer parsed (the test fails when there is none).
  AnswerDoc ask(std::string_view message) {
    std::optional<std::string> answer = answer_message(message, context_);
    EXPECT_TRUE(answer) << message;
    AnswerDoc doc(answer.value_or("null"));
    EXPECT_TRUE(doc.ok()) << *answer;
    return doc;
  }

  // The error code of the answer to `message`.
  int64_t error_code(std::string_view message) {
    AnswerDoc r = ask(message);
    EXPECT_EQ(r.str("/jsonrpc"), "2.0");
    EXPECT_NE(r.str("/error/message"), "<missing>") << message;
    return r.integer("/error/code");
  }

  std::unique_ptr<store::Store> store_;
  ToolContext context_;
};

TEST_F(RpcTest, InitializeAnswersOurRevisionOrEchoesAnOlderOne) {
  AnswerDoc ours = ask(
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})");
  EXPECT_EQ(ours.integer("/id"), 1);
  EXPECT_EQ(ours.str("/result/protocolVersion"), "2025-11-25");
  EXPECT_TRUE(ours.has("/result/capabilities/tools"));
  EXPECT_EQ(ours.str("/result/serverInfo/name"), "gameboard");
  for (std::string older : {"2025-06-18", "2025-03-26"}) {
    AnswerDoc r =
        ask(R"({"jsonrpc":"2.0","id":"a","method":"initialize","params":{"protocolVersion":")" +
            older + R"("}})");
    EXPECT_EQ(r.str("/id"), "a");
    EXPECT_EQ(r.str("/result/protocolVersion"), older);
  }
  AnswerDoc unknown = ask(
      R"({"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"1999-01-01"}})");
  EXPECT_EQ(unknown.str("/result/protocolVersion"), "2025-11-25");
}

TEST_F(RpcTest, NotificationsAndClientResponsesGetNoAnswer) {
  EXPECT_FALSE(
      answer_message(R"({"jsonrpc":"2.0","method":"notifications/initialized"})", context_));
  EXPECT_FALSE(answer_message(R"({"jsonrpc":"2.0","method":"tools/list"})", context_));
  EXPECT_FALSE(answer_message(R"({"jsonrpc":"2.0","id":9,"result":{}})", context_));
}

TEST_F(RpcTest, PingAndToolsList) {
  EXPECT_EQ(ask(R"({"jsonrpc":"2.0","id":3,"method":"ping"})").raw("/result"), "{}");
  AnswerDoc list = ask(R"({"jsonrpc":"2.0","id":4,"method":"tools/list"})");
  std::vector<std::string> names;
  for (size_t i = 0; i < list.size("/result/tools"); ++i) {
    std::string at = "/result/tools/" + std::to_string(i);
    names.push_back(list.str(at + "/name"));
    EXPECT_NE(list.str(at + "/description"), "<missing>");
    EXPECT_EQ(list.str(at + "/inputSchema/type"), "object");
  }
  EXPECT_EQ(names, (std::vector<std::string>{"list_games", "get_rules", "new_game", "act",
                                             "get_state", "get_replay", "submit_run",
                                             "open_scorecard", "close_scorecard"}));
  // Every input schema is JSON that names its required arguments among its properties.
  for (size_t i = 0; i < list.size("/result/tools"); ++i) {
    std::string at = "/result/tools/" + std::to_string(i) + "/inputSchema";
    for (size_t r = 0; r < list.size(at + "/required"); ++r) {
      std::string key = list.str(at + "/required/" + std::to_string(r));
      EXPECT_NE(list.raw(at + "/properties/" + key), "<missing>") << names[i] << ": " << key;
    }
  }
  EXPECT_EQ(list.raw("/result/tools/7/inputSchema/required"), R"(["suite","name"])");
  EXPECT_EQ(list.raw("/result/tools/8/inputSchema/required"), R"(["scorecard","token"])");
  EXPECT_EQ(list.raw("/result/tools/6/inputSchema/required"), R"(["game_id"])")
      << "a scorecard slot's game needs no name";
}

TEST_F(RpcTest, MalformedMessagesGetTheProtocolsErrors) {
  EXPECT_EQ(error_code("{not json"), -32700);
  EXPECT_EQ(ask("{not json").raw("/id"), "null");
  EXPECT_EQ(error_code(""), -32700);
  EXPECT_EQ(error_code(std::string(kMaxMessageBytes + 1, ' ')), -32700);
  EXPECT_EQ(error_code("[]"), -32600) << "batches are not supported";
  EXPECT_EQ(error_code(R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])"), -32600);
  EXPECT_EQ(error_code("42"), -32600);
  EXPECT_EQ(error_code(R"({"jsonrpc":"1.0","id":1,"method":"ping"})"), -32600);
  EXPECT_EQ(error_code(R"({"id":1,"method":"ping"})"), -32600);
  EXPECT_EQ(error_code(R"({"jsonrpc":"2.0","id":1})"), -32600);
  EXPECT_EQ(error_code(R"({"jsonrpc":"2.0","id":1,"method":7})"), -32600);
  EXPECT_EQ(error_code(R"({"jsonrpc":"2.0","id":{},"method":"ping"})"), -32600);
  EXPECT_EQ(error_code(R"({"jsonrpc":"2.0","id":1,"method":"ping","params":3})"), -32600);
  EXPECT_EQ(error_code(R"({"jsonrpc":"2.0","id":5,"method":"resources/list"})"), -32601);
  EXPECT_EQ(ask(R"({"jsonrpc":"2.0","id":5,"method":"resources/list"})").integer("/id"), 5);
}

TEST_F(RpcTest, BadToolCallsAreInvalidParams) {
  auto code = [&](std::string_view params) {
    return error_code(R"({"jsonrpc":"2.0","id":6,"method":"tools/call","params":)" +
                      std::string(params) + "}");
  };
  EXPECT_EQ(code("[]"), -32602);
  EXPECT_EQ(code(R"({"arguments":{}})"), -32602);
  EXPECT_EQ(code(R"({"name":"no_such_tool"})"), -32602);
  EXPECT_EQ(code(R"({"name":"get_rules","arguments":[]})"), -32602);
  EXPECT_EQ(code(R"({"name":"get_rules","arguments":{}})"), -32602);
  EXPECT_EQ(code(R"({"name":"get_rules"})"), -32602) << "no arguments, and slug is required";
  EXPECT_EQ(code(R"({"name":"get_rules","arguments":{"slug":5}})"), -32602);
  EXPECT_EQ(code(R"({"name":"get_rules","arguments":{"slug":"chess"}})"), -32602);
  EXPECT_EQ(code(R"({"name":"new_game","arguments":{"slug":"stormlark","seed":-1}})"), -32602);
  EXPECT_EQ(code(R"({"name":"new_game","arguments":{"slug":"stormlark","seed":"7"}})"), -32602);
  EXPECT_EQ(code(R"({"name":"act","arguments":{"game_id":"gnope","action":{"type":"x"}}})"), -32602)
      << "an unknown game id";
  EXPECT_EQ(code(R"({"name":"get_state","arguments":{"game_id":"gnope"}})"), -32602);
  EXPECT_EQ(code(R"({"name":"submit_run","arguments":{"game_id":"gnope","name":"ada"}})"), -32602);
}

}  // namespace
}  // namespace gb::mcp
