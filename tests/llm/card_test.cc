// `gameboard card --agent llm` (SPEC sections 14 and 15) against the stand-in chat server: the
// printed card is compute_stats over the recorded runs (each replay re-applied through the
// registry), --resume replays nothing twice, an endpoint that is down leaves every slot empty,
// bad input is refused before any call; and in process, a slot's cap bounds a run's actions.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "harness/llm/llm_eval.h"
#include "harness/replay.h"
#include "llm/support.h"
#include "registry/registry.h"
#include "scorecards/card_table.h"
#include "scorecards/stats.h"
#include "scorecards/suite.h"

namespace gb::llm_testing {
namespace {

namespace fs = std::filesystem;

class LlmCardTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("gb_llm_card_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // Runs `card --agent llm` on open-v1 against `url` with `model` and `more` flags.
  Ran card(const std::string& url, const std::string& model, const std::string& more) {
    return gameboard("", "card --suite open-v1 --agent llm --llm-url " + url + " --model " + model +
                             " --max-decisions 3 --llm-parallel 2 " + more);
  }

  fs::path dir_;
};

const scorecards::Suite& open_v1() {
  const scorecards::Suite* suite = scorecards::find_suite("open-v1");
  EXPECT_NE(suite, nullptr);
  return *suite;
}

// The table compute_stats gives for `scores` (per game, in slot order) on open-v1.
std::string expected_table(const std::vector<std::vector<int64_t>>& scores) {
  std::vector<scorecards::GameInput> inputs;
  for (size_t g = 0; g < open_v1().games.size(); ++g) {
    const scorecards::SuiteGame& game = open_v1().games[g];
    scorecards::GameInput in;
    in.slug = std::string(game.slug);
    in.scores = scores[g];
    in.random = game.random.mean();
    in.planner = game.planner.mean();
    inputs.push_back(std::move(in));
  }
  return scorecards::card_table(scorecards::compute_stats(inputs));
}

TEST_F(LlmCardTest, TheCardIsTheStatisticsOfTheRecordedRuns) {
  StandIn stand_in(dir_ / "standin.log");
  Ran r = card(stand_in.url(), "prose-card", "--llm-backoff-ms 1 --record " + path("rec"));
  ASSERT_EQ(r.code, 0) << r.output;
  const size_t calls = stand_in.log_lines().size();
  EXPECT_EQ(calls, 60u * 3u) << "every slot played, 3 answered calls each";

  // Every slot's replay re-applied through the registry: its score goes on the card.
  std::vector<std::vector<int64_t>> scores;
  for (const scorecards::SuiteGame& game : open_v1().games) {
    scores.emplace_back();
    for (uint32_t seed : game.seeds) {
      std::string file = harness::llm::replay_path(path("rec"), game.slug, seed);
      harness::ReplayReport report = harness::replay_text(read_file(file));
      ASSERT_TRUE(report.ok) << file << ": " << report.error;
      EXPECT_EQ(report.seed, seed);
      EXPECT_LE(report.actions, game.max_actions + 1) << file;
      scores.back().push_back(report.score);
    }
  }
  const std::string table = expected_table(scores);
  EXPECT_NE(r.output.find(table), std::string::npos) << "expected:\n" << table << r.output;
  EXPECT_NE(r.output.find("agent: label llm, model prose-card, harness gameboard-llm-v1"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("usage: runs 60 (errors 0), calls 180, tokens "), std::string::npos)
      << r.output;

  // --resume finds every run complete: no call, the same card.
  Ran again = card(stand_in.url(), "prose-card", "--resume --record " + path("rec"));
  ASSERT_EQ(again.code, 0) << again.output;
  EXPECT_EQ(stand_in.log_lines().size(), calls);
  EXPECT_NE(again.output.find(table), std::string::npos) << again.output;
}

TEST_F(LlmCardTest, AnEndpointThatIsDownLeavesEverySlotEmpty) {
  StandIn stand_in(dir_ / "standin.log");
  Ran r = card(stand_in.url(), "down-card", "--llm-backoff-ms 0 --record " + path("rec"));
  EXPECT_EQ(r.code, 1) << r.output;
  EXPECT_EQ(stand_in.log_lines().size(), 60u * 8u) << "8 tries a run, then the run is an error";
  EXPECT_NE(r.output.find("60 of 60 runs ended in an endpoint error: their slots are empty and "
                          "score 0"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("failed 8 times"), std::string::npos) << r.output;
  std::vector<std::vector<int64_t>> zeros;
  for (const scorecards::SuiteGame& game : open_v1().games) {
    zeros.emplace_back(static_cast<size_t>(game.count), 0);
    for (uint32_t seed : game.seeds) {
      EXPECT_FALSE(fs::exists(harness::llm::replay_path(path("rec"), game.slug, seed)));
    }
  }
  EXPECT_NE(r.output.find(expected_table(zeros)), std::string::npos) << r.output;
}

TEST_F(LlmCardTest, BadInputIsRefusedBeforeAnyCall) {
  StandIn stand_in(dir_ / "standin.log");
  struct Case {
    std::string args;
    std::string says;
  };
  const std::string base = "card --agent llm --llm-url " + stand_in.url() + " ";
  for (const Case& c :
       {Case{base + "--suite open-v1", "needs --model"},
        Case{base + "--suite open-v1 --model prose-x --resume", "--resume needs --record"},
        Case{"card --agent llm --suite open-v1 --model prose-x --llm-url ftp://127.0.0.1/v1",
             "--llm-url"},
        Case{base + "--suite sealed-v1 --model prose-x", "sealed"},
        Case{base + "--suite open-v9 --model prose-x", "unknown suite"}}) {
    Ran r = gameboard("", c.args);
    EXPECT_EQ(r.code, 2) << c.args << ": " << r.output;
    EXPECT_NE(r.output.find(c.says), std::string::npos) << c.args << ": " << r.output;
  }
  EXPECT_TRUE(stand_in.log_lines().empty());
}

// In process: a run's action cap ends it at the cap, before its call budget, as the other
// agents' caps do (the end action may follow).
TEST_F(LlmCardTest, ASlotsCapBoundsTheRunsActions) {
  StandIn stand_in(dir_ / "standin.log");
  harness::llm::LlmEvalJob job;
  std::string error;
  ASSERT_TRUE(harness::llm::parse_endpoint(stand_in.url(), job.endpoint, error)) << error;
  job.settings.model = "prose-cap";
  job.settings.max_decisions = 10;
  job.settings.backoff_ms = 1;
  const GameService* stormlark = find_game("stormlark");
  ASSERT_NE(stormlark, nullptr);
  job.runs = {{stormlark, 1, 2}, {stormlark, 1, 0}};
  std::vector<harness::llm::LlmRunResult> results = harness::llm::run_llm_eval(job, nullptr);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].end_reason, "cap");
  EXPECT_EQ(results[0].calls, 2);
  EXPECT_EQ(results[0].length, 3) << "2 actions of the model, then END_RUN";
  EXPECT_EQ(results[1].end_reason, "cap") << "uncapped: the 10 calls run out";
  EXPECT_EQ(results[1].calls, 10);
}

}  // namespace
}  // namespace gb::llm_testing
