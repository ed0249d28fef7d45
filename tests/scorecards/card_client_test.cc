// The client side of a card on a server (harness/card_client.h, SPEC section 14): the bodies it
// sends, the answers it reads (slots in order, the final card's games in slot order whatever the
// answer's order, null intervals and scores as unknown), and a slot's run body.
#include "harness/card_client.h"

#include <gtest/gtest.h>

#include "harness/run_submit.h"
#include "scorecards/card_table.h"

namespace gb::harness {
namespace {

TEST(CardClient, OpenBodyCarriesTheAgentAndATokenOnlyWhenThereIsOne) {
  EXPECT_EQ(open_card_body("open-v1", "Ada", "", {"random", "", ""}),
            R"({"suite":"open-v1","name":"Ada","agent":{"label":"random"}})");
  EXPECT_EQ(open_card_body("sealed-v1", "Ada", "t0k", {"llm", "m-1", "gameboard-llm-v1"}),
            R"({"suite":"sealed-v1","name":"Ada","token":"t0k","agent":)"
            R"({"label":"llm","model":"m-1","harness":"gameboard-llm-v1"}})");
}

TEST(CardClient, CloseBodyCarriesUsageWhenGiven) {
  EXPECT_EQ(close_card_body("t", std::nullopt), R"({"token":"t"})");
  EXPECT_EQ(close_card_body("t", CardUsage{10, 2, 0.5, 12.25}),
            R"({"token":"t","usage":{"promptTokens":10,"completionTokens":2,)"
            R"("costUsd":0.500000,"seconds":12.250000}})");
}

TEST(CardClient, ReadsTheOpenedCard) {
  OpenedCard card;
  std::string error;
  ASSERT_TRUE(parse_opened_card(
      R"({"id":"c7","suite":"sealed-v1","name":"Ada","status":"open","openedAt":"a",)"
      R"("deadline":"d","slots":[{"index":0,"slug":"stormlark","seed":4294967295,"maxActions":2000},)"
      R"({"index":1,"slug":"glimfall","seed":5,"maxActions":1500}],"token":"tk"})",
      card, error))
      << error;
  EXPECT_EQ(card.id_json, R"("c7")");
  EXPECT_EQ(card.id, "c7");
  EXPECT_EQ(card.deadline, "d");
  EXPECT_EQ(card.token, "tk");
  ASSERT_EQ(card.slots.size(), 2u);
  EXPECT_EQ(card.slots[0].seed, 4294967295u);
  EXPECT_EQ(card.slots[1].slug, "glimfall");
  EXPECT_EQ(card.slots[1].max_actions, 1500);
  EXPECT_EQ(card_games(card.slots), (std::vector<std::string>{"stormlark", "glimfall"}));

  ASSERT_TRUE(parse_opened_card(
      R"({"id":42,"suite":"open-v1","name":"Ada","slots":[{"index":0,"slug":"s","seed":1,"maxActions":1}]})",
      card, error));
  EXPECT_EQ(card.id_json, "42");
  EXPECT_EQ(card.id, "42");
  EXPECT_EQ(card.token, "");
  EXPECT_FALSE(card.slots[0].filled);
}

TEST(CardClient, ReadsACardReadBackWithItsFilledSlots) {
  OpenedCard card;
  std::string error;
  ASSERT_TRUE(parse_opened_card(
      R"({"id":"c1","suite":"open-v1","name":"Ada","agent":{"label":"random"},"status":"open",)"
      R"("slots":[{"index":0,"slug":"s","seed":1,"maxActions":1,"runId":17,"score":3},)"
      R"({"index":1,"slug":"s","seed":2,"maxActions":1,"runId":null,"score":null}]})",
      card, error))
      << error;
  EXPECT_EQ(card.status, "open");
  EXPECT_EQ(card.agent_label, "random");
  EXPECT_TRUE(card.slots[0].filled);
  EXPECT_FALSE(card.slots[1].filled);
}

TEST(CardClient, RefusesAnOpenedCardWithoutIdOrWithSlotsOutOfOrder) {
  OpenedCard card;
  std::string error;
  EXPECT_FALSE(parse_opened_card(R"({"suite":"open-v1","name":"A","slots":[]})", card, error));
  EXPECT_FALSE(parse_opened_card(
      R"({"id":1,"suite":"open-v1","name":"A","slots":[{"index":1,"slug":"s","seed":1,"maxActions":1}]})",
      card, error));
  EXPECT_NE(error.find("slots[0]"), std::string::npos) << error;
  EXPECT_FALSE(parse_opened_card("not json", card, error));
}

TEST(CardClient, ReadsTheFinalCardInSlotOrderWithUnknownsAsUnknown) {
  FinalCard card;
  std::string error;
  ASSERT_TRUE(parse_final_card(
      R"({"status":"closed","games":{"alpha":{"n":1,"mean":3,"ci95":null,"normalised":null,)"
      R"("humanNormalised":null},"beta":{"n":2,"mean":1.5,"ci95":[0.5,2.5],"normalised":0.25,)"
      R"("humanNormalised":1}},"overall":{"normalised":null,"ci95":null}})",
      {"beta", "alpha"}, card, error))
      << error;
  EXPECT_EQ(card.status, "closed");
  ASSERT_EQ(card.stats.games.size(), 2u);
  EXPECT_EQ(card.stats.games[0].slug, "beta");
  ASSERT_TRUE(card.stats.games[0].ci95);
  EXPECT_EQ(card.stats.games[0].ci95->hi, 2.5);
  EXPECT_EQ(card.stats.games[0].human_normalised, 1.0);
  EXPECT_FALSE(card.stats.games[1].ci95);
  EXPECT_FALSE(card.stats.games[1].normalised);
  EXPECT_FALSE(card.stats.overall.normalised);
  EXPECT_EQ(scorecards::card_table(card.stats),
            "game          n         mean                       ci95  normalised    human\n"
            "beta          2          1.5                 [0.5, 2.5]       0.250    1.000\n"
            "alpha         1          3.0                          -           -        -\n"
            "overall normalised -, ci95 -\n");
  EXPECT_FALSE(parse_final_card(R"({"games":{},"overall":{}})", {"beta"}, card, error));
  EXPECT_EQ(error, "games: no beta");
  EXPECT_FALSE(parse_final_card(R"({"games":{"b":{"n":1,"mean":1,"ci95":[1]}},"overall":{}})",
                                {"b"}, card, error));
}

TEST(CardClient, AnErrorAnswerReadsAsOneLine) {
  EXPECT_EQ(answer_error(R"({"error":"Invalid scorecard","issues":["suite: unknown","name: x"]})"),
            "Invalid scorecard: suite: unknown; name: x");
  EXPECT_EQ(answer_error(R"({"error":"Slot filled"})"), "Slot filled");
  EXPECT_EQ(answer_error("<html>"), "<html>");
}

TEST(CardClient, TheCardsPageAndASlotsRun) {
  EXPECT_EQ(card_page_url("http://h:1/pre/", "c 1"), "http://h:1/pre/scorecards/c%201");
  const SubmitOptions options{BaseUrl{}, std::string("Ada"), std::string("agent"),
                              std::string("random"), std::string("t")};
  SlotRef slot{R"("c7")", 3};
  EXPECT_EQ(submission_body("glimfall", 9, "[]", 0, options, &slot),
            R"({"slug":"glimfall","seed":9,"actions":[],"score":0,"name":"Ada","kind":"agent",)"
            R"("agent":"random","token":"t","scorecard":"c7","slot":3})");
}

}  // namespace
}  // namespace gb::harness
