// The scorecard routes of SPEC section 14 through the pure handler, over a private in-memory
// SQLite store: a card opened, filled through POST /api/runs, closed and pooled on the agents'
// board, and every bad input answered precisely with nothing changed. Every test runs twice: with
// the server's cache of cards' slots (runs/slot_cache.h, as `serve` has it) and without, reading
// the store before each fill; the answers are the same.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "harness/game_agents.h"
#include "runs/cards.h"
#include "runs/secrets.h"
#include "runs/slot_cache.h"
#include "scorecards/suite.h"
#include "server/http/handler.h"
#include "store/sqlite_store.h"

namespace gb::server {
namespace {

class CardRoutes : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    store_ = store::open_sqlite_store(":memory:");
    services_.store = store_.get();
    services_.daily_secret = "test-secret";
    if (GetParam()) services_.slot_cache = &slot_cache_;
  }

  Response post(const std::string& target, const std::string& body) {
    Request r{"POST", target, body, "127.0.0.1:8080", "127.0.0.1"};
    return handle(r, &services_);
  }
  Response get(const std::string& target) {
    Request r{"GET", target, "", "127.0.0.1:8080", "127.0.0.1"};
    return handle(r, &services_);
  }

  // Parses an answer body; the parser lives as long as the fixture.
  JsonValue json(const Response& r) {
    JsonValue root;
    EXPECT_EQ(parser_.parse(r.body).get(root), simdjson::SUCCESS) << r.body;
    return root;
  }

  // Opens an open-v1 card for `name`; remembers its id and token.
  void open(const std::string& name = "ada", const std::string& extra = "") {
    Response r =
        post("/api/scorecards", R"({"suite":"open-v1","name":")" + name + "\"" + extra + "}");
    ASSERT_EQ(r.status, 201) << r.body;
    JsonValue card = json(r);
    id_ = std::string(card["id"].get_string().value());
    if (card["token"].error() == simdjson::SUCCESS) {
      token_ = std::string(card["token"].get_string().value());
    }
  }

  // A run body for slot `slot` of the open card (its game and seed), with `actions`.
  std::string slot_run(int slot, const std::string& actions = "[]", const std::string& name = "ada",
                       const std::string& token = "") {
    scorecards::Slot s =
        scorecards::open_slots(*scorecards::find_suite("open-v1")).at(static_cast<size_t>(slot));
    return R"({"slug":")" + std::string(s.slug) + R"(","seed":)" + std::to_string(s.seed) +
           R"(,"actions":)" + actions + R"(,"name":")" + name + R"(","kind":"agent","token":")" +
           (token.empty() ? token_ : token) + R"(","scorecard":")" + id_ + R"(","slot":)" +
           std::to_string(slot) + "}";
  }

  std::string first_issue(const Response& r) {
    return std::string(json(r)["issues"].at(0).get_string().value());
  }

  std::unique_ptr<store::Store> store_;
  runs::SlotCache slot_cache_;
  Services services_;
  simdjson::dom::parser parser_;
  std::string id_;
  std::string token_;
};

TEST_P(CardRoutes, TheSuitesListTheirGamesSeedsAndReferences) {
  Response r = get("/api/suites");
  ASSERT_EQ(r.status, 200);
  JsonValue suites = json(r)["suites"];
  EXPECT_EQ(std::string(suites.at(0)["id"].get_string().value()), "open-v1");
  EXPECT_EQ(suites.at(0)["games"].at(0)["seeds"].get_array().value().size(), 20u);
  EXPECT_EQ(suites.at(0)["games"].at(0)["reference"]["random"].get_double().value(), 13169.0 / 20);
  EXPECT_TRUE(suites.at(1)["sealed"].get_bool().value());
  EXPECT_TRUE(suites.at(1)["games"].at(0)["seeds"].error() == simdjson::NO_SUCH_FIELD)
      << "a sealed suite's seeds are drawn per card";
}

