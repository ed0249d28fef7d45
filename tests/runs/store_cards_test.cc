// The scorecard half of the store suite (SPEC section 14), on SQLite and PostgreSQL: opening a
// card with its name check and its bound of open cards, filling a slot in the submitting
// transaction (once, by one run, only while the card is open), closing, pooling finished cards,
// and the median's inputs.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "runs/legacy_db.h"
#include "runs/store_fixture.h"
#include "store/store.h"

namespace gb::store {
namespace {

class CardStoreTest : public StoreTest {
 protected:
  // A card of this test's slug for `name`, with `slots` slots of seed 7, open from `opened_at`
  // until `deadline`.
  Card make_card(const std::string& name, int slots = 3,
                 const std::string& opened_at = "2026-12-03T10:00:00.000Z",
                 const std::string& deadline = "2999-01-01T00:00:00.000Z") {
    Card card;
    card.id = slug_ + "/card" + std::to_string(cards_++);
    card.suite = slug_ + "-suite";
    card.name = name;
    card.name_key = slug_ + "/" + name;
    card.agent = {"label", "model", "", ""};
    card.opened_at = opened_at;
    card.deadline = deadline;
    for (int i = 0; i < slots; ++i) {
      card.slots.push_back({i, slug_, 7, 100, 0, std::nullopt});
    }
    return card;
  }

  // `run` aimed at slot `slot` of `card`.
  NewRun for_slot(NewRun run, const Card& card, int64_t slot) {
    run.card_id = card.id;
    run.slot = slot;
    return run;
  }

  int cards_ = 0;
};

TEST_P(CardStoreTest, OpeningClaimsTheNameAndANameHoldsAtMostFourOpenCards) {
  OpenCardResult first = store_->open_card(make_card("ada"), "", "tok", 4);
  EXPECT_EQ(first.status, OpenCardStatus::kOpened);
  EXPECT_TRUE(first.name_claimed);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(store_->open_card(make_card("ada"), "tok", "x", 4).status, OpenCardStatus::kOpened);
  }
  Card fifth = make_card("ada");
  EXPECT_EQ(store_->open_card(fifth, "tok", "x", 4).status, OpenCardStatus::kTooManyOpen);
  EXPECT_FALSE(store_->card(fifth.id)) << "a refused card is not stored";
  EXPECT_EQ(store_->open_card(make_card("ada"), "wrong", "x", 4).status,
            OpenCardStatus::kNameTaken);
  // A card past its deadline no longer counts as open.
  Card old = make_card("bob", 1, "2020-01-01T00:00:00.000Z", "2020-01-02T00:00:00.000Z");
  ASSERT_EQ(store_->open_card(old, "", "b", 1).status, OpenCardStatus::kOpened);
  EXPECT_EQ(store_->open_card(make_card("bob"), "b", "x", 1).status, OpenCardStatus::kOpened);
}

TEST_P(CardStoreTest, ACardReadsBackWithItsSlotsEmpty) {
  Card card = make_card("ada", 3);
  card.agent = {"lbl", "org/model:7b", "harness", "notes"};
  ASSERT_EQ(store_->open_card(card, "", "tok", 4).status, OpenCardStatus::kOpened);
  std::optional<Card> read = store_->card(card.id);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->name, "ada");
  EXPECT_EQ(read->agent.model, "org/model:7b");
  EXPECT_EQ(read->agent.notes, "notes");
  EXPECT_EQ(read->deadline, card.deadline);
  EXPECT_TRUE(read->closed_at.empty());
  ASSERT_EQ(read->slots.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(read->slots[static_cast<size_t>(i)].index, i);
    EXPECT_EQ(read->slots[static_cast<size_t>(i)].run_id, 0);
    EXPECT_FALSE(read->slots[static_cast<size_t>(i)].score);
  }
  EXPECT_FALSE(store_->card("no such card"));
  std::optional<Card> one = store_->card_with_slot(card.id, 2);
  ASSERT_TRUE(one);
  EXPECT_EQ(one->name_key, card.name_key);
  ASSERT_EQ(one->slots.size(), 1u);
  EXPECT_EQ(one->slots[0].index, 2);
  EXPECT_EQ(one->slots[0].max_actions, 100);
  EXPECT_TRUE(store_->card_with_slot(card.id, 3)->slots.empty()) << "no slot 3";
  EXPECT_FALSE(store_->card_with_slot("no such card", 0));
}

