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

#include "runs/store_fixture.h"
#include "store/store.h"

namespace gb::store {
namespace {

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

TEST_P(StoreTest, AStoredRunResubmittedWithoutItsTokenIsTheStoredRun) {
  NewRun run = make_run("ada", 10);
  SubmitResult first = store_->submit(run, "", "secret-hash");
  ASSERT_EQ(first.status, SubmitStatus::kCreated);
  for (const char* presented : {"", "wrong", "secret-hash"}) {
    SubmitResult again = store_->submit(run, presented, "fresh");
    EXPECT_EQ(again.status, SubmitStatus::kExisting) << presented;
    EXPECT_EQ(again.run.id, first.run.id);
    EXPECT_FALSE(again.name_claimed);
  }
  EXPECT_EQ(store_->submit(make_run("ada", 11), "", "fresh").status, SubmitStatus::kNameTaken);
  EXPECT_EQ(store_->leaderboard(board()).total, 1);
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

TEST_P(StoreTest, SubmissionsSharingACommitKeepEachOthersOutcomes) {
  // 16 threads on one store at once, so on SQLite they share commits: each submits the same run
  // (stored once; every other answer is that run), a run of its own, and a run under a name
  // another thread owns with a wrong token (refused, and nothing of it stored).
  ASSERT_EQ(put(make_run("owner", 1), "owner-token").status, SubmitStatus::kCreated);
  NewRun shared = make_run("shared", 50);
  std::vector<NewRun> own;
  std::vector<NewRun> stolen;
  for (int t = 0; t < 16; ++t) {
    own.push_back(make_run("solo" + std::to_string(t), t));
    stolen.push_back(make_run("owner", 100 + t));
  }
  std::vector<SubmitResult> shared_results(16), own_results(16), stolen_results(16);
  std::vector<std::thread> threads;
  for (int t = 0; t < 16; ++t) {
    threads.emplace_back([&, t] {
      shared_results[t] = put(shared);
      stolen_results[t] = store_->submit(stolen[t], "wrong", "fresh");
      own_results[t] = put(own[t]);
    });
  }
  for (auto& t : threads) t.join();
  int created = 0;
  std::set<int64_t> own_ids;
  for (int t = 0; t < 16; ++t) {
    created += shared_results[t].status == SubmitStatus::kCreated;
    EXPECT_EQ(shared_results[t].run.id, shared_results[0].run.id);
    EXPECT_EQ(stolen_results[t].status, SubmitStatus::kNameTaken);
    ASSERT_EQ(own_results[t].status, SubmitStatus::kCreated);
    own_ids.insert(own_results[t].run.id);
    EXPECT_EQ(store_->run(own_results[t].run.id)->score, t);
  }
  EXPECT_EQ(created, 1);
  EXPECT_EQ(own_ids.size(), 16u);
  BoardQuery q = board();
  q.limit = 100;
  Board b = store_->leaderboard(q);
  EXPECT_EQ(b.total, 18);  // owner, shared and the 16 solos
  for (const BoardEntry& e : b.entries) EXPECT_LT(e.score, 100) << "a stolen run was stored";
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
      store_->append_game_actions(id, 0, R"({"type":"wait"})", 1, "2026-12-03T10:05:00.000Z"));
  EXPECT_FALSE(store_->append_game_actions(id, 0, "1,2", 2, "2026-12-03T10:06:00.000Z"))
      << "a move from a stale length must not overwrite the newer one";
  EXPECT_FALSE(store_->append_game_actions(slug_ + "/missing", 0, "1", 1, "x"));
  held = store_->game(id);
  ASSERT_TRUE(held);
  EXPECT_EQ(held->actions_json, R"([{"type":"wait"}])");
  EXPECT_EQ(held->length, 1);
  EXPECT_EQ(held->updated_at, "2026-12-03T10:05:00.000Z");
  EXPECT_EQ(held->created_at, "2026-12-03T10:00:00.000Z");
  // A second game under the same id (two calls creating a scorecard slot's game at once) is
  // refused without an error, and the first one stays as it was.
  HeldGame again = make_game(id, slug_);
  again.seed = 1;
  EXPECT_FALSE(store_->create_game(again, 5));
  EXPECT_EQ(store_->game(id)->seed, 4'000'000'000u);
  EXPECT_EQ(store_->game(id)->length, 1);
  // Later moves are appended in order, and the head reads the length without the actions.
  EXPECT_TRUE(store_->append_game_actions(id, 1, "2,3", 3, "2026-12-03T10:07:00.000Z"));
  EXPECT_TRUE(store_->append_game_actions(id, 3, "4", 4, "2026-12-03T10:08:00.000Z"));
  EXPECT_EQ(store_->game(id)->actions_json, R"([{"type":"wait"},2,3,4])");
  std::optional<HeldGame> head = store_->game_head(id);
  ASSERT_TRUE(head);
  EXPECT_EQ(head->length, 4);
  EXPECT_EQ(head->updated_at, "2026-12-03T10:08:00.000Z");
  EXPECT_TRUE(head->actions_json.empty());
  EXPECT_FALSE(store_->game_head(slug_ + "/missing"));
}

TEST_P(StoreTest, ConcurrentMovesOfOneGameKeepEveryAcceptedMoveOnce) {
  std::string id = slug_ + "/race";
  ASSERT_TRUE(store_->create_game(make_game(id, slug_), 5));
  // Four movers each try to append their number at every length; exactly one wins each length.
  std::atomic<int> accepted{0};
  std::vector<std::thread> movers;
  for (int m = 0; m < 4; ++m) {
    movers.emplace_back([&, m] {
      for (int length = 0; length < 25; ++length) {
        if (store_->append_game_actions(id, length, std::to_string(m), length + 1, "2999-01-01")) {
          ++accepted;
        }
      }
    });
  }
  for (std::thread& t : movers) t.join();
  std::optional<HeldGame> game = store_->game(id);
  ASSERT_TRUE(game);
  EXPECT_EQ(game->length, accepted.load());
  // The action list holds exactly `length` values.
  int64_t values = game->actions_json == "[]" ? 0 : 1;
  for (char c : game->actions_json) values += c == ',' ? 1 : 0;
  EXPECT_EQ(values, game->length);
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
  EXPECT_TRUE(store_->append_game_actions(slug_ + "/new", 0, "7", 1, "2002-01-01T00:00:00.000Z"));
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
  // Every game: on PostgreSQL other tests store runs at the same time, and their ids may fall
  // between ours, so start at ours and keep only ours.
  RunListQuery every;
  every.after = human - 1;
  every.limit = 1000;
  auto ours = [&](const RunListQuery& query) {
    std::vector<int64_t> kept;
    for (int64_t id : ids_of(*store_, query)) {
      if (id == human || id == agent || id == elsewhere) kept.push_back(id);
    }
    return kept;
  };
  EXPECT_EQ(ours(every), (std::vector<int64_t>{human, agent, elsewhere}));
  every.kind = "human";
  EXPECT_EQ(ours(every), (std::vector<int64_t>{human, elsewhere}));
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
