// One store suite, run against SQLite (a temporary file) and PostgreSQL (the server ctest starts
// with scripts/pg.sh, named by GB_TEST_PG_URL). Each test uses its own slug and names, so the
// PostgreSQL tests share one database without seeing each other.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <thread>

#include "store/store.h"

namespace gb::store {
namespace {

std::string unique_tag() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string tag = std::string(info->test_suite_name()) + "." + info->name();
  for (char& c : tag) {
    if (c == '/') c = '.';
  }
  return tag + "." + std::to_string(getpid());
}

// A temporary folder removed at the end of the test.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    path = std::filesystem::temp_directory_path() / ("gb-store-" + unique_tag());
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

class StoreTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "postgres") {
      const char* url = std::getenv("GB_TEST_PG_URL");
      ASSERT_NE(url, nullptr) << "GB_TEST_PG_URL is not set: ctest starts PostgreSQL with "
                                 "scripts/pg.sh and sets it (run these tests through ctest)";
      db_ = url;
    } else {
      db_ = "sqlite:" + (dir_.path / "runs.sqlite3").string();
    }
    store_ = open_store(db_, dir_.path.string());
    slug_ = unique_tag();
  }

  // A run of this test's slug with the given name and score; the actions make its key unique.
  NewRun make_run(const std::string& name, int64_t score, const std::string& kind = "human") {
    NewRun run;
    run.slug = slug_;
    run.seed = 7;
    run.actions_json = "[" + std::to_string(counter_++) + "]";
    run.score = score;
    run.length = 3;
    run.steps = 3;
    run.over = true;
    run.state_hash = "00112233aabbccdd";
    run.name = name;
    run.name_key = slug_ + "/" + name;
    run.kind = kind;
    run.rules_version = 1;
    run.run_key = slug_ + "/" + run.actions_json + "/" + name + "/" + kind;
    run.created_at = "2026-12-03T10:00:" + std::to_string(10 + counter_) + ".000Z";
    run.day = "2026-12-03";
    return run;
  }

  SubmitResult put(const NewRun& run, const std::string& token = "t") {
    return store_->submit(run, token, token);
  }

  BoardQuery board(const std::string& kind = "human") {
    BoardQuery q;
    q.slug = slug_;
    q.kind = kind;
    q.rules_version = 1;
    return q;
  }

  TempDir dir_;
  std::string db_;
  std::unique_ptr<Store> store_;
  std::string slug_;
  int counter_ = 0;
};

TEST_P(StoreTest, StoresARunOnceAndFindsItAgain) {
  NewRun run = make_run("ada", 120);
  SubmitResult first = put(run);
  ASSERT_EQ(first.status, SubmitStatus::kCreated);
  EXPECT_TRUE(first.name_claimed);
  EXPECT_GT(first.run.id, 0);
  SubmitResult again = put(run);
  EXPECT_EQ(again.status, SubmitStatus::kExisting);
  EXPECT_EQ(again.run.id, first.run.id);
  EXPECT_FALSE(again.name_claimed);
  std::optional<StoredRun> stored = store_->run(first.run.id);
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->actions_json, run.actions_json);
  EXPECT_EQ(stored->score, 120);
  EXPECT_EQ(stored->name, "ada");
  EXPECT_EQ(stored->created_at, run.created_at);
  EXPECT_TRUE(stored->over);
  EXPECT_FALSE(stored->hidden);
  EXPECT_EQ(store_->leaderboard(board()).total, 1);
}

TEST_P(StoreTest, AClaimedNameNeedsItsToken) {
  ASSERT_EQ(put(make_run("ada", 10), "secret-hash").status, SubmitStatus::kCreated);
  SubmitResult stolen = store_->submit(make_run("ada", 99), "wrong", "fresh");
  EXPECT_EQ(stolen.status, SubmitStatus::kNameTaken);
  SubmitResult missing = store_->submit(make_run("ada", 98), "", "fresh");
  EXPECT_EQ(missing.status, SubmitStatus::kNameTaken);
  EXPECT_EQ(store_->leaderboard(board()).entries.at(0).score, 10) << "nothing stored when refused";
  SubmitResult owner = store_->submit(make_run("ada", 50), "secret-hash", "fresh");
  EXPECT_EQ(owner.status, SubmitStatus::kCreated);
  EXPECT_FALSE(owner.name_claimed);
}