TEST_P(CardStoreTest, ACardsTermsAreWhatAFillIsCheckedAgainstAndNoRun) {
  Card card = make_card("ada", 3);
  card.agent = {"lbl", "org/model:7b", "harness", "notes"};
  for (CardSlot& slot : card.slots) {
    slot.seed = static_cast<uint32_t>(11 + slot.index);
    slot.max_actions = 20 * (slot.index + 1);
  }
  ASSERT_EQ(store_->open_card(card, "", "tok", 4).status, OpenCardStatus::kOpened);
  ASSERT_EQ(store_->submit(for_slot(make_run("ada", 40, "agent"), card, 1), "tok", "x").status,
            SubmitStatus::kCreated);
  std::optional<Card> open = store_->card_terms(card.id);
  ASSERT_TRUE(open);
  EXPECT_TRUE(open->closed_at.empty());
  ASSERT_TRUE(store_->close_card(card.id, "2026-12-03T11:00:00.000Z", R"({"seconds":3})"));
  std::optional<Card> terms = store_->card_terms(card.id);
  ASSERT_TRUE(terms);
  EXPECT_EQ(terms->id, card.id);
  EXPECT_EQ(terms->suite, card.suite);
  EXPECT_EQ(terms->name, "ada");
  EXPECT_EQ(terms->name_key, card.name_key);
  EXPECT_EQ(terms->opened_at, card.opened_at);
  EXPECT_EQ(terms->deadline, card.deadline);
  EXPECT_EQ(terms->closed_at, "2026-12-03T11:00:00.000Z") << "a closed card is refused unreplayed";
  EXPECT_TRUE(terms->agent.label.empty() && terms->agent.model.empty()) << "not read";
  EXPECT_TRUE(terms->usage_json.empty()) << "not read";
  ASSERT_EQ(terms->slots.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    const CardSlot& slot = terms->slots[i];
    EXPECT_EQ(slot.index, static_cast<int64_t>(i));
    EXPECT_EQ(slot.slug, card.slots[i].slug);
    EXPECT_EQ(slot.seed, card.slots[i].seed);
    EXPECT_EQ(slot.max_actions, card.slots[i].max_actions);
    EXPECT_EQ(slot.run_id, 0) << "slot " << i << ": no run is read, filled or not";
    EXPECT_FALSE(slot.score);
  }
  EXPECT_FALSE(store_->card_terms("no such card"));
}

TEST_P(CardStoreTest, ASlotHoldsOneRunAndARefusalStoresNothing) {
  Card card = make_card("ada");
  ASSERT_EQ(store_->open_card(card, "", "tok", 4).status, OpenCardStatus::kOpened);
  NewRun run = for_slot(make_run("ada", 40, "agent"), card, 0);
  SubmitResult filled = store_->submit(run, "tok", "x");
  ASSERT_EQ(filled.status, SubmitStatus::kCreated);
  SubmitResult again = store_->submit(run, "tok", "");
  EXPECT_EQ(again.status, SubmitStatus::kExisting) << "a fill claims no name: no fresh token";
  EXPECT_EQ(again.run.id, filled.run.id);
  EXPECT_EQ(store_->submit(run, "wrong", "").status, SubmitStatus::kNameTaken)
      << "the run is stored, and the card's token is still needed to answer for its slot";

  NewRun other = for_slot(make_run("ada", 99, "agent"), card, 0);
  EXPECT_EQ(store_->submit(other, "tok", "x").status, SubmitStatus::kSlotFilled);
  EXPECT_EQ(store_->leaderboard(board("agent")).entries.at(0).score, 40)
      << "the refused run is not on the board";
  EXPECT_EQ(store_->submit(for_slot(make_run("ada", 500, "agent"), card, 1), "wrong", "x").status,
            SubmitStatus::kNameTaken);
  EXPECT_EQ(store_->leaderboard(board("agent")).entries.at(0).score, 40)
      << "a run refused for its token is not stored";

  std::optional<Card> read = store_->card(card.id);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->slots[0].run_id, filled.run.id);
  EXPECT_EQ(read->slots[0].score, 40);
  EXPECT_EQ(read->slots[1].run_id, 0);
}

