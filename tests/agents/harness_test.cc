// The eval harness: seed ranges and shards, results independent of the job count, summary
// statistics, result files and the histogram.
#include <gtest/gtest.h>

#include "harness/eval_runner.h"
#include "harness/result_files.h"
#include "harness/seed_set.h"
#include "harness/summary.h"
#include "harness/svg_histogram.h"

namespace gb::harness {
namespace {

TEST(SeedSet, ParsesRangesAndSingleSeeds) {
  std::string error;
  EXPECT_EQ(parse_seed_range("3..6", error), (std::vector<uint32_t>{3, 4, 5, 6}));
  EXPECT_EQ(parse_seed_range("7", error), (std::vector<uint32_t>{7}));
  EXPECT_EQ(parse_seed_range("4294967295..4294967295", error).size(), 1u);
}

TEST(SeedSet, RefusesBadRangesWithAReason) {
  for (const char* bad :
       {"", "1..", "..5", "5..1", "-1..3", "1..4294967296", "a..b", "1...3", "0..20000000"}) {
    std::string error;
    EXPECT_TRUE(parse_seed_range(bad, error).empty()) << bad;
    EXPECT_NE(error.find("bad seed range"), std::string::npos) << bad;
  }
}

TEST(SeedSet, ShardsPartitionTheRange) {
  std::string error;
  std::vector<uint32_t> seeds = parse_seed_range("1..10", error);
  Shard shard;
  ASSERT_TRUE(parse_shard("2/3", shard, error));
  EXPECT_EQ(select_shard(seeds, shard), (std::vector<uint32_t>{2, 5, 8}));
  size_t total = 0;
  for (uint32_t k = 1; k <= 3; ++k) total += select_shard(seeds, {k, 3}).size();
  EXPECT_EQ(total, seeds.size());
  for (const char* bad : {"0/3", "4/3", "3", "1/0", "x/2", "1/2/3"}) {
    EXPECT_FALSE(parse_shard(bad, shard, error)) << bad;
  }
}

// Results are ordered by seed and identical with 1 and 4 jobs.
TEST(EvalRunner, SameResultsWithOneAndFourJobs) {
  for (const GameAgents* game : all_game_agents()) {
    EvalJob job;
    job.game = game;
    job.settings = {"planner", 0, 8, 80};
    for (uint32_t s = 1; s <= 8; ++s) job.seeds.push_back(s);
    job.jobs = 1;
    std::vector<agents::RunResult> one = run_eval(job);
    job.jobs = 4;
    size_t calls = 0;
    std::vector<agents::RunResult> four = run_eval(job, [&](size_t, size_t) { ++calls; });
    EXPECT_EQ(calls, 8u);
    ASSERT_EQ(one.size(), four.size());
    for (size_t i = 0; i < one.size(); ++i) {
      EXPECT_EQ(one[i].seed, i + 1);
      EXPECT_EQ(one[i].seed, four[i].seed);
      EXPECT_EQ(one[i].score, four[i].score);
      EXPECT_EQ(one[i].actions_json, four[i].actions_json) << game->slug() << " " << i;
    }
    EXPECT_EQ(results_json(one), results_json(four));
  }
}

TEST(EvalRunner, UnknownAgentFailsTheEval) {
  EvalJob job;
  job.game = all_game_agents()[0];
  job.settings.agent = "oracle";
  job.seeds = {1, 2};
  EXPECT_THROW(run_eval(job), std::invalid_argument);
}

// Results with the given scores (seed = position).
std::vector<agents::RunResult> with_scores(std::vector<int64_t> scores) {
  std::vector<agents::RunResult> out;
  for (size_t i = 0; i < scores.size(); ++i) {
    agents::RunResult r;
    r.seed = static_cast<uint32_t>(i + 1);
    r.score = scores[i];
    r.length = 3;
    r.end_reason = "over";
    r.actions_digest = "00000000000000ff";
    out.push_back(r);
  }
  return out;
}

TEST(Summary, NearestRankPercentilesAndMedian) {
  Summary s = summarise(with_scores({50, 10, 40, 20, 30, 60, 70, 80, 90, 100}));
  EXPECT_EQ(s.n, 10u);
  EXPECT_DOUBLE_EQ(s.mean, 55);
  EXPECT_DOUBLE_EQ(s.median, 55);
  EXPECT_EQ(s.p10, 10);
  EXPECT_EQ(s.p90, 90);
  EXPECT_EQ(s.min, 10);
  EXPECT_EQ(s.max, 100);
  Summary odd = summarise(with_scores({5, 1, 3}));
  EXPECT_DOUBLE_EQ(odd.median, 3);
  EXPECT_EQ(summarise({}).n, 0u);
}

TEST(ResultFiles, JsonAndCsvCarryEveryField) {
  auto results = with_scores({7, 9});
  EXPECT_EQ(results_json(results),
            "[{\"seed\":1,\"score\":7,\"length\":3,\"endReason\":\"over\",\"actionsDigest\":"
            "\"00000000000000ff\"},{\"seed\":2,\"score\":9,\"length\":3,\"endReason\":\"over\","
            "\"actionsDigest\":\"00000000000000ff\"}]\n");
  EXPECT_EQ(results_csv(results),
            "seed,score,length,endReason,actionsDigest\n1,7,3,over,00000000000000ff\n"
            "2,9,3,over,00000000000000ff\n");
  EXPECT_TRUE(is_results_path("a.json"));
  EXPECT_TRUE(is_results_path("dir/a.csv"));
  EXPECT_FALSE(is_results_path("a.txt"));
  EXPECT_FALSE(is_results_path(".json"));
}

TEST(SvgHistogram, IsAStandaloneSvgWithOneBarPerBin) {
  std::string svg = svg_histogram(with_scores({0, 5, 5, 99}), "a <b> & c");
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg.find("a &lt;b&gt; &amp; c"), std::string::npos);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  size_t bars = 0;
  for (size_t at = svg.find("runs</title>"); at != std::string::npos;
       at = svg.find("runs</title>", at + 1)) {
    ++bars;
  }
  EXPECT_EQ(bars, 20u);
  EXPECT_NE(svg.find(">0..4: 1 runs<"), std::string::npos);
  EXPECT_NE(svg.find(">5..9: 2 runs<"), std::string::npos);
}

}  // namespace
}  // namespace gb::harness
