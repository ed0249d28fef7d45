// The scorecard service (runs/cards.h) over an in-memory SQLite store, with its clock in the
// test's hands: a card's statistics are compute_stats of its slots (empty ones 0), the agents'
// board pools every finished card of a name, a card expires at its deadline, and the human
// reference appears with the tenth person's run.
#include "runs/cards.h"

#include <gtest/gtest.h>

#include <future>
#include <map>

#include "core/clock.h"
#include "core/hash.h"
#include "registry/registry.h"
#include "scorecards/suite.h"
#include "store/sqlite_store.h"

namespace gb::runs {
namespace {

using namespace std::chrono_literals;

const runs::TimePoint kStart = std::chrono::sys_days{std::chrono::year(2026) / 12 / 3};

class Cards : public ::testing::Test {
 protected:
  void SetUp() override { store_ = store::open_sqlite_store(":memory:"); }

  // Opens an open-v1 card for `name` at `at`; its token is "tok-<name>".
  store::Card open(const std::string& name, TimePoint at = kStart) {
    CardRequest request{"open-v1", name, "tok-" + name + std::string(32, 'x'), {"bot", "", "", ""}};
    OpenedCard opened = open_card(*store_, request, at, "secret");
    EXPECT_EQ(opened.verdict, CardVerdict::kOpened);
    return opened.card;
  }

  // Stores a run of `score` straight into slot `slot` of `card` (the store does not replay; the
  // route tests cover verification).
  void fill(const store::Card& card, int64_t slot, int64_t score, TimePoint at = kStart) {
    const store::CardSlot& s = card.slots.at(static_cast<size_t>(slot));
    store::NewRun run;
    run.slug = s.slug;
    run.seed = s.seed;
    run.actions_json = "[" + std::to_string(counter_++) + "]";
    run.score = score;
    run.state_hash = "0";
    run.name = card.name;
    run.name_key = card.name_key;
    run.kind = "agent";
    run.rules_version = find_game(s.slug)->info().rules_version;
    run.run_key = run.actions_json;
    run.created_at = format_utc(at);
    run.day = run.created_at.substr(0, 10);
    run.card_id = card.id;
    run.slot = slot;
    std::string token = "tok-" + card.name + std::string(32, 'x');
    ASSERT_EQ(store_->submit(run, sha256_hex(token), "").status, store::SubmitStatus::kCreated);
  }

  void close(const store::Card& card, TimePoint at = kStart + 1h) {
    ClosedCard closed =
        close_card(*store_, card.id, "tok-" + card.name + std::string(32, 'x'), "", at);
    ASSERT_EQ(closed.verdict, CloseVerdict::kClosed);
  }

  // compute_stats over open-v1's games given each game's scores, as the card pages expect.
  scorecards::CardStats expected(const std::map<std::string, std::vector<int64_t>>& scores) {
    std::vector<scorecards::GameInput> inputs;
    for (const scorecards::SuiteGame& g : scorecards::find_suite("open-v1")->games) {
      scorecards::GameInput in;
      in.slug = std::string(g.slug);
      in.scores = scores.at(in.slug);
      in.random = g.random.mean();
      in.planner = g.planner.mean();
      inputs.push_back(in);
    }
    return scorecards::compute_stats(inputs);
  }

  // Stores person `i`'s glimfall run of `score` (a human run, not replayed).
  void person(int i, int64_t score) {
    store::NewRun run;
    run.slug = "glimfall";
    run.actions_json = "[" + std::to_string(i) + "]";
    run.run_key = "h" + run.actions_json;
    run.score = score;
    run.state_hash = "0";
    run.name = "p" + std::to_string(i);
    run.name_key = run.name;
    run.kind = "human";
    run.rules_version = find_game("glimfall")->info().rules_version;
    run.created_at = format_utc(kStart);
    run.day = run.created_at.substr(0, 10);
    ASSERT_EQ(store_->submit(run, "", "h").status, store::SubmitStatus::kCreated);
  }