TEST_P(CardStoreTest, AFilledSlotKeepsNeitherTheDeadlineNorTheTokenHashItWasCheckedAgainst) {
  Card card = make_card("ada", 2);
  ASSERT_EQ(store_->open_card(card, "", "tok", 4).status, OpenCardStatus::kOpened);
  ASSERT_EQ(store_->submit(for_slot(make_run("ada", 40, "agent"), card, 0), "tok", "x").status,
            SubmitStatus::kCreated);
  auto kept = [&](int idx) {
    return scalar_raw(db_,
                      "SELECT open_until || '|' || token_hash FROM card_slots WHERE card_id = " +
                          literal(card.id) + " AND idx = " + std::to_string(idx));
  };
  // Nothing reads them once the slot holds a run, and the row must not grow as its run id does
  // (on SQLite a grown row can split the page that holds the card's slots, written by the fill).
  EXPECT_EQ(kept(0), "|");
  EXPECT_EQ(kept(1), card.deadline + "|tok") << "an empty slot keeps both for its fill";
}

TEST_P(CardStoreTest, ARunAlreadyStoredFillsASlotOfAnotherCard) {
  Card a = make_card("ada");
  Card b = make_card("ada");
  ASSERT_EQ(store_->open_card(a, "", "tok", 4).status, OpenCardStatus::kOpened);
  ASSERT_EQ(store_->open_card(b, "tok", "x", 4).status, OpenCardStatus::kOpened);
  NewRun run = make_run("ada", 40, "agent");
  SubmitResult first = store_->submit(for_slot(run, a, 0), "tok", "x");
  SubmitResult second = store_->submit(for_slot(run, b, 0), "tok", "x");
  ASSERT_EQ(first.status, SubmitStatus::kCreated);
  ASSERT_EQ(second.status, SubmitStatus::kCreated) << "a deterministic agent plays it again";
  EXPECT_EQ(second.run.id, first.run.id);
}

TEST_P(CardStoreTest, AClosedOrExpiredCardTakesNoRun) {
  Card card = make_card("ada");
  ASSERT_EQ(store_->open_card(card, "", "tok", 4).status, OpenCardStatus::kOpened);
  EXPECT_TRUE(store_->close_card(card.id, "2026-12-03T11:00:00.000Z", R"({"seconds":3})"));
  EXPECT_FALSE(store_->close_card(card.id, "2026-12-03T12:00:00.000Z", "")) << "once";
  EXPECT_EQ(store_->submit(for_slot(make_run("ada", 1, "agent"), card, 0), "tok", "x").status,
            SubmitStatus::kCardClosed);
  std::optional<Card> read = store_->card(card.id);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->closed_at, "2026-12-03T11:00:00.000Z");
  EXPECT_EQ(read->usage_json, R"({"seconds":3})");

  // make_run's created_at is 2026-12-03T10:00:xx, after this card's deadline.
  Card expired = make_card("ada", 1, "2026-12-01T00:00:00.000Z", "2026-12-02T00:00:00.000Z");
  ASSERT_EQ(store_->open_card(expired, "tok", "x", 4).status, OpenCardStatus::kOpened);
  EXPECT_EQ(store_->submit(for_slot(make_run("ada", 1, "agent"), expired, 0), "tok", "x").status,
            SubmitStatus::kCardClosed);
  EXPECT_FALSE(store_->close_card(expired.id, "2026-12-03T00:00:00.000Z", ""));
  EXPECT_EQ(store_->leaderboard(board("agent")).total, 0) << "nothing stored";
}

