// The runs commands of the `gameboard` binary against a real server: `eval --submit` puts every
// run on the agents' board, `submit FILE` sends a replay file (a tampered one is refused), and
// `runs hide` / `runs unhide` take a run off the boards and back.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include <unistd.h>

#include "server/child_process.h"
#include "server/http_client.h"

namespace gb::server::testing {
namespace {

struct Result {
  int code = 0;
  std::string out;
};

// Runs `gameboard args...` to its end; answers its exit code and stdout.
Result gameboard(std::vector<std::string> args) {
  args.insert(args.begin(), GAMEBOARD_BIN);
  Child child = spawn(args);
  Result r;
  r.out = read_until(child.out, "\x01 (read to the end)", 120);
  r.code = wait_exit(child.pid, 120);
  ::close(child.out);
  return r;
}

class RunsCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("gb-runs-cli-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::vector<std::string> data_args() const { return {"--data-dir", (dir_ / "data").string()}; }
  std::filesystem::path dir_;
};

TEST_F(RunsCli, EvalSubmitThenSubmitAFileThenHideAndUnhide) {
  auto server = std::make_unique<ServeProcess>(data_args());
  std::string url = "http://127.0.0.1:" + std::to_string(server->port());
  std::string replays = (dir_ / "replays").string();

  Result eval = gameboard({"eval", "--game", "stormlark", "--agent", "greedy", "--seeds", "1..2",
                           "--record", replays, "--submit", url, "--name", "cli bot"});
  ASSERT_EQ(eval.code, 0) << eval.out;
  EXPECT_NE(eval.out.find("submitted: 2 of 2 runs"), std::string::npos) << eval.out;
  HttpReply agents = http_request(server->port(), "GET", "/api/leaderboard/stormlark?kind=agent");
  EXPECT_NE(agents.body.find(R"("total":1)"), std::string::npos) << agents.body;
  EXPECT_NE(agents.body.find(R"("agent":"greedy")"), std::string::npos) << agents.body;

  std::string file = replays + "/stormlark-greedy-1.json";
  Result submit = gameboard({"submit", file, "--server", url, "--name", "Ada"});
  ASSERT_EQ(submit.code, 0) << submit.out;
  EXPECT_NE(submit.out.find(R"("kind":"human")"), std::string::npos) << submit.out;
  EXPECT_NE(submit.out.find(R"("token":")"), std::string::npos) << submit.out;
  Result again = gameboard({"submit", file, "--server", url, "--name", "Ada"});
  EXPECT_EQ(again.code, 1) << "the name is taken without its token: " << again.out;
  HttpReply taken = http_request(server->port(), "POST", "/api/runs",
                                 R"({"slug":"stormlark","seed":1,"actions":[],"name":"ADA"})");
  EXPECT_EQ(taken.status, 403) << taken.body;
  HttpReply invalid =
      http_request(server->port(), "POST", "/api/runs",
                   R"({"slug":"stormlark","seed":1,"actions":[],"name":"Eve","score":5})");
  EXPECT_EQ(invalid.status, 400);
  EXPECT_EQ(invalid.body,
            R"({"error":"Invalid run","issues":["score: declared 5, replay gives 0"]})");

  // A tampered score is refused by the server's replay.
  std::ifstream in(file);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  size_t at = text.rfind("\"score\":");
  ASSERT_NE(at, std::string::npos);
  std::string forged = text.substr(0, at) + "\"score\":1}";
  std::string forged_file = (dir_ / "forged.json").string();
  std::ofstream(forged_file) << forged;
  Result refused = gameboard({"submit", forged_file, "--server", url, "--name", "Eve"});
  EXPECT_EQ(refused.code, 1);
  EXPECT_NE(refused.out.find("score: declared 1, replay gives"), std::string::npos) << refused.out;

  HttpReply human = http_request(server->port(), "GET", "/api/leaderboard/stormlark");
  size_t id_at = human.body.find(R"("id":)");
  ASSERT_NE(id_at, std::string::npos) << human.body;
  std::string id = std::to_string(std::stoll(human.body.substr(id_at + 5)));

  // Moderation works on the store while the server runs, and the server sees it at once.
  std::vector<std::string> hide = {"runs", "hide", id};
  for (const auto& a : data_args()) hide.push_back(a);
  Result hidden = gameboard(hide);
  ASSERT_EQ(hidden.code, 0) << hidden.out;
  EXPECT_EQ(http_request(server->port(), "GET", "/api/runs/" + id).status, 404);
  EXPECT_NE(
      http_request(server->port(), "GET", "/api/leaderboard/stormlark").body.find(R"("total":0)"),
      std::string::npos);
  std::vector<std::string> unhide = {"runs", "unhide", id};
  for (const auto& a : data_args()) unhide.push_back(a);
  ASSERT_EQ(gameboard(unhide).code, 0);
  EXPECT_EQ(http_request(server->port(), "GET", "/api/runs/" + id).status, 200);
  std::vector<std::string> missing = {"runs", "hide", "987654"};
  for (const auto& a : data_args()) missing.push_back(a);
  EXPECT_EQ(gameboard(missing).code, 1);
  EXPECT_EQ(server->stop(), 0);
}

TEST_F(RunsCli, ServeExplainsAStoreItCannotOpen) {
  Child child = spawn({GAMEBOARD_BIN, "serve", "--port", "0", "--db", "mysql://nope"});
  EXPECT_EQ(wait_exit(child.pid, 30), 1);
  ::close(child.out);
}

}  // namespace
}  // namespace gb::server::testing