TEST_P(StoreTest, BoardListsEachNamesBestOnceWithCompetitionRanks) {
  put(make_run("ada", 50));
  put(make_run("ada", 80));  // ada's best
  put(make_run("bob", 80));  // ties ada, submitted later
  put(make_run("cy", 60));
  put(make_run("dee", 100));
  Board b = store_->leaderboard(board());
  ASSERT_EQ(b.total, 4);
  ASSERT_EQ(b.entries.size(), 4u);
  EXPECT_EQ(b.entries[0].name, "dee");
  EXPECT_EQ(b.entries[0].rank, 1);
  EXPECT_EQ(b.entries[1].name, "ada");
  EXPECT_EQ(b.entries[1].rank, 2);
  EXPECT_EQ(b.entries[1].score, 80);
  EXPECT_EQ(b.entries[2].name, "bob");
  EXPECT_EQ(b.entries[2].rank, 2);
  EXPECT_EQ(b.entries[3].name, "cy");
  EXPECT_EQ(b.entries[3].rank, 4);
}

TEST_P(StoreTest, ANamesTieBetweenItsOwnRunsGoesToTheEarliest) {
  SubmitResult first = put(make_run("ada", 70));
  put(make_run("ada", 70));
  Board b = store_->leaderboard(board());
  ASSERT_EQ(b.entries.size(), 1u);
  EXPECT_EQ(b.entries[0].id, first.run.id);
}

TEST_P(StoreTest, PagesKeepTheirRanksAndTheTotal) {
  for (int i = 0; i < 7; ++i) put(make_run(std::string("p").append(std::to_string(i)), 100 - i));
  BoardQuery q = board();
  q.limit = 3;
  q.offset = 3;
  Board b = store_->leaderboard(q);
  EXPECT_EQ(b.total, 7);
  ASSERT_EQ(b.entries.size(), 3u);
  EXPECT_EQ(b.entries[0].rank, 4);
  EXPECT_EQ(b.entries[0].name, "p3");
  q.offset = 7;
  EXPECT_TRUE(store_->leaderboard(q).entries.empty());
}

TEST_P(StoreTest, KindsHaveTheirOwnBoardsAndAllMergesThem) {
  put(make_run("ada", 10, "human"));
  put(make_run("bot", 90, "agent"));
  EXPECT_EQ(store_->leaderboard(board("human")).total, 1);
  Board agents = store_->leaderboard(board("agent"));
  ASSERT_EQ(agents.total, 1);
  EXPECT_EQ(agents.entries[0].kind, "agent");
  Board all = store_->leaderboard(board("all"));
  ASSERT_EQ(all.total, 2);
  EXPECT_EQ(all.entries[0].name, "bot");
  EXPECT_EQ(all.entries[1].kind, "human");
}

TEST_P(StoreTest, SeedAndDayFilterTheBoard) {
  NewRun other_seed = make_run("ada", 500);
  other_seed.seed = 8;
  put(other_seed);
  NewRun other_day = make_run("bob", 400);
  other_day.day = "2026-12-02";
  put(other_day);
  put(make_run("cy", 300));
  BoardQuery q = board();
  q.seed = 7;
  EXPECT_EQ(store_->leaderboard(q).total, 2);
  q.day = "2026-12-03";
  Board daily = store_->leaderboard(q);
  ASSERT_EQ(daily.total, 1);
  EXPECT_EQ(daily.entries[0].name, "cy");
}