TEST_P(CardRoutes, ACardIsOpenedFilledClosedAndPooled) {
  open("ada", R"(,"agent":{"label":"rnd","model":"org/model:7b"})");
  EXPECT_FALSE(token_.empty()) << "opening claimed the name";
  Response filled = post("/api/runs", slot_run(0, R"([{"type":"UP"}])"));
  ASSERT_EQ(filled.status, 201) << filled.body;
  EXPECT_EQ(std::string(json(filled)["scorecard"].get_string().value()), id_);
  Response again = post("/api/runs", slot_run(0, R"([{"type":"UP"}])"));
  EXPECT_EQ(again.status, 200) << "the same run again";

  Response card = get("/api/scorecards/" + id_);
  ASSERT_EQ(card.status, 200);
  EXPECT_EQ(std::string(json(card)["status"].get_string().value()), "open");
  EXPECT_EQ(json(card)["slots"].at(0)["runId"].get_int64().value(),
            json(filled)["id"].get_int64().value());
  EXPECT_TRUE(json(card)["slots"].at(1)["runId"].is_null());
  EXPECT_EQ(get("/api/scorecards?suite=open-v1").body.find("ada"), std::string::npos)
      << "an open card is not on the board";

  Response closed =
      post("/api/scorecards/" + id_ + "/close",
           R"({"token":")" + token_ + R"(","usage":{"promptTokens":12,"costUsd":0.5}})");
  ASSERT_EQ(closed.status, 200) << closed.body;
  JsonValue final_card = json(closed);
  EXPECT_EQ(std::string(final_card["status"].get_string().value()), "closed");
  EXPECT_EQ(final_card["usage"]["promptTokens"].get_int64().value(), 12);
  EXPECT_EQ(final_card["games"]["stormlark"]["n"].get_int64().value(), 20);
  Response retry = post("/api/scorecards/" + id_ + "/close", R"({"token":")" + token_ + "\"}");
  ASSERT_EQ(retry.status, 200) << "closing again answers the card";
  EXPECT_EQ(json(retry)["usage"]["promptTokens"].get_int64().value(), 12) << "unchanged";
  EXPECT_EQ(post("/api/runs", slot_run(1)).status, 409);
  EXPECT_EQ(std::string(json(post("/api/runs", slot_run(1)))["error"].get_string().value()),
            "Scorecard closed");

  Response board = get("/api/scorecards?suite=open-v1");
  ASSERT_EQ(board.status, 200);
  JsonValue entry = json(board)["entries"].at(0);
  EXPECT_EQ(std::string(entry["name"].get_string().value()), "ada");
  EXPECT_EQ(std::string(entry["agent"]["model"].get_string().value()), "org/model:7b");
  EXPECT_EQ(entry["cards"].get_int64().value(), 1);
  EXPECT_EQ(entry["runs"].get_int64().value(), 1);
}

TEST_P(CardRoutes, ARunForTheWrongSlotIsRefusedNamingIt) {
  open();
  std::string good = slot_run(0);
  std::string wrong_seed = good;
  wrong_seed.replace(wrong_seed.find("\"seed\":") + 7, 1, "1");
  Response r = post("/api/runs", wrong_seed);
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(first_issue(r).find("slot: slot 0 is seed"), std::string::npos) << r.body;
  EXPECT_NE(first_issue(post("/api/runs",
                             slot_run(0).replace(slot_run(0).find("stormlark"), 9, "glimfall")))
                .find("slot: slot 0 is a run of stormlark"),
            std::string::npos);
  // The cap counts the agent's actions; the end action a run stopped there gets is one more.
  std::string long_run = "[";
  for (int i = 0; i < 2002; ++i) long_run += std::string(i ? "," : "") + R"({"type":"UP"})";
  long_run += "]";
  EXPECT_NE(first_issue(post("/api/runs", slot_run(0, long_run))).find("capped at 2000"),
            std::string::npos);
  Response unknown_slot =
      post("/api/runs", slot_run(0).replace(slot_run(0).find("\"slot\":0"), 8, "\"slot\":60"));
  EXPECT_EQ(unknown_slot.status, 400);
  EXPECT_NE(first_issue(unknown_slot).find("slot:"), std::string::npos);
  std::string no_card = slot_run(0);
  no_card.replace(no_card.find(id_), id_.size(), "cnope");
  EXPECT_NE(first_issue(post("/api/runs", no_card)).find("scorecard: no card"), std::string::npos);
  EXPECT_NE(
      first_issue(post("/api/runs", slot_run(0, "[]", "bob"))).find("scorecard: the card is ada's"),
      std::string::npos);
  EXPECT_EQ(post("/api/runs", slot_run(0, "[]", "ada", "wrong-token")).status, 403);
  EXPECT_TRUE(json(get("/api/scorecards/" + id_))["slots"].at(0)["runId"].is_null())
      << "nothing filled";
}

