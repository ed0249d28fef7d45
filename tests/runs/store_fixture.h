// The store suite's fixture: a store on the backend the binary was built for (GB_STORE_BACKEND:
// SQLite in a temporary folder, or the PostgreSQL server ctest starts, named by GB_TEST_PG_URL),
// a slug of its own per test, and runs made to measure.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "store/store.h"

namespace gb::store {

inline std::string unique_tag() {
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

}  // namespace gb::store