TEST_P(StoreTest, HiddenRunsLeaveTheBoardsButStayStored) {
  SubmitResult best = put(make_run("ada", 90));
  put(make_run("ada", 40));
  ASSERT_TRUE(store_->set_hidden(best.run.id, true));
  Board b = store_->leaderboard(board());
  ASSERT_EQ(b.entries.size(), 1u);
  EXPECT_EQ(b.entries[0].score, 40);
  std::optional<StoredRun> stored = store_->run(best.run.id);
  ASSERT_TRUE(stored);
  EXPECT_TRUE(stored->hidden);
  ASSERT_TRUE(store_->set_hidden(best.run.id, false));
  EXPECT_EQ(store_->leaderboard(board()).entries.at(0).score, 90);
  EXPECT_FALSE(store_->set_hidden(987654321, true));
}

TEST_P(StoreTest, OlderRulesVersionsStayStoredButDoNotRank) {
  NewRun old = make_run("ada", 1000);
  old.rules_version = 0;
  SubmitResult stored = put(old);
  put(make_run("bob", 10));
  Board b = store_->leaderboard(board());
  ASSERT_EQ(b.total, 1);
  EXPECT_EQ(b.entries[0].name, "bob");
  EXPECT_EQ(store_->run(stored.run.id)->rules_version, 0u);
}

TEST_P(StoreTest, RankOfCountsOtherNamesWithABetterBest) {
  put(make_run("ada", 100));
  put(make_run("bob", 100));
  put(make_run("cy", 50));
  EXPECT_EQ(store_->rank_of(slug_, "human", 1, 100, slug_ + "/ada"), 1);
  EXPECT_EQ(store_->rank_of(slug_, "human", 1, 60, slug_ + "/dee"), 3);
  EXPECT_EQ(store_->rank_of(slug_, "human", 1, 10, slug_ + "/cy"), 3);
  EXPECT_EQ(store_->rank_of(slug_, "agent", 1, 10, slug_ + "/cy"), 1);
}

TEST_P(StoreTest, TheFirstSettingWriterWins) {
  std::string key = "secret/" + slug_;
  EXPECT_EQ(store_->get_or_put_setting(key, "first"), "first");
  EXPECT_EQ(store_->get_or_put_setting(key, "second"), "first");
}

TEST_P(StoreTest, ReopeningKeepsEverythingAndTheSchema) {
  SubmitResult stored = put(make_run("ada", 33));
  int version = store_->schema_version();
  EXPECT_GE(version, 2);
  store_.reset();
  store_ = open_store(db_, dir_.path.string());
  EXPECT_EQ(store_->schema_version(), version);
  ASSERT_TRUE(store_->run(stored.run.id));
  EXPECT_EQ(store_->integrity_problem(), "");
}