// Migration 8 copies into each slot what its fill checks (the card's deadline while open, the
// name's token hash), so cards opened before it take fills as they did: only their owner's, only
// while open.
TEST_P(CardStoreTest, CardsOpenedBeforeMigration8TakeTheirOwnersRunsOnlyWhileOpen) {
  const int version = 7;
  LegacyDatabase legacy(db_, dir_.path.string(), version);
  Card open = make_card("ada", 2);
  Card closed = make_card("ada", 1);
  // make_run's created_at is 2026-12-03T10:00:xx, after this card's deadline.
  Card expired = make_card("ada", 1, "2026-12-01T00:00:00.000Z", "2026-12-02T00:00:00.000Z");
  std::string rows = "INSERT INTO names (name_key, token_hash, created_at) VALUES (" +
                     literal(open.name_key) + ", 'tok', '2026-12-01T00:00:00.000Z');\n";
  for (const Card* card : {&open, &closed, &expired}) {
    std::string closed_at = card == &closed ? "2026-12-03T09:00:00.000Z" : "";
    rows +=
        "INSERT INTO cards (id, suite, name, name_key, agent_label, agent_model, "
        "agent_harness, agent_notes, opened_at, deadline, closed_at, usage) VALUES (" +
        literal(card->id) + ", " + literal(card->suite) + ", 'ada', " + literal(card->name_key) +
        ", 'label', 'model', '', '', " + literal(card->opened_at) + ", " + literal(card->deadline) +
        ", " + literal(closed_at) + ", '');\n";
    for (const CardSlot& slot : card->slots) {
      rows += "INSERT INTO card_slots (card_id, idx, slug, seed, max_actions, run_id) VALUES (" +
              literal(card->id) + ", " + std::to_string(slot.index) + ", " + literal(slot.slug) +
              ", 7, 100, 0);\n";
    }
  }
  exec_raw(legacy.url(), "BEGIN;\n" + legacy.schema_up_to(version) + rows + "COMMIT;\n");
  std::unique_ptr<Store> migrated = open_store(legacy.url(), dir_.path.string());
  ASSERT_EQ(migrated->schema_version(), static_cast<int>(migration_count()));

  EXPECT_EQ(migrated->submit(for_slot(make_run("ada", 1, "agent"), open, 0), "wrong", "").status,
            SubmitStatus::kNameTaken);
  EXPECT_EQ(migrated->submit(for_slot(make_run("ada", 2, "agent"), open, 0), "tok", "").status,
            SubmitStatus::kCreated);
  EXPECT_EQ(migrated->submit(for_slot(make_run("ada", 3, "agent"), closed, 0), "tok", "").status,
            SubmitStatus::kCardClosed);
  EXPECT_EQ(migrated->submit(for_slot(make_run("ada", 4, "agent"), expired, 0), "tok", "").status,
            SubmitStatus::kCardClosed);
  ASSERT_TRUE(migrated->close_card(open.id, "2026-12-03T11:00:00.000Z", ""));
  EXPECT_EQ(migrated->submit(for_slot(make_run("ada", 5, "agent"), open, 1), "tok", "").status,
            SubmitStatus::kCardClosed);
  std::optional<Card> read = migrated->card(open.id);
  ASSERT_TRUE(read);
  EXPECT_NE(read->slots[0].run_id, 0) << "closing keeps the slot filled before";
  EXPECT_EQ(read->slots[0].score, 2);
  EXPECT_EQ(read->slots[1].run_id, 0);
}

