// The LLM harness's text handling in process: finding the action in a reply the ways models
// write one, the chat-completions request and answer, and the llm-v1 user message's history.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "harness/llm/llm_codec.h"
#include "harness/llm/prompt.h"

namespace gb::harness::llm {
namespace {

const std::vector<std::string> kKeys = {"type", "dir", "count"};

TEST(LlmCodec, CandidatesRunFromTheLastObjectBackwards) {
  auto c = action_candidates(R"(First {"type":"UP"} then {"type":"DOWN"}.)", kKeys);
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0], R"({"type":"DOWN"})");
  EXPECT_EQ(c[1], R"({"type":"UP"})");
}

TEST(LlmCodec, CodeFencesProseAndExtraKeysAreStripped) {
  auto c = action_candidates(
      "Let me think.\n```json\n{ \"type\": \"tick\", \"count\": 12, "
      "\"why\": \"wait for the gap\" }\n```\nDone.",
      kKeys);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0], R"({"type":"tick","count":12})");
}

TEST(LlmCodec, BracesInsideStringsAndNestingAreRespected) {
  auto c = action_candidates(R"({"action":{"type":"rotate","dir":-1},"note":"a } brace"})", kKeys);
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0], "{}") << "the outer object ends last; none of its keys is an action key";
  EXPECT_EQ(c[1], R"({"type":"rotate","dir":-1})");
}

TEST(LlmCodec, BrokenJsonAndUnclosedObjectsGiveNoCandidate) {
  EXPECT_TRUE(action_candidates(R"({"type": "UP",, "oops")", kKeys).empty());
  EXPECT_TRUE(action_candidates("no json at all", kKeys).empty());
  EXPECT_TRUE(action_candidates(std::string(100000, '{'), kKeys).empty());
}

TEST(LlmCodec, GrammarKeysAreThePropertiesTheSchemaNames) {
  auto keys = grammar_keys(
      R"({"type":"object","oneOf":[{"properties":{"type":{"const":"rotate"},"dir":{"type":"integer"}}},)"
      R"({"properties":{"type":{"const":"tick"},"count":{"type":"integer"}}}]})");
  EXPECT_EQ(keys, (std::vector<std::string>{"type", "dir", "count"}));
}

TEST(LlmCodec, ChatAnswersWithAndWithoutUsageOrContent) {
  ChatReply r = decode_chat_reply(
      R"({"choices":[{"message":{"role":"assistant","content":"hi {\"type\":\"UP\"}"}}],)"
      R"("usage":{"prompt_tokens":12,"completion_tokens":3}})");
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.content, R"(hi {"type":"UP"})");
  EXPECT_EQ(r.prompt_tokens, 12);
  EXPECT_EQ(r.completion_tokens, 3);
  r = decode_chat_reply(R"({"choices":[{"message":{"content":null,"reasoning_content":"hmm"}}]})");
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.content, "");
  EXPECT_EQ(r.prompt_tokens, -1);
  EXPECT_FALSE(decode_chat_reply(R"({"error":{"message":"x"}})").ok);
  EXPECT_FALSE(decode_chat_reply("<html>").ok);
}

TEST(LlmCodec, TheRequestCarriesModelMessagesAndNoStream) {
  std::string body =
      chat_request_body("m1", {{"system", "rules"}, {"user", "a \"quoted\"\nline"}}, 0, 256);
  EXPECT_EQ(body, R"({"model":"m1","messages":[{"role":"system","content":"rules"},)"
                  R"({"role":"user","content":"a \"quoted\"\nline"}],"temperature":0,)"
                  R"("max_tokens":256,"stream":false})");
}

TEST(LlmPrompt, TheUserMessageKeepsTheLastThreeDecisionsAndThePreviousFailure) {
  GameView view;
  view.text = "..>..";
  view.counters = R"({"hull":3})";
  view.legal = {R"({"type":"UP"})", R"({"type":"DOWN"})"};
  view.score = 7;
  DecisionPrompt p;
  p.view = &view;
  p.decision = 5;
  p.attempt = 2;
  for (int64_t d = 1; d <= 4; ++d)
    remember(p.last, {d, R"({"type":"UP"})", d, d + 1, d == 4 ? 2 : 1});
  p.failure = "refused: lane_top";
  EXPECT_EQ(user_message(p),
            "Decision 5, attempt 2 of 3. Score 7.\n\nBOARD\n..>..\n\nCOUNTERS\n{\"hull\":3}\n\n"
            "LEGAL ACTIONS\n{\"type\":\"UP\"}\n{\"type\":\"DOWN\"}\n\nLAST DECISIONS\n"
            "2: {\"type\":\"UP\"} ok, score 2 -> 3\n3: {\"type\":\"UP\"} ok, score 3 -> 4\n"
            "4: {\"type\":\"UP\"} ok after 2 attempts, score 4 -> 5\n\nPREVIOUS ATTEMPT\n"
            "Your previous reply was not played: refused: lane_top. Choose again.\n\n"
            "Reply with your reasoning, if any, then one action as a JSON object.\n");
}

}  // namespace
}  // namespace gb::harness::llm