TEST_P(StoreTest, ConcurrentSubmissionsAreNeitherLostNorDuplicated) {
  // 8 threads each submit the same 25 runs: every run ends up stored exactly once.
  std::vector<NewRun> runs;
  for (int i = 0; i < 25; ++i) runs.push_back(make_run("racer" + std::to_string(i % 5), i));
  std::atomic<int> created{0};
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      std::unique_ptr<Store> own = t % 2 ? open_store(db_, dir_.path.string()) : nullptr;
      Store& store = own ? *own : *store_;
      for (const NewRun& run : runs) {
        try {
          SubmitResult r = store.submit(run, "t", "t");
          if (r.status == SubmitStatus::kCreated) ++created;
          if (r.status == SubmitStatus::kNameTaken) ++failures;
        } catch (const StoreError&) {
          ++failures;
        }
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(created.load(), 25);
  BoardQuery q = board();
  q.limit = 100;
  EXPECT_EQ(store_->leaderboard(q).total, 5);
  EXPECT_EQ(store_->integrity_problem(), "");
}

// A held game of this test's client, last moved at `updated_at`.
HeldGame make_game(const std::string& id, const std::string& client,
                   const std::string& updated_at = "2026-12-03T10:00:00.000Z") {
  HeldGame game;
  game.id = id;
  game.slug = "glimfall";
  game.seed = 4'000'000'000u;
  game.client = client;
  game.created_at = updated_at;
  game.updated_at = updated_at;
  return game;
}

TEST_P(StoreTest, LiveGamesAreThoseMovedSinceTheCutoff) {
  // Year 2999: no other test's games are that recent, so the count is this test's alone.
  ASSERT_TRUE(store_->create_game(make_game(slug_ + "/old", slug_, "2999-01-01T00:00:00.000Z"), 5));
  ASSERT_TRUE(store_->create_game(make_game(slug_ + "/new", slug_, "2999-01-02T00:00:00.000Z"), 5));
  EXPECT_EQ(store_->count_live_games("2999-01-01T12:00:00.000Z"), 1);
  EXPECT_EQ(store_->count_live_games("2999-01-01T00:00:00.000Z"), 2);
  EXPECT_EQ(store_->count_live_games("2999-01-03T00:00:00.000Z"), 0);
}

TEST_P(StoreTest, HeldGamesAreCreatedLoadedAndMoved) {
  std::string id = slug_ + "/g1";
  ASSERT_TRUE(store_->create_game(make_game(id, slug_), 5));
  EXPECT_FALSE(store_->game(slug_ + "/missing"));
  std::optional<HeldGame> held = store_->game(id);
  ASSERT_TRUE(held);
  EXPECT_EQ(held->slug, "glimfall");
  EXPECT_EQ(held->seed, 4'000'000'000u);
  EXPECT_EQ(held->actions_json, "[]");
  EXPECT_EQ(held->length, 0);
  EXPECT_EQ(held->client, slug_);
  EXPECT_TRUE(
      store_->append_game_actions(id, 0, R"([{"type":"wait"}])", 1, "2026-12-03T10:05:00.000Z"));
  EXPECT_FALSE(store_->append_game_actions(id, 0, "[1,2]", 2, "2026-12-03T10:06:00.000Z"))
      << "a move from a stale length must not overwrite the newer one";
  EXPECT_FALSE(store_->append_game_actions(slug_ + "/missing", 0, "[1]", 1, "x"));
  held = store_->game(id);
  ASSERT_TRUE(held);
  EXPECT_EQ(held->actions_json, R"([{"type":"wait"}])");
  EXPECT_EQ(held->length, 1);
  EXPECT_EQ(held->updated_at, "2026-12-03T10:05:00.000Z");
  EXPECT_EQ(held->created_at, "2026-12-03T10:00:00.000Z");
}

TEST_P(StoreTest, HeldGamesAreBoundedPerClient) {
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(store_->create_game(make_game(slug_ + "/" + std::to_string(i), slug_), 3));
  }
  EXPECT_FALSE(store_->create_game(make_game(slug_ + "/3", slug_), 3));
  EXPECT_EQ(store_->count_games(slug_), 3);
  EXPECT_TRUE(store_->create_game(make_game(slug_ + "/other", slug_ + "-other"), 3))
      << "another client has its own bound";
  EXPECT_EQ(store_->count_games(slug_ + "-other"), 1);
}

TEST_P(StoreTest, IdleHeldGamesExpire) {
  // Times in 2001 belong to this test alone, so expiring before 2001-06 touches no other test's
  // games on a shared PostgreSQL.
  ASSERT_TRUE(store_->create_game(make_game(slug_ + "/old", slug_, "2001-01-01T00:00:00.000Z"), 9));
  ASSERT_TRUE(store_->create_game(make_game(slug_ + "/new", slug_, "2001-12-01T00:00:00.000Z"), 9));
  EXPECT_EQ(store_->expire_games("2001-06-01T00:00:00.000Z"), 1);
  EXPECT_FALSE(store_->game(slug_ + "/old"));
  EXPECT_TRUE(store_->game(slug_ + "/new"));
  EXPECT_EQ(store_->count_games(slug_), 1);
  EXPECT_TRUE(store_->append_game_actions(slug_ + "/new", 0, "[7]", 1, "2002-01-01T00:00:00.000Z"));
  EXPECT_EQ(store_->expire_games("2001-12-31T00:00:00.000Z"), 0) << "a move keeps a game alive";
  EXPECT_TRUE(store_->game(slug_ + "/new"));
}

// The ids list_runs returns for `query`.
std::vector<int64_t> ids_of(Store& store, const RunListQuery& query) {
  std::vector<int64_t> ids;
  for (const StoredRun& run : store.list_runs(query)) ids.push_back(run.id);
  return ids;
}

TEST_P(StoreTest, ListRunsPagesVisibleRunsByAscendingId) {
  std::vector<int64_t> ids;
  for (int i = 0; i < 5; ++i) ids.push_back(put(make_run("ada", 10 + i)).run.id);
  ASSERT_TRUE(store_->set_hidden(ids[2], true));
  RunListQuery q;
  q.slug = slug_;
  q.limit = 2;
  EXPECT_EQ(ids_of(*store_, q), (std::vector<int64_t>{ids[0], ids[1]}));
  q.after = ids[1];
  EXPECT_EQ(ids_of(*store_, q), (std::vector<int64_t>{ids[3], ids[4]}));
  q.after = ids[4];
  EXPECT_TRUE(ids_of(*store_, q).empty());
  q.after = 0;
  q.limit = 1000;
  std::vector<StoredRun> all = store_->list_runs(q);
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(all[0].actions_json, store_->run(ids[0])->actions_json);
  EXPECT_EQ(all[3].score, 14);
  EXPECT_EQ(all[3].name, "ada");
  EXPECT_FALSE(all[3].hidden);
}

TEST_P(StoreTest, ListRunsFiltersBySlugAndKind) {
  int64_t human = put(make_run("ada", 10)).run.id;
  int64_t agent = put(make_run("bot", 20, "agent")).run.id;
  std::string first_slug = slug_;
  slug_ += ".second";
  int64_t elsewhere = put(make_run("cy", 30)).run.id;
  RunListQuery q;
  q.slug = first_slug;
  EXPECT_EQ(ids_of(*store_, q), (std::vector<int64_t>{human, agent}));
  q.kind = "agent";
  EXPECT_EQ(ids_of(*store_, q), (std::vector<int64_t>{agent}));
  q.kind = "human";
  EXPECT_EQ(ids_of(*store_, q), (std::vector<int64_t>{human}));
  q.slug = slug_;
  EXPECT_EQ(ids_of(*store_, q), (std::vector<int64_t>{elsewhere}));
  q.kind = "agent";
  EXPECT_TRUE(ids_of(*store_, q).empty());
  // Every game: the store may hold other tests' runs too (PostgreSQL), so start at ours.
  RunListQuery every;
  every.after = human - 1;
  every.limit = 3;
  EXPECT_EQ(ids_of(*store_, every), (std::vector<int64_t>{human, agent, elsewhere}));
  every.kind = "human";
  every.limit = 2;
  EXPECT_EQ(ids_of(*store_, every), (std::vector<int64_t>{human, elsewhere}));
}

TEST_P(StoreTest, ListRunsOfAnUnknownGameIsEmpty) {
  put(make_run("ada", 10));
  RunListQuery q;
  q.slug = slug_ + ".none";
  EXPECT_TRUE(store_->list_runs(q).empty());
}

INSTANTIATE_TEST_SUITE_P(Backends, StoreTest, ::testing::Values(std::string(GB_STORE_BACKEND)),
                         [](const auto& param_info) { return param_info.param; });

#ifdef GB_STORE_OPEN_TESTS
TEST(OpenStore, RefusesAnUnknownDatabaseUrl) {
  EXPECT_THROW(open_store("mysql://x", "/tmp"), StoreError);
  EXPECT_THROW(open_store("sqlite:", "/tmp"), StoreError);
}

TEST(OpenStore, CreatesTheDataFolderAndTheDefaultFile) {
  TempDir dir;
  std::filesystem::path data = dir.path / "nested" / "data";
  auto store = open_store("", data.string());
  EXPECT_TRUE(std::filesystem::exists(default_sqlite_path(data.string())));
  EXPECT_EQ(store->integrity_problem(), "");
}

TEST(OpenStore, ExplainsAnUnreachablePostgres) {
  try {
    open_store("postgresql://gb@127.0.0.1:1/none?connect_timeout=2", "/tmp");
    FAIL() << "expected StoreError";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot connect"), std::string::npos) << e.what();
  }
}

#endif  // GB_STORE_OPEN_TESTS

}  // namespace
}  // namespace gb::store