TEST_P(CardStoreTest, AHiddenRunLeavesItsSlotWithoutAScore) {
  Card card = make_card("ada");
  ASSERT_EQ(store_->open_card(card, "", "tok", 4).status, OpenCardStatus::kOpened);
  SubmitResult filled = store_->submit(for_slot(make_run("ada", 40, "agent"), card, 2), "tok", "x");
  ASSERT_EQ(filled.status, SubmitStatus::kCreated);
  ASSERT_TRUE(store_->set_hidden(filled.run.id, true));
  std::optional<Card> read = store_->card(card.id);
  ASSERT_TRUE(read);
  EXPECT_FALSE(read->slots[2].score);
  ASSERT_TRUE(store_->set_hidden(filled.run.id, false));
  EXPECT_EQ(store_->card(card.id)->slots[2].score, 40);
}

TEST_P(CardStoreTest, FinishedSlotsAreThoseOfClosedAndExpiredCardsGroupedByName) {
  std::string now = "2026-12-03T12:00:00.000Z";
  Card open = make_card("ada", 2);
  Card closed = make_card("ada", 2);
  Card expired = make_card("bob", 2, "2026-12-01T00:00:00.000Z", "2026-12-02T00:00:00.000Z");
  ASSERT_EQ(store_->open_card(open, "", "a", 4).status, OpenCardStatus::kOpened);
  ASSERT_EQ(store_->open_card(closed, "a", "x", 4).status, OpenCardStatus::kOpened);
  ASSERT_EQ(store_->open_card(expired, "", "b", 4).status, OpenCardStatus::kOpened);
  ASSERT_EQ(store_->submit(for_slot(make_run("ada", 30, "agent"), closed, 1), "a", "x").status,
            SubmitStatus::kCreated);
  ASSERT_TRUE(store_->close_card(closed.id, now, ""));
  std::vector<PooledSlot> slots = store_->finished_card_slots(open.suite, now);
  ASSERT_EQ(slots.size(), 4u) << "the open card's slots are not pooled";
  EXPECT_EQ(slots[0].card_id, closed.id);
  EXPECT_FALSE(slots[0].score);
  EXPECT_EQ(slots[1].score, 30);
  EXPECT_EQ(slots[1].agent.label, "label");
  EXPECT_EQ(slots[2].card_id, expired.id);
  EXPECT_EQ(slots[3].name, "bob");
  EXPECT_TRUE(store_->finished_card_slots("no-suite", now).empty());
  EXPECT_EQ(store_->board_inputs(open.suite, now).expired_cards, 1)
      << "bob's: the closed one is counted among the closes";
  EXPECT_EQ(store_->board_inputs(open.suite, "2026-12-01T12:00:00.000Z").expired_cards, 0)
      << "bob's had not expired yet";
  EXPECT_EQ(store_->board_inputs("no-suite", now).expired_cards, 0);
}

TEST_P(CardStoreTest, EveryCardClosedCountsOneCloseAndARefusedCloseNone) {
  // As below: on PostgreSQL other tests may close cards meanwhile, so only growth is certain.
  const bool alone = GetParam() == "sqlite";
  const std::string now = "2026-12-03T12:00:00.000Z";
  auto closes = [&] { return store_->board_inputs(slug_ + "-suite", now).card_closes; };
  const int64_t before = closes();
  Card card = make_card("ada", 1);
  Card expired = make_card("bob", 1, "2026-12-01T00:00:00.000Z", "2026-12-02T00:00:00.000Z");
  ASSERT_EQ(store_->open_card(card, "", "a", 4).status, OpenCardStatus::kOpened);
  ASSERT_EQ(store_->open_card(expired, "", "b", 4).status, OpenCardStatus::kOpened);
  ASSERT_TRUE(store_->close_card(card.id, now, ""));
  const int64_t closed = closes();
  EXPECT_GT(closed, before);
  EXPECT_FALSE(store_->close_card(card.id, now, "")) << "closed already";
  EXPECT_FALSE(store_->close_card(expired.id, now, "")) << "past its deadline";
  EXPECT_FALSE(store_->close_card("no-card", now, ""));
  EXPECT_EQ(store_->card(card.id)->closed_at, now);
  EXPECT_EQ(store_->card(expired.id)->closed_at, "");
  if (alone) {
    EXPECT_EQ(before, 0);
    EXPECT_EQ(closed, 1);
    EXPECT_EQ(closes(), 1) << "a refused close counts nothing";
  }
}