TEST_P(CardRoutes, OneActionPastTheCapIsAllowedOnlyWhenItEndsTheRun) {
  open();
  const int silkspan = 40;  // open-v1's first silkspan slot (cap 600)
  scorecards::Slot slot = scorecards::open_slots(*scorecards::find_suite("open-v1")).at(silkspan);
  const harness::GameAgents* agents = harness::find_game_agents("silkspan");
  ASSERT_NE(agents, nullptr);
  // 601 of the random agent's own actions: the last is no end action, so the run goes on past
  // the cap and is refused, storing nothing.
  agents::RunResult longer =
      agents->run(slot.seed, {.agent = "random", .max_actions = 601}, nullptr);
  simdjson::dom::parser parser;
  simdjson::dom::array all = parser.parse(longer.actions_json).get_array().value();
  ASSERT_GE(all.size(), 602u) << "the random agent reaches the cap";
  std::string prefix = "[";
  size_t taken = 0;
  for (JsonValue action : all) {
    if (taken == 601) break;
    if (taken++ > 0) prefix += ',';
    prefix += to_compact_json(action);
  }
  prefix += "]";
  Response refused = post("/api/runs", slot_run(silkspan, prefix));
  EXPECT_EQ(refused.status, 400);
  EXPECT_NE(first_issue(refused).find("only when it ends the run"), std::string::npos)
      << refused.body;
  // The random agent at the cap: 600 actions and the end action, as the reference runs.
  agents::RunResult capped =
      agents->run(slot.seed, {.agent = "random", .max_actions = 600}, nullptr);
  ASSERT_EQ(capped.length, 601);
  Response ended = post("/api/runs", slot_run(silkspan, capped.actions_json));
  EXPECT_EQ(ended.status, 201) << ended.body;
}

TEST_P(CardRoutes, AFilledSlotGivenAnotherRunIs409) {
  open();
  ASSERT_EQ(post("/api/runs", slot_run(0)).status, 201);
  Response other = post("/api/runs", slot_run(0, R"([{"type":"UP"}])"));
  EXPECT_EQ(other.status, 409);
  EXPECT_EQ(std::string(json(other)["error"].get_string().value()), "Slot filled");
}

