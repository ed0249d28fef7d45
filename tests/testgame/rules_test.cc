// Testgame's rules (src/games/testgame/testgame.h): the pile, the refusals, the end of a run and
// the codec's strictness; the shared suites (conformance, HTTP, MCP, Python) cover the rest.
#include <gtest/gtest.h>

#include "agents/common/run.h"
#include "agents/testgame/agents.h"
#include "games/testgame/traits.h"

namespace gb::testgame {
namespace {

Action take(int64_t n) {
  return Action{ActionType::kTake, n, true};
}

const Action kStart{ActionType::kStart, 0, false};

TEST(TestgameRules, ThePileIsTwentyToThirtyBySeed) {
  EXPECT_EQ(init(0).pile, 20);
  EXPECT_EQ(init(10).pile, 30);
  EXPECT_EQ(init(11).pile, 20);
}

TEST(TestgameRules, NothingButStartAndEndRunBeforeStart) {
  State s = init(0);
  EXPECT_EQ(apply(s, take(1)).reason, "not_started");
  EXPECT_EQ(apply(s, Action{ActionType::kTick, 1, false}).reason, "not_started");
  EXPECT_EQ(s, init(0));
  ASSERT_TRUE(apply(s, kStart).ok);
  EXPECT_EQ(apply(s, kStart).reason, "already_started");
}

TEST(TestgameRules, TakeScoresAndATooLargeTakeIsRefusedWithoutChange) {
  State s = init(0);  // 20 pebbles
  ASSERT_TRUE(apply(s, kStart).ok);
  for (int i = 0; i < 6; ++i) ASSERT_TRUE(apply(s, take(3)).ok);
  EXPECT_EQ(s.pile, 2);
  EXPECT_EQ(s.score, 18);
  const State before = s;
  Outcome o = apply(s, take(3));
  EXPECT_FALSE(o.ok);
  EXPECT_EQ(o.reason, "pile_too_small");
  EXPECT_EQ(s, before);
  ASSERT_TRUE(apply(s, take(2)).ok);
  EXPECT_TRUE(game_over(s));
  EXPECT_EQ(apply(s, take(1)).reason, "game_over");
}

TEST(TestgameRules, TicksEndTheRunAtTurnSixty) {
  State s = init(3);
  ASSERT_TRUE(apply(s, kStart).ok);
  ASSERT_TRUE(apply(s, Action{ActionType::kTick, 59, true}).ok);
  EXPECT_FALSE(game_over(s));
  ASSERT_TRUE(apply(s, Action{ActionType::kTick, 1, false}).ok);
  EXPECT_TRUE(game_over(s));
  ActionList legal;
  legal_actions(s, legal);
  EXPECT_EQ(legal.size, 0);
}

TEST(TestgameCodec, AStateWhosePileDoesNotMatchItsSeedIsInvalid) {
  Issues issues;
  auto v =
      parse_json(R"({"seed":0,"pile":19,"turn":0,"score":0,"started":true,"over":false})", issues);
  ASSERT_TRUE(v);
  State s;
  EXPECT_FALSE(Traits::decode_state(*v, s, issues));
  v = parse_json(R"({"type":"take","count":4})", issues);
  ASSERT_TRUE(v);
  EXPECT_FALSE(Traits::decode_action(*v, issues));
}

TEST(TestgameAgents, TheGreedyAgentStartsThenTakesThePileInSevenTurns) {
  auto agent = make_agent("greedy", {});
  ASSERT_TRUE(agent);
  agents::LocalStepper<Traits> stepper;
  agents::RunResult r = agents::play_run<Traits>(*agent, stepper, 0, kRunCap, end_action());
  EXPECT_EQ(r.score, 20);
  EXPECT_EQ(r.length, 8);
  EXPECT_EQ(r.end_reason, "over");
}

}  // namespace
}  // namespace gb::testgame