  std::unique_ptr<store::Store> store_;
  int counter_ = 0;
};

// open-v1's slots hold 20 runs of each game, empty ones 0: the scores given, padded with zeros.
std::vector<int64_t> padded(std::vector<int64_t> scores, size_t n = 20) {
  scores.resize(n, 0);
  return scores;
}

TEST_F(Cards, ACardsStatisticsAreItsSlotsWithEmptyOnesZero) {
  store::Card card = open("ada");
  fill(card, 0, 900);  // stormlark slots are 0..19
  fill(card, 1, 300);
  fill(card, 20, 5000);  // glimfall
  std::optional<CardReport> report = read_card(*store_, card.id, kStart + 1min);
  ASSERT_TRUE(report);
  EXPECT_EQ(report->status, CardStatus::kOpen);
  scorecards::CardStats want = expected(
      {{"stormlark", padded({900, 300})}, {"glimfall", padded({5000})}, {"silkspan", padded({})}});
  ASSERT_EQ(report->stats.games.size(), 3u);
  for (size_t g = 0; g < 3; ++g) {
    EXPECT_EQ(report->stats.games[g].mean, want.games[g].mean);
    EXPECT_EQ(report->stats.games[g].normalised, want.games[g].normalised);
    EXPECT_EQ(report->stats.games[g].ci95->lo, want.games[g].ci95->lo);
  }
  EXPECT_EQ(report->stats.overall.normalised, want.overall.normalised);
  EXPECT_FALSE(report->stats.games[0].human_normalised) << "no people's runs yet";
}

TEST_F(Cards, ACardExpiresAtItsDeadlineAndThenCannotBeClosed) {
  store::Card card = open("ada");
  EXPECT_EQ(read_card(*store_, card.id, kStart + 23h)->status, CardStatus::kOpen);
  EXPECT_EQ(read_card(*store_, card.id, kStart + 24h)->status, CardStatus::kExpired);
  ClosedCard late =
      close_card(*store_, card.id, "tok-ada" + std::string(32, 'x'), "", kStart + 25h);
  EXPECT_EQ(late.verdict, CloseVerdict::kExpired);
  EXPECT_EQ(agents_board(*store_, "open-v1", 20, 0, kStart + 25h).total, 1)
      << "an expired card counts on the board";
  EXPECT_EQ(agents_board(*store_, "open-v1", 20, 0, kStart + 1h).total, 0);
}

TEST_F(Cards, TheBoardPoolsEveryFinishedCardOfANameAndRanksByOverall) {
  store::Card a1 = open("ada");
  store::Card a2 = open("ada");
  store::Card b1 = open("bob");
  store::Card b_open = open("bob");
  fill(a1, 0, 100);
  fill(a2, 0, 700);
  fill(b1, 0, 20000);
  fill(b_open, 1, 90000);  // open: not pooled
  close(a1);
  close(a2);
  close(b1);
  AgentBoard board = agents_board(*store_, "open-v1", 20, 0, kStart + 2h);
  ASSERT_EQ(board.total, 2);
  EXPECT_EQ(board.entries[0].name, "bob");
  EXPECT_EQ(board.entries[0].rank, 1);
  EXPECT_EQ(board.entries[0].cards, 1);
  EXPECT_EQ(board.entries[0].runs, 1);
  const AgentRow& ada = board.entries[1];
  EXPECT_EQ(ada.rank, 2);
  EXPECT_EQ(ada.cards, 2);
  EXPECT_EQ(ada.runs, 2);
  // Pooled scores in card order: ada's first card's 20 stormlark slots, then the second's.
  std::vector<int64_t> stormlark = padded({100}, 20);
  std::vector<int64_t> second = padded({700}, 20);
  stormlark.insert(stormlark.end(), second.begin(), second.end());
  scorecards::CardStats want = expected(
      {{"stormlark", stormlark}, {"glimfall", padded({}, 40)}, {"silkspan", padded({}, 40)}});
  EXPECT_EQ(ada.stats.games[0].n, 40);
  EXPECT_EQ(ada.stats.games[0].mean, want.games[0].mean);
  EXPECT_EQ(ada.stats.overall.normalised, want.overall.normalised);
  EXPECT_EQ(ada.stats.overall.ci95->hi, want.overall.ci95->hi);

  AgentBoard second_page = agents_board(*store_, "open-v1", 1, 1, kStart + 2h);
  ASSERT_EQ(second_page.entries.size(), 1u);
  EXPECT_EQ(second_page.entries[0].name, "ada");
  EXPECT_EQ(second_page.total, 2);
}

TEST_F(Cards, ACachedBoardChangesWithTheNextClosedOrExpiredCardAndTheNextHiddenRun) {
  CardCache cache(std::chrono::seconds(10));
  store::Card a = open("ada");
  fill(a, 0, 500);
  close(a);
  TimePoint t = kStart + 2h;
  EXPECT_EQ(agents_board(*store_, "open-v1", 20, 0, t, &cache).total, 1);
  store::Card b = open("bob");
  close(b);
  EXPECT_EQ(agents_board(*store_, "open-v1", 20, 0, t + 1s, &cache).total, 2)
      << "a card closed since is seen at once";
  // A hidden run changes no card's state, but the store counts it: seen at once too.
  std::vector<store::StoredRun> runs = store_->list_runs({});
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_TRUE(store_->set_hidden(runs[0].id, true));
  AgentBoard hidden = agents_board(*store_, "open-v1", 20, 0, t + 2s, &cache);
  for (const AgentRow& row : hidden.entries) EXPECT_EQ(row.runs, 0) << row.name;
  EXPECT_EQ(agents_board(*store_, "open-v1", 20, 0, t + 2s).entries[0].runs, 0)
      << "without a cache, always the store's answer";
  // A card never closed finishes at its deadline, with nothing written: seen at once as well.
  open("cy");
  EXPECT_EQ(agents_board(*store_, "open-v1", 20, 0, t + 3s, &cache).total, 2);
  EXPECT_EQ(agents_board(*store_, "open-v1", 20, 0, kStart + 25h, &cache).total, 3)
      << "cy's card expired";
}

// A board key of `closes` cards closed, `moderations` and one game's human reference.
BoardKey key_of(int64_t closes, int64_t moderations = 0, std::optional<double> human = {}) {
  return BoardKey{{0, closes, moderations}, {human}};
}

TEST(CardCacheTest, OnlyOneReaderAtATimeRefreshesABoardTheOthersServeItsRows) {
  CardCache cache(std::chrono::seconds(10));
  CardCache::BoardLookup cold = cache.board("s", key_of(1));
  EXPECT_TRUE(cold.refresh);
  EXPECT_FALSE(cold.rows) << "no rows yet";
  auto rows = std::make_shared<const std::vector<AgentRow>>(1);
  cache.put_board("s", key_of(1), rows);
  CardCache::BoardLookup current = cache.board("s", key_of(1));
  EXPECT_FALSE(current.refresh);
  EXPECT_EQ(current.rows, rows);
  // A card finished since: the first reader refreshes, the others meanwhile serve the rows.
  CardCache::BoardLookup first = cache.board("s", key_of(2));
  EXPECT_TRUE(first.refresh);
  EXPECT_EQ(first.rows, rows);
  CardCache::BoardLookup second = cache.board("s", key_of(2));
  EXPECT_FALSE(second.refresh);
  EXPECT_EQ(second.rows, rows);
  // A refresh that failed hands the duty to the next reader.
  cache.abandon_board("s");
  EXPECT_TRUE(cache.board("s", key_of(2)).refresh);
  auto newer = std::make_shared<const std::vector<AgentRow>>(2);
  cache.put_board("s", key_of(2), newer);
  EXPECT_EQ(cache.board("s", key_of(2)).rows, newer);
  EXPECT_FALSE(cache.board("s", key_of(2)).refresh) << "current however old: no clock in the key";
  EXPECT_FALSE(cache.board("other", key_of(2)).rows) << "boards are per suite";
}

TEST(CardCacheTest, ReadersOfAColdBoardWaitForTheFirstReadersRows) {
  CardCache cache(std::chrono::seconds(10));
  ASSERT_TRUE(cache.board("s", key_of(1)).refresh) << "the first reader computes";
  auto second = std::async(std::launch::async, [&] { return cache.board("s", key_of(1)); });
  // Not computing a second time: waiting (a reader that did not wait would answer at once).
  EXPECT_EQ(second.wait_for(200ms), std::future_status::timeout);
  auto rows = std::make_shared<const std::vector<AgentRow>>(1);
  cache.put_board("s", key_of(1), rows);
  CardCache::BoardLookup served = second.get();
  EXPECT_FALSE(served.refresh);
  EXPECT_EQ(served.rows, rows);
  // When the first reader abandons a cold board, one waiting reader computes it instead.
  ASSERT_TRUE(cache.board("t", key_of(1)).refresh);
  auto waiting = std::async(std::launch::async, [&] { return cache.board("t", key_of(1)); });
  EXPECT_EQ(waiting.wait_for(200ms), std::future_status::timeout);
  cache.abandon_board("t");
  CardCache::BoardLookup next = waiting.get();
  EXPECT_TRUE(next.refresh);
  EXPECT_FALSE(next.rows);
}

TEST(CardCacheTest, AModerationOrAHumanReferenceChangedRefreshesTheBoard) {
  CardCache cache(std::chrono::seconds(10));
  cache.put_board("s", key_of(2, 0, 5500.0), std::make_shared<const std::vector<AgentRow>>(1));
  EXPECT_FALSE(cache.board("s", key_of(2, 0, 5500.0)).refresh);
  EXPECT_TRUE(cache.board("s", key_of(2, 1, 5500.0)).refresh) << "a run hidden or shown";
  cache.abandon_board("s");
  EXPECT_TRUE(cache.board("s", key_of(2, 0, 6000.0)).refresh) << "another human reference";
  cache.abandon_board("s");
  EXPECT_TRUE(cache.board("s", key_of(2, 0)).refresh) << "the reference is gone";
}

TEST(CardCacheTest, HumanReferencesAreReadAgainOnceTheyAgeOut) {
  CardCache cache(std::chrono::seconds(10));
  EXPECT_FALSE(cache.humans("s", kStart));
  cache.put_humans("s", kStart, {5500.0});
  EXPECT_EQ(cache.humans("s", kStart + 9s), std::vector<std::optional<double>>{5500.0});
  EXPECT_FALSE(cache.humans("s", kStart + 10s)) << "aged out";
}

TEST_F(Cards, EqualOverallScoresShareARank) {
  for (const char* name : {"ada", "bob", "cy"}) close(open(name));
  AgentBoard board = agents_board(*store_, "open-v1", 20, 0, kStart + 2h);
  ASSERT_EQ(board.total, 3);
  for (const AgentRow& row : board.entries) EXPECT_EQ(row.rank, 1) << row.name;
  EXPECT_EQ(board.entries[0].name, "ada") << "then by name";
}

TEST_F(Cards, ACachedBoardTakesANewHumanReferenceOnceTheReferencesAreReadAgain) {
  CardCache cache(std::chrono::seconds(10));
  store::Card a = open("ada");
  fill(a, 20, 5000);  // glimfall
  close(a);
  TimePoint t = kStart + 2h;
  auto glimfall_human = [&](TimePoint when) {
    return agents_board(*store_, "open-v1", 20, 0, when, &cache)
        .entries.at(0)
        .stats.games.at(1)
        .human_normalised;
  };
  EXPECT_FALSE(glimfall_human(t)) << "no people's runs yet";
  for (int i = 0; i < 10; ++i) person(i, 1000 * (i + 1));
  EXPECT_FALSE(glimfall_human(t + 5s)) << "the references are read at most every 10 s";
  EXPECT_TRUE(glimfall_human(t + 10s)) << "read again, and the board computed with them";
}

TEST_F(Cards, TheHumanReferenceIsTheMedianOnceTenPeopleHavePlayed) {
  for (int i = 0; i < 9; ++i) person(i, 1000 * (i + 1));
  EXPECT_FALSE(human_reference(*store_, "glimfall")) << "nine runs are too few";
  person(9, 10000);
  // Scores 1000..10000: the median of ten is (5000 + 6000) / 2.
  EXPECT_EQ(human_reference(*store_, "glimfall"), 5500.0);
  store::Card card = open("ada");
  fill(card, 20, 5500);
  std::optional<CardReport> report = read_card(*store_, card.id, kStart);
  ASSERT_TRUE(report->stats.games[1].human_normalised);
  const scorecards::SuiteGame& g = scorecards::find_suite("open-v1")->games[1];
  double mean = 5500.0 / 20;
  EXPECT_DOUBLE_EQ(*report->stats.games[1].human_normalised,
                   (mean - g.random.mean()) / (5500.0 - g.random.mean()));
  EXPECT_FALSE(report->stats.games[0].human_normalised) << "stormlark has no people yet";
}

}  // namespace
}  // namespace gb::runs