TEST_P(CardRoutes, BadCardRequestsAreRefusedPrecisely) {
  Response unknown = post("/api/scorecards", R"({"suite":"open-v9","name":"ada"})");
  EXPECT_EQ(unknown.status, 400);
  EXPECT_EQ(std::string(json(unknown)["error"].get_string().value()), "Invalid scorecard");
  EXPECT_NE(first_issue(unknown).find("suite: no suite is named 'open-v9'"), std::string::npos);
  Response markup =
      post("/api/scorecards", R"({"suite":"open-v1","name":"ada","agent":{"label":"<b>x</b>"}})");
  EXPECT_EQ(markup.status, 400);
  EXPECT_NE(first_issue(markup).find("agent: character U+003C is not allowed"), std::string::npos)
      << markup.body;
  Response markup_notes =
      post("/api/scorecards", R"({"suite":"open-v1","name":"ada","agent":{"notes":"<script>"}})");
  EXPECT_EQ(markup_notes.status, 400);
  EXPECT_NE(first_issue(markup_notes).find("agent.notes: markup is not allowed"),
            std::string::npos);
  Response long_model =
      post("/api/scorecards", R"({"suite":"open-v1","name":"ada","agent":{"model":")" +
                                  std::string(101, 'm') + "\"}}");
  EXPECT_EQ(long_model.status, 400);
  EXPECT_NE(first_issue(long_model).find("agent.model: longer than 100"), std::string::npos);
  EXPECT_EQ(post("/api/scorecards", R"({"suite":"open-v1"})").status, 400);
  EXPECT_EQ(post("/api/scorecards", R"({"suite":"open-v1","name":"ada","agent":7})").status, 400);
  EXPECT_EQ(post("/api/scorecards", "not json").status, 400);
  EXPECT_EQ(get("/api/scorecards?suite=open-v1").body.find("ada"), std::string::npos);

  open();
  EXPECT_EQ(post("/api/scorecards", R"({"suite":"open-v1","name":"ADA"})").status, 403)
      << "a claimed name (case-folded) needs its token";
  std::string with_token = R"({"suite":"open-v1","name":"ada","token":")" + token_ + "\"}";
  for (int i = 0; i < 3; ++i) ASSERT_EQ(post("/api/scorecards", with_token).status, 201);
  Response fifth = post("/api/scorecards", with_token);
  EXPECT_EQ(fifth.status, 429);
}

TEST_P(CardRoutes, ClosingNeedsTheTokenAndAnExistingCard) {
  open();
  EXPECT_EQ(post("/api/scorecards/" + id_ + "/close", R"({"token":"wrong"})").status, 403);
  EXPECT_EQ(post("/api/scorecards/" + id_ + "/close", "{}").status, 403);
  EXPECT_EQ(post("/api/scorecards/cnope/close", R"({"token":"x"})").status, 404);
  EXPECT_EQ(
      post("/api/scorecards/" + id_ + "/close", R"({"token":"x","usage":{"promptTokens":-1}})")
          .status,
      400);
  EXPECT_EQ(get("/api/scorecards/cnope").status, 404);
  EXPECT_EQ(get("/api/scorecards?suite=nope").status, 400);
  EXPECT_EQ(get("/api/scorecards?limit=0").status, 400);
  EXPECT_EQ(std::string(json(get("/api/scorecards/" + id_))["status"].get_string().value()),
            "open");
}

TEST_P(CardRoutes, ASealedCardDrawsItsSeedsFromTheSecretAndItsId) {
  Response a = post("/api/scorecards", R"({"suite":"sealed-v1","name":"ada"})");
  ASSERT_EQ(a.status, 201);
  JsonValue card = json(a);
  std::string id(card["id"].get_string().value());
  std::string token(card["token"].get_string().value());
  int64_t seed0 = card["slots"].at(0)["seed"].get_int64().value();
  int64_t seed1 = card["slots"].at(1)["seed"].get_int64().value();
  EXPECT_NE(seed0, seed1);
  EXPECT_EQ(seed0, runs::keyed_seed("test-secret", "card/" + id + "/0"));
  Response b =
      post("/api/scorecards", R"({"suite":"sealed-v1","name":"ada","token":")" + token + "\"}");
  ASSERT_EQ(b.status, 201);
  EXPECT_NE(json(b)["slots"].at(0)["seed"].get_int64().value(), seed0)
      << "another card, other seeds";
}

// A fill is checked against the cached card before its replay; the card is read once.
TEST_P(CardRoutes, ACardClosedHereRefusesTheNextFillBeforeItsReplay) {
  open();
  ASSERT_EQ(post("/api/runs", slot_run(0)).status, 201);
  EXPECT_EQ(slot_cache_.size(), GetParam() ? 1u : 0u);
  ASSERT_EQ(post("/api/scorecards/" + id_ + "/close", R"({"token":")" + token_ + "\"}").status,
            200);
  // An action no game knows fails the replay: refused as closed, it was never replayed.
  Response r = post("/api/runs", slot_run(1, R"([{"type":"NOPE"}])"));
  EXPECT_EQ(r.status, 409) << r.body;
  EXPECT_EQ(std::string(json(r)["error"].get_string().value()), "Scorecard closed");
}

