// `gameboard card` (SPEC section 14): the table it prints is compute_stats over the runs the
// harness plays, digit for digit; bad input is refused with exit code 2 before anything is played.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <string>

#include "harness/eval_runner.h"
#include "scorecards/card_table.h"
#include "scorecards/suite.h"

namespace gb::scorecards {
namespace {

struct CommandResult {
  int exit_code = -1;
  std::string out;  // stdout and stderr together
};

// Runs `gameboard <args>` through the shell and returns what it printed and its exit code.
CommandResult gameboard(const std::string& args) {
  CommandResult r;
  const std::string command = std::string(GAMEBOARD_BIN) + " " + args + " 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  char buf[4096];
  size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int status = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// The card of `agent` on open-v1 computed here, from the harness's own runs.
std::string expected_table(const std::string& agent) {
  const Suite* suite = find_suite("open-v1");
  std::vector<GameInput> inputs;
  for (const SuiteGame& g : suite->games) {
    harness::EvalJob job;
    job.game = harness::find_game_agents(g.slug);
    job.seeds.assign(g.seeds.begin(), g.seeds.end());
    job.settings.agent = agent;
    job.settings.max_actions = g.max_actions;
    job.settings.budget = job.game->default_budget();
    GameInput in{std::string(g.slug), {}, g.random.mean(), g.planner.mean(), std::nullopt};
    for (const agents::RunResult& r : harness::run_eval(job)) in.scores.push_back(r.score);
    inputs.push_back(std::move(in));
  }
  return card_table(compute_stats(inputs));
}

TEST(CardCommand, PrintsTheCardThatTheStatisticsComputeForTheSameRuns) {
  CommandResult r = gameboard("card --suite open-v1 --agent greedy --jobs 2");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("card open-v1 / greedy: 60 runs, 2 jobs\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(expected_table("greedy")), std::string::npos) << r.out;
}

TEST(CardCommand, RecordsAReplayPerSlot) {
  const std::string dir = ::testing::TempDir() + "card_replays";
  CommandResult r = gameboard("card --agent random --record " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const Suite* suite = find_suite("open-v1");
  for (const Slot& slot : open_slots(*suite)) {
    const std::string path =
        dir + "/" + std::string(slot.slug) + "-" + std::to_string(slot.seed) + ".json";
    CommandResult check = gameboard("replay " + path);
    EXPECT_EQ(check.exit_code, 0) << path << ": " << check.out;
  }
}

TEST(CardCommand, RefusesBadInputBeforePlaying) {
  CommandResult unknown = gameboard("card --suite open-v9 --agent random");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.out.find("unknown suite 'open-v9' (suites: open-v1, sealed-v1)"),
            std::string::npos)
      << unknown.out;
  CommandResult sealed = gameboard("card --suite sealed-v1 --agent random");
  EXPECT_EQ(sealed.exit_code, 2);
  EXPECT_NE(sealed.out.find("is sealed"), std::string::npos) << sealed.out;
  CommandResult agent = gameboard("card --agent oracle");
  EXPECT_EQ(agent.exit_code, 2);
  EXPECT_NE(agent.out.find("unknown agent 'oracle'"), std::string::npos) << agent.out;
  EXPECT_EQ(agent.out.find("runs,"), std::string::npos) << "nothing is played: " << agent.out;
}

}  // namespace
}  // namespace gb::scorecards