TEST_P(CardStoreTest, EveryRunHiddenOrShownCountsOneModeration) {
  // The PostgreSQL suite's tests share one database and run two at a time, so another test may
  // count moderations meanwhile: there, only growth is certain; SQLite's store is this test's.
  const bool alone = GetParam() == "sqlite";
  const std::string suite = slug_ + "-suite";
  const std::string now = "2026-12-03T12:00:00.000Z";
  auto moderations = [&] { return store_->board_inputs(suite, now).moderations; };
  const int64_t before = moderations();
  if (alone) {
    EXPECT_EQ(before, 0);
  }
  SubmitResult stored = store_->submit(make_run("ada", 10, "agent"), "", "tok");
  ASSERT_EQ(stored.status, SubmitStatus::kCreated);
  ASSERT_TRUE(store_->set_hidden(stored.run.id, true));
  const int64_t hidden = moderations();
  EXPECT_GT(hidden, before);
  ASSERT_TRUE(store_->set_hidden(stored.run.id, false));
  EXPECT_GT(moderations(), hidden);
  if (alone) {
    EXPECT_EQ(moderations(), 2);
  }
  EXPECT_FALSE(store_->set_hidden(stored.run.id + 1000, true));
  if (alone) {
    EXPECT_EQ(moderations(), 2) << "no such run: nothing moderated";
  }
}

TEST_P(CardStoreTest, MiddleScoresAreTheMedianInputs) {
  EXPECT_EQ(store_->middle_scores(slug_, 1, "human").count, 0);
  for (int score : {50, 10, 40})
    ASSERT_EQ(put(make_run("p" + std::to_string(score), score)).status, SubmitStatus::kCreated);
  MiddleScores odd = store_->middle_scores(slug_, 1, "human");
  EXPECT_EQ(odd.count, 3);
  EXPECT_EQ(odd.middle, std::vector<int64_t>({40}));
  ASSERT_EQ(put(make_run("q", 20)).status, SubmitStatus::kCreated);
  ASSERT_EQ(put(make_run("r", 999, "agent")).status, SubmitStatus::kCreated);
  MiddleScores even = store_->middle_scores(slug_, 1, "human");
  EXPECT_EQ(even.count, 4) << "agents' runs are not people's";
  EXPECT_EQ(even.middle, std::vector<int64_t>({20, 40}));
}

TEST_P(CardStoreTest, ConcurrentWritersOfOneSlotLeaveOneRun) {
  Card card = make_card("ada", 1);
  ASSERT_EQ(store_->open_card(card, "", "tok", 4).status, OpenCardStatus::kOpened);
  std::vector<NewRun> runs;
  for (int i = 0; i < 8; ++i) runs.push_back(for_slot(make_run("ada", 10 + i, "agent"), card, 0));
  std::atomic<int> created{0};
  std::atomic<int> filled{0};
  std::vector<std::thread> writers;
  for (const NewRun& run : runs) {
    writers.emplace_back([&, run] {
      SubmitStatus status = store_->submit(run, "tok", "x").status;
      if (status == SubmitStatus::kCreated) ++created;
      if (status == SubmitStatus::kSlotFilled) ++filled;
    });
  }
  for (std::thread& t : writers) t.join();
  EXPECT_EQ(created.load(), 1);
  EXPECT_EQ(filled.load(), 7);
  EXPECT_EQ(store_->leaderboard(board("agent")).total, 1);
  EXPECT_EQ(store_->list_runs({slug_, std::nullopt, 0, 100}).size(), 1u)
      << "the seven refused runs are not stored";
}

INSTANTIATE_TEST_SUITE_P(Backends, CardStoreTest, ::testing::Values(std::string(GB_STORE_BACKEND)),
                         [](const auto& param_info) { return param_info.param; });

}  // namespace
}  // namespace gb::store