// Another server sharing the store closed the card: this one's copy still has it open, so the
// fill is replayed, then refused by the store's own write; nothing is stored.
TEST_P(CardRoutes, ACardClosedElsewhereRefusesTheFillAfterItsReplay) {
  open();
  ASSERT_EQ(post("/api/runs", slot_run(0)).status, 201);
  ASSERT_TRUE(store_->close_card(id_, "2026-01-01T00:00:00Z", ""));
  Response valid = post("/api/runs", slot_run(1, R"([{"type":"UP"}])"));
  EXPECT_EQ(valid.status, 409) << valid.body;
  EXPECT_EQ(std::string(json(valid)["error"].get_string().value()), "Scorecard closed");
  EXPECT_TRUE(json(get("/api/scorecards/" + id_))["slots"].at(1)["runId"].is_null());
  Response invalid = post("/api/runs", slot_run(1, R"([{"type":"NOPE"}])"));
  // With the cache the replay comes first and names the run's fault; without, the card's state.
  EXPECT_EQ(invalid.status, GetParam() ? 400 : 409) << invalid.body;
}

// Names each run of the suite: with the server's cache, or reading the store each time.
std::string cache_name(const ::testing::TestParamInfo<bool>& param) {
  return param.param ? "Cached" : "ReadEachTime";
}

INSTANTIATE_TEST_SUITE_P(SlotCache, CardRoutes, ::testing::Bool(), cache_name);

TEST(SlotCacheTest, KeepsAtMostItsCapacityAndReadsACardAgainOnceForgotten) {
  std::unique_ptr<store::Store> store = store::open_sqlite_store(":memory:");
  runs::SlotCache cache(2);
  auto open_card = [&](const std::string& name) {
    runs::CardRequest request{"open-v1", name, std::nullopt, {}};
    runs::OpenedCard opened =
        runs::open_card(*store, request, std::chrono::system_clock::now(), "test-secret");
    EXPECT_EQ(opened.verdict, runs::CardVerdict::kOpened);
    return opened.card;
  };
  store::Card a = open_card("ada");
  store::Card b = open_card("bob");
  store::Card c = open_card("cy");
  EXPECT_FALSE(cache.card_with_slot(*store, "cnope", 0)) << "no such card";
  EXPECT_EQ(cache.size(), 0u) << "an unknown card is not kept";
  std::optional<runs::CheckedSlot> seen = cache.card_with_slot(*store, a.id, 59);
  ASSERT_TRUE(seen);
  ASSERT_NE(seen->slot, nullptr);
  EXPECT_EQ(seen->slot->index, 59);
  EXPECT_EQ(seen->slot->seed, a.slots[59].seed);
  EXPECT_EQ(seen->slot->max_actions, a.slots[59].max_actions);
  EXPECT_EQ(seen->card->name_key, a.name_key);
  EXPECT_EQ(seen->card->deadline, a.deadline);
  EXPECT_EQ(cache.card_with_slot(*store, a.id, 60)->slot, nullptr) << "no slot 60";
  EXPECT_EQ(cache.card_with_slot(*store, a.id, -1)->slot, nullptr);
  cache.card_with_slot(*store, b.id, 0);
  cache.card_with_slot(*store, c.id, 0);
  EXPECT_EQ(cache.size(), 2u) << "the oldest card was dropped";
  // Closed in the store: the kept copy does not know until it is forgotten.
  ASSERT_TRUE(store->close_card(c.id, "2026-01-01T00:00:00Z", ""));
  EXPECT_TRUE(cache.card_with_slot(*store, c.id, 0)->card->closed_at.empty());
  cache.forget(c.id);
  EXPECT_EQ(cache.card_with_slot(*store, c.id, 0)->card->closed_at, "2026-01-01T00:00:00Z");
}

