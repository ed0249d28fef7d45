// The bests table against the board query it replaced: on two thousand random runs (ties of
// score and of time, two rules versions, several seeds and days, hidden and shown again), while
// runs are submitted, hidden and shown from several threads, and after migrations 3 and 6 fill it
// and the boards' totals from runs stored before they existed, every board page, total and rank
// read from bests equals the one computed from every run (Store::leaderboard_by_scan). Run on
// SQLite and on PostgreSQL.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "runs/legacy_db.h"
#include "runs/store_fixture.h"
#include "store/store.h"
#include "store/store_sql.h"

namespace gb::store {
namespace {

// A small deterministic generator (splitmix64), so a failure replays.
struct Random {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  int64_t below(int64_t n) { return static_cast<int64_t>(next() % static_cast<uint64_t>(n)); }
};

constexpr uint32_t kSeeds[] = {1, 2, 3};
constexpr const char* kDays[] = {"2026-12-01", "2026-12-02", "2026-12-03"};

class BestsTest : public StoreTest {
 protected:
  // A run with random name (of `names`), kind, score, seed, day, time and rules version. Scores
  // and times are drawn from small ranges, so ties are common.
  NewRun random_run(Random& random, int names) {
    std::string name = "n" + std::to_string(random.below(names));
    NewRun run = make_run(name, random.below(25), random.below(3) == 0 ? "agent" : "human");
    run.seed = kSeeds[random.below(3)];
    run.day = kDays[random.below(3)];
    run.created_at = run.day + "T10:00:" + std::to_string(10 + random.below(40)) + ".000Z";
    run.rules_version = random.below(5) == 0 ? 2 : 1;
    return run;
  }

  // Every board the runs above can be on.
  std::vector<BoardQuery> every_board() {
    std::vector<BoardQuery> boards;
    for (uint32_t version : {1u, 2u}) {
      for (const char* kind : {"human", "agent", "all"}) {
        BoardQuery q = board(kind);
        q.rules_version = version;
        boards.push_back(q);
        for (uint32_t seed : kSeeds) {
          q.seed = seed;
          boards.push_back(q);
          for (const char* day : kDays) {
            q.day = day;
            boards.push_back(q);
          }
          q.day.reset();
        }
      }
    }
    return boards;
  }

