// The gameboard binary's eval, replay and play subcommands, run as a user would: clear errors
// for bad input, eval --record feeding replay, shards that partition a range, and play refusing
// to run without a terminal.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

struct Ran {
  int code = -1;
  std::string output;  // stdout and stderr together
};

// Runs the gameboard binary with `args` (a shell fragment), stdin from /dev/null.
Ran gameboard(const std::string& args) {
  std::string command = std::string(GAMEBOARD_BIN) + " " + args + " </dev/null 2>&1";
  Ran ran;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return ran;
  char buffer[4096];
  size_t n = 0;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) ran.output.append(buffer, n);
  int status = pclose(pipe);
  ran.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return ran;
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("gb_agents_cli_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::filesystem::path dir_;
};

TEST_F(CliTest, EvalRefusesBadInputWithAReason) {
  struct Case {
    const char* args;
    const char* says;
  };
  for (const Case& c : {Case{"--game chess --agent random", "unknown game 'chess'"},
                        Case{"--game stormlark --agent oracle", "unknown agent 'oracle'"},
                        Case{"--game stormlark --agent random --seeds 5..1", "bad seed range"},
                        Case{"--game stormlark --agent random --seeds x", "bad seed range"},
                        Case{"--game stormlark --agent random --shard 3/2", "bad shard"},
                        Case{"--game stormlark --agent random --out r.txt", ".json or .csv"},
                        Case{"--game stormlark --agent random --remote https://x", "bad URL"}}) {
    Ran r = gameboard(std::string("eval ") + c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.output;
    EXPECT_NE(r.output.find(c.says), std::string::npos) << c.args << "\n" << r.output;
  }
}

TEST_F(CliTest, EvalAgainstAnUnreachableServerFailsClearly) {
  Ran r = gameboard("eval --game glimfall --agent random --seeds 1 --remote http://127.0.0.1:1");
  EXPECT_EQ(r.code, 1) << r.output;
  EXPECT_NE(r.output.find("cannot reach http://127.0.0.1:1"), std::string::npos) << r.output;
}

// A budget steers only the planner, so only the planner's header and histogram title name one.
TEST_F(CliTest, EvalNamesABudgetOnlyForThePlanner) {
  Ran greedy = gameboard("eval --game stormlark --agent greedy --seeds 1 --svg " + path("g.svg"));
  ASSERT_EQ(greedy.code, 0) << greedy.output;
  EXPECT_EQ(greedy.output.find("budget"), std::string::npos) << greedy.output;
  EXPECT_EQ(read_file(path("g.svg")).find("budget"), std::string::npos);
  Ran planner = gameboard(
      "eval --game stormlark --agent planner --budget 8 --max-actions 20 "
      "--seeds 1 --svg " +
      path("p.svg"));
  ASSERT_EQ(planner.code, 0) << planner.output;
  EXPECT_NE(planner.output.find(" jobs, budget 8, cap 20 actions"), std::string::npos)
      << planner.output;
  EXPECT_NE(read_file(path("p.svg")).find("stormlark / planner, budget 8<"), std::string::npos);
}

TEST_F(CliTest, RecordedRunsReplayAndTamperedOnesFailLoudly) {
  Ran eval = gameboard(
      "eval --game silkspan --agent planner --budget 12 --max-actions 60 "
      "--seeds 2..3 --out " +
      path("r.json") + " --svg " + path("h.svg") + " --record " + path("replays"));
  ASSERT_EQ(eval.code, 0) << eval.output;
  EXPECT_NE(eval.output.find("median"), std::string::npos);
  EXPECT_EQ(read_file(path("h.svg")).rfind("<svg", 0), 0u);
  std::string results = read_file(path("r.json"));
  std::string replay_path = path("replays/silkspan-planner-3.json");
  Ran replay = gameboard("replay " + replay_path);
  ASSERT_EQ(replay.code, 0) << replay.output;
  // The replayed score is the one eval reported for seed 3.
  size_t at = replay.output.find("score ");
  ASSERT_NE(at, std::string::npos);
  std::string score = replay.output.substr(at + 6, replay.output.find('\n', at) - at - 6);
  EXPECT_NE(results.find("{\"seed\":3,\"score\":" + score + ","), std::string::npos)
      << results << "\n"
      << replay.output;
  EXPECT_NE(replay.output.find("state hash "), std::string::npos);

  std::string text = read_file(replay_path);
  size_t score_at = text.rfind("\"score\":");
  std::ofstream(path("tampered.json"))
      << text.substr(0, score_at) << "\"score\":" << score << "1}\n";
  Ran tampered = gameboard("replay " + path("tampered.json"));
  EXPECT_EQ(tampered.code, 1);
  EXPECT_NE(tampered.output.find("REPLAY FAILED"), std::string::npos) << tampered.output;
  EXPECT_NE(tampered.output.find("score mismatch"), std::string::npos) << tampered.output;
  EXPECT_EQ(gameboard("replay " + path("missing.json")).code, 2);
}

TEST_F(CliTest, ShardsTogetherEqualTheWholeRange) {
  std::string common = "eval --game stormlark --agent greedy --seeds 1..5 --out ";
  ASSERT_EQ(gameboard(common + path("all.csv")).code, 0);
  ASSERT_EQ(gameboard(common + path("s1.csv") + " --shard 1/2").code, 0);
  ASSERT_EQ(gameboard(common + path("s2.csv") + " --shard 2/2 --jobs 3").code, 0);
  auto lines = [&](const std::string& name) {
    std::stringstream s(read_file(path(name)));
    std::vector<std::string> out;
    for (std::string line; std::getline(s, line);) out.push_back(line);
    return out;
  };
  std::vector<std::string> all = lines("all.csv"), s1 = lines("s1.csv"), s2 = lines("s2.csv");
  ASSERT_EQ(all.size(), 6u);
  ASSERT_EQ(s1.size(), 4u);  // header + seeds 1, 3, 5
  ASSERT_EQ(s2.size(), 3u);  // header + seeds 2, 4
  EXPECT_EQ(s1[1], all[1]);
  EXPECT_EQ(s2[1], all[2]);
  EXPECT_EQ(s1[2], all[3]);
  EXPECT_EQ(s2[2], all[4]);
  EXPECT_EQ(s1[3], all[5]);
}

TEST_F(CliTest, PlayRefusesWithoutATerminal) {
  Ran r = gameboard("play stormlark --seed 1");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.output.find("needs an interactive terminal"), std::string::npos) << r.output;
}

}  // namespace