// A card of `slots` slots, as the store would answer for `id`.
store::Card card_of(std::string_view id, int64_t slots) {
  store::Card card;
  card.id = std::string(id);
  card.name_key = "ada";
  for (int64_t i = 0; i < slots; ++i) card.slots.push_back({i, "stormlark", 7, 100, 0, {}});
  return card;
}

TEST(SlotCacheTest, ACardOpenedThroughTheServerIsKeptAndItsFillsReadNoCard) {
  std::unique_ptr<store::Store> store = store::open_sqlite_store(":memory:");
  runs::SlotCache cache;
  Services services;
  services.store = store.get();
  services.daily_secret = "test-secret";
  services.slot_cache = &cache;
  Response opened = handle(Request{"POST", "/api/scorecards", R"({"suite":"open-v1","name":"ada"})",
                                   "127.0.0.1:8080", "127.0.0.1"},
                           &services);
  ASSERT_EQ(opened.status, 201) << opened.body;
  simdjson::dom::parser parser;
  std::string id(parser.parse(opened.body)["id"].get_string().value());
  EXPECT_EQ(cache.size(), 1u) << "kept when it opened";
  runs::SlotCache::CardReader no_read = [](std::string_view) -> std::optional<store::Card> {
    ADD_FAILURE() << "the card was read from the store";
    return std::nullopt;
  };
  std::optional<runs::CheckedSlot> seen = cache.card_with_slot(no_read, id, 59);
  ASSERT_TRUE(seen);
  ASSERT_NE(seen->slot, nullptr);
  std::optional<store::Card> stored = store->card(id);
  ASSERT_TRUE(stored);
  EXPECT_EQ(seen->slot->index, 59);
  EXPECT_EQ(seen->slot->seed, stored->slots[59].seed);
  EXPECT_EQ(seen->slot->slug, stored->slots[59].slug);
  EXPECT_EQ(seen->slot->max_actions, stored->slots[59].max_actions);
  EXPECT_EQ(seen->card->name_key, stored->name_key);
  EXPECT_EQ(seen->card->deadline, stored->deadline);
  EXPECT_TRUE(seen->card->closed_at.empty());
}

TEST(SlotCacheTest, ACardIsReadOnceHoweverManyFillsAskForItAtOnce) {
  using namespace std::chrono_literals;
  runs::SlotCache cache;
  std::atomic<int> reads{0};
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  // The first read waits for the release, then fails; every later one answers at once.
  runs::SlotCache::CardReader read = [&](std::string_view id) -> std::optional<store::Card> {
    if (reads++ == 0) {
      released.wait();
      throw store::StoreError("the store went away");
    }
    return card_of(id, 60);
  };
  auto first = std::async(std::launch::async, [&] { return cache.card_with_slot(read, "c", 0); });
  while (reads == 0) std::this_thread::sleep_for(1ms);
  std::vector<std::future<std::optional<runs::CheckedSlot>>> others;
  for (int64_t slot = 1; slot <= 7; ++slot) {
    others.push_back(std::async(std::launch::async,
                                [&, slot] { return cache.card_with_slot(read, "c", slot); }));
  }
  // Waiting, not reading (a fill that did not wait would read at once).
  EXPECT_EQ(others[0].wait_for(200ms), std::future_status::timeout);
  EXPECT_EQ(reads, 1);
  release.set_value();
  EXPECT_THROW(first.get(), store::StoreError);
  for (int64_t slot = 1; slot <= 7; ++slot) {
    std::optional<runs::CheckedSlot> got = others[static_cast<size_t>(slot - 1)].get();
    ASSERT_TRUE(got);
    ASSERT_NE(got->slot, nullptr);
    EXPECT_EQ(got->slot->index, slot);
  }
  EXPECT_EQ(reads, 2) << "the failed read was made again once, by one waiting fill";
  EXPECT_EQ(cache.size(), 1u);
}

}  // namespace
}  // namespace gb::server
