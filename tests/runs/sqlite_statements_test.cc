// The SQLite store's statement cache (src/store/sqlite_statements.h): a statement is prepared once
// and reused with nothing left bound, and a statement run while another use of the same SQL is
// reading rows gets one of its own.
#include "store/sqlite_statements.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <memory>

#include "store/store.h"

namespace gb::store {
namespace {

class StatementCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(sqlite3_open(":memory:", &db_), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db_, "CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (1), (2), (3)",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    cache_ = std::make_unique<StatementCache>(db_);
  }
  void TearDown() override {
    cache_.reset();
    EXPECT_EQ(sqlite3_close(db_), SQLITE_OK) << "every statement was finalized";
  }
  // The number of statements prepared on db_ and not finalized.
  int live_statements() {
    int count = 0;
    for (sqlite3_stmt* s = sqlite3_next_stmt(db_, nullptr); s; s = sqlite3_next_stmt(db_, s))
      ++count;
    return count;
  }

  sqlite3* db_ = nullptr;
  std::unique_ptr<StatementCache> cache_;
};

TEST_F(StatementCacheTest, AStatementIsPreparedOnceAndReusedWithNothingBound) {
  constexpr std::string_view kSql = "SELECT COUNT(*) FROM t WHERE v > ?1";
  {
    Statement first(*cache_, kSql);
    first.bind(1, int64_t{1});
    ASSERT_TRUE(first.step());
    EXPECT_EQ(first.integer(0), 2);
  }
  {
    Statement again(*cache_, kSql);
    ASSERT_TRUE(again.step());
    EXPECT_EQ(again.integer(0), 0) << "?1 is NULL again: the last use's binding is cleared";
  }
  EXPECT_EQ(live_statements(), 1);
}

TEST_F(StatementCacheTest, AStatementRunWhileTheSameIsReadingRowsGetsItsOwn) {
  constexpr std::string_view kSql = "SELECT v FROM t WHERE v >= ?1 ORDER BY v";
  Statement outer(*cache_, kSql);
  outer.bind(1, int64_t{1});
  int64_t sum = 0;
  while (outer.step()) {
    Statement inner(*cache_, kSql);
    inner.bind(1, outer.integer(0));
    while (inner.step()) sum += inner.integer(0);
    EXPECT_EQ(live_statements(), 2) << "the nested use prepared one of its own";
  }
  EXPECT_EQ(sum, (1 + 2 + 3) + (2 + 3) + 3) << "the outer rows were not disturbed";
  EXPECT_EQ(live_statements(), 1) << "the nested one was finalized";
}

TEST_F(StatementCacheTest, SqlThatDoesNotPrepareThrowsAndLeavesNothing) {
  EXPECT_THROW(Statement(*cache_, "SELECT FROM nowhere"), StoreError);
  EXPECT_EQ(live_statements(), 0);
}

}  // namespace
}  // namespace gb::store