  // Expects every page of every board read from bests to equal the scan's, and rank_of to agree
  // with the scanned all-time boards.
  void expect_bests_equal_scan(Store& store, const std::string& when) {
    int compared = 0;
    for (BoardQuery q : every_board()) {
      q.limit = 100'000;
      q.offset = 0;
      Board whole = store.leaderboard_by_scan(q);
      // Pages of 7, and of 13 from offset 5, on the all-time boards (ranks carried across
      // pages; pages past the middle are read from the bottom of the board); whole boards
      // otherwise.
      std::vector<std::pair<int64_t, int64_t>> pagings = {{100'000, 0}};
      if (!q.seed) pagings.insert(pagings.end(), {{7, 0}, {13, 5}});
      for (auto [limit, start] : pagings) {
        for (int64_t offset = start; offset <= whole.total; offset += limit) {
          q.limit = limit;
          q.offset = offset;
          Board scan = store.leaderboard_by_scan(q);
          Board bests = store.leaderboard(q);
          std::string where = when + ": " + q.kind + " v" + std::to_string(q.rules_version) +
                              " seed " + (q.seed ? std::to_string(*q.seed) : "-") + " day " +
                              q.day.value_or("-") + " offset " + std::to_string(offset);
          ASSERT_EQ(bests.total, scan.total) << where;
          ASSERT_EQ(bests.entries.size(), scan.entries.size()) << where;
          for (size_t i = 0; i < scan.entries.size(); ++i) {
            const BoardEntry& a = bests.entries[i];
            const BoardEntry& b = scan.entries[i];
            ASSERT_EQ(std::tie(a.rank, a.id, a.name, a.kind, a.agent, a.score, a.length, a.seed,
                               a.created_at),
                      std::tie(b.rank, b.id, b.name, b.kind, b.agent, b.score, b.length, b.seed,
                               b.created_at))
                << where << " entry " << i;
            ++compared;
          }
        }
      }
      if (q.seed || q.kind == "all") continue;
      for (int64_t score = -1; score <= 25; score += 4) {
        for (const char* name : {"n0", "n7", "nobody"}) {
          int64_t higher = 0;
          for (const BoardEntry& e : whole.entries) higher += e.score > score && e.name != name;
          EXPECT_EQ(store.rank_of(q.slug, q.kind, q.rules_version, score, slug_ + "/" + name),
                    1 + higher)
              << when << ": rank of " << score << " for " << name;
        }
      }
    }
    EXPECT_GT(compared, 300) << when << ": the boards compared were nearly empty";
  }
};

TEST_P(BestsTest, BoardsReadFromBestsEqualTheScanOnRandomRuns) {
  Random random{20261204};
  std::vector<int64_t> ids;
  for (int i = 0; i < 2000; ++i) {
    SubmitResult r = put(random_run(random, 80));
    ASSERT_EQ(r.status, SubmitStatus::kCreated);
    ids.push_back(r.run.id);
  }
  expect_bests_equal_scan(*store_, "after submitting");
  std::vector<int64_t> hidden;
  for (int i = 0; i < 300; ++i) {
    int64_t id = ids[static_cast<size_t>(random.below(static_cast<int64_t>(ids.size())))];
    ASSERT_TRUE(store_->set_hidden(id, true));
    hidden.push_back(id);
  }
  expect_bests_equal_scan(*store_, "after hiding");
  for (size_t i = 0; i < hidden.size(); i += 2) ASSERT_TRUE(store_->set_hidden(hidden[i], false));
  for (int i = 0; i < 200; ++i) put(random_run(random, 80));
  expect_bests_equal_scan(*store_, "after showing some again and submitting more");
  EXPECT_FALSE(store_->set_hidden(ids.back() + 1'000'000, true)) << "no such run";
}

TEST_P(BestsTest, ABoardStaysExactWhileRunsAreSubmittedHiddenAndShownAtOnce) {
  // Four submitters and two moderators at once; the moderators hide and show
  // this test's newest runs (often the same ones) until the submitters are done.
  std::mutex ids_mutex;
  std::vector<int64_t> ids;
  std::atomic<int> submitting{4};
  std::atomic<int> failures{0};
  std::atomic<int> moderated{0};
  std::atomic<int> reads{0};
  std::vector<std::thread> threads;
  // A reader beside them: each board it reads is one snapshot, so the total and the page agree.
  BoardQuery whole_board = every_board().front();
  whole_board.limit = 100'000;
  whole_board.offset = 0;
  threads.emplace_back([&] {
    while (submitting.load() > 0) {
      Board board = store_->leaderboard(whole_board);
      EXPECT_EQ(static_cast<int64_t>(board.entries.size()), board.total);
      if (!board.entries.empty()) {
        EXPECT_EQ(board.entries.front().rank, 1);
      }
      ++reads;
    }
  });
  for (int t = 0; t < 6; ++t) {
    threads.emplace_back([&, t] {
      Random random{static_cast<uint64_t>(t) + 1};
      try {
        // PostgreSQL: a connection each, as replicas. SQLite: the one store a server holds.
        std::unique_ptr<Store> own =
            GetParam() == "postgres" ? open_store(db_, dir_.path.string()) : nullptr;
        Store& store = own ? *own : *store_;
        if (t >= 4) {
          while (submitting.load() > 0) {
            int64_t id = 0;
            {
              std::lock_guard lock(ids_mutex);
              if (ids.empty()) continue;
              size_t back = static_cast<size_t>(
                  random.below(std::min<int64_t>(static_cast<int64_t>(ids.size()), 40)));
              id = ids[ids.size() - 1 - back];
            }
            store.set_hidden(id, random.below(2) == 0);
            ++moderated;
          }
          return;
        }
        for (int i = 0; i < 250; ++i) {
          NewRun run = random_run(random, 12);
          run.actions_json = std::string("[");
          run.actions_json.append(std::to_string(t)).append(",").append(std::to_string(i));
          run.actions_json += ']';
          run.run_key = run.slug + "/" + run.actions_json;
          SubmitResult r = store.submit(run, "t", "t");
          if (r.status != SubmitStatus::kCreated) ++failures;
          // Stored means readable at once, whichever connection reads it.
          if (!store.run(r.run.id)) ++failures;
          std::lock_guard lock(ids_mutex);
          ids.push_back(r.run.id);
        }
      } catch (const StoreError& e) {
        ADD_FAILURE() << e.what();
        ++failures;
      }
      if (t < 4) --submitting;
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_GT(moderated.load(), 20) << "the moderators hardly overlapped the submitters";
  EXPECT_GT(reads.load(), 0) << "the reader never read a board while the submitters ran";
  expect_bests_equal_scan(*store_, "after the concurrent writers");
}

TEST_P(BestsTest, MigrationsFillBestsAndTotalsFromTheRunsAlreadyStored) {
  // A database at schema version 2 (before bests), holding random runs, some hidden.
  LegacyDatabase legacy(db_, dir_.path.string(), 2);
  std::string schema = legacy.schema_up_to(2);
  Random random{7};
  std::string rows;
  for (int i = 0; i < 1500; ++i) {
    NewRun run = random_run(random, 50);
    rows +=
        "INSERT INTO runs (run_key, slug, seed, actions, score, length, steps, ended, "
        "state_hash, name, name_key, kind, agent, rules_version, created_at, day, hidden) "
        "VALUES (" +
        literal(run.run_key) + ", " + literal(run.slug) + ", " + std::to_string(run.seed) + ", " +
        literal(run.actions_json) + ", " + std::to_string(run.score) + ", 3, 3, 1, " +
        literal(run.state_hash) + ", " + literal(run.name) + ", " + literal(run.name_key) + ", " +
        literal(run.kind) + ", '', " + std::to_string(run.rules_version) + ", " +
        literal(run.created_at) + ", " + literal(run.day) + ", " +
        (random.below(8) == 0 ? "1" : "0") + ");\n";
  }
  exec_raw(legacy.url(), "BEGIN;\n" + schema + rows + "COMMIT;\n");
  std::unique_ptr<Store> migrated = open_store(legacy.url(), dir_.path.string());
  EXPECT_EQ(migrated->schema_version(), static_cast<int>(store::migration_count()));
  expect_bests_equal_scan(*migrated, "after the migrations from schema 2");
}

INSTANTIATE_TEST_SUITE_P(Backends, BestsTest, ::testing::Values(std::string(GB_STORE_BACKEND)),
                         [](const auto& param_info) { return param_info.param; });

}  // namespace
}  // namespace gb::store
