// The runs commands of the `gameboard` binary against a real server: `eval --submit` puts every
// run on the agents' board, `submit FILE` sends a replay file (a tampered one is refused), both
// save the token of a name they claim in the names file (0600) and send it next time,
// `runs hide` / `runs unhide` take a run off the boards and back, and `runs export` writes the
// visible runs as JSON Lines, the same from the server and from the store.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

#include "cli/token_file.h"
#include "harness/http_transport.h"
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

// The file mode bits of `p`.
unsigned mode_of(const std::filesystem::path& p) {
  struct stat st {};
  EXPECT_EQ(::stat(p.c_str(), &st), 0) << p;
  return st.st_mode & 07777;
}

// The run id a submission printed ({"id":N,...}), or -1.
int64_t id_of(const std::string& out) {
  size_t at = out.find(R"({"id":)");
  return at == std::string::npos ? -1 : std::stoll(out.substr(at + 6));
}

class RunsCli : public ::testing::Test {
 protected:
  // Every command runs with XDG_CONFIG_HOME in the test's folder: no names file of the user's.
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("gb-runs-cli-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    use_config("config");
  }
  void TearDown() override {
    ::unsetenv("XDG_CONFIG_HOME");
    std::filesystem::remove_all(dir_);
  }
  // Points XDG_CONFIG_HOME (inherited by the commands run) at `<dir_>/<name>`: another user.
  void use_config(const std::string& name) {
    config_ = dir_ / name;
    ::setenv("XDG_CONFIG_HOME", config_.c_str(), 1);
  }
  std::filesystem::path names_file() const { return config_ / "gameboard" / "names.json"; }
  // The token the names file holds for (`url`, `name`), "" for none.
  std::string saved_token(const std::string& url, const std::string& name) const {
    harness::BaseUrl base;
    std::string error;
    EXPECT_TRUE(harness::parse_base_url(url, base, error)) << error;
    std::string token;
    EXPECT_TRUE(cli::find_saved_token(names_file().string(), base, name, token, error)) << error;
    return token;
  }
  std::vector<std::string> data_args() const { return {"--data-dir", (dir_ / "data").string()}; }
  std::filesystem::path dir_;
  std::filesystem::path config_;
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
  EXPECT_EQ(submit.out.find("token"), std::string::npos) << "the token is not printed on stdout";
  Result again = gameboard({"submit", file, "--server", url, "--name", "Ada"});
  EXPECT_EQ(again.code, 0) << "the saved token is sent: " << again.out;
  use_config("someone-else");
  Result resent = gameboard({"submit", file, "--server", url, "--name", "Ada"});
  EXPECT_EQ(resent.code, 0) << "a stored run sent again needs no token (SPEC 16): " << resent.out;
  Result other =
      gameboard({"submit", replays + "/stormlark-greedy-2.json", "--server", url, "--name", "Ada"});
  EXPECT_EQ(other.code, 1) << "a new run under the name needs its token: " << other.out;
  use_config("config");
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

// The lines of the file at `path`.
std::vector<std::string> lines_of(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string text_of(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

TEST_F(RunsCli, ExportWritesTheVisibleRunsTheSameFromTheServerAndFromTheStore) {
  auto server = std::make_unique<ServeProcess>(data_args());
  std::string url = "http://127.0.0.1:" + std::to_string(server->port());
  std::vector<std::string> ids;
  for (std::string name : {"Ada", "Bo", "Cy", "Dee"}) {
    std::string kind = name == "Cy" ? "agent" : "human";
    HttpReply posted = http_request(server->port(), "POST", "/api/runs",
                                    R"({"slug":"stormlark","seed":3,"actions":[{"type":"UP"}],)"
                                    R"("name":")" +
                                        name + R"(","kind":")" + kind + R"("})");
    ASSERT_EQ(posted.status, 201) << posted.body;
    ids.push_back(std::to_string(std::stoll(posted.body.substr(posted.body.find(R"("id":)") + 5))));
  }
  std::vector<std::string> hide = {"runs", "hide", ids[1]};
  for (const auto& a : data_args()) hide.push_back(a);
  ASSERT_EQ(gameboard(hide).code, 0);
  // The listing the export pages through, and its refusals.
  HttpReply page = http_request(server->port(), "GET", "/api/runs?limit=2");
  ASSERT_EQ(page.status, 200) << page.body;
  EXPECT_NE(page.body.find(R"("next":)" + ids[2] + "}"), std::string::npos) << page.body;
  EXPECT_EQ(http_request(server->port(), "GET", "/api/runs?limit=0").status, 400);
  EXPECT_EQ(http_request(server->port(), "GET", "/api/runs?slug=nope").status, 400);

  std::filesystem::path from_server = dir_ / "server.jsonl";
  Result exported = gameboard({"runs", "export", "--server", url, "--out", from_server.string()});
  ASSERT_EQ(exported.code, 0) << exported.out;
  EXPECT_NE(exported.out.find("exported 3 runs"), std::string::npos) << exported.out;
  std::vector<std::string> lines = lines_of(from_server);
  ASSERT_EQ(lines.size(), 3u);
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string& id = ids[i == 0 ? 0 : i + 1];
    EXPECT_EQ(lines[i], http_request(server->port(), "GET", "/api/runs/" + id).body) << id;
  }
  std::filesystem::path from_store = dir_ / "store.jsonl";
  std::vector<std::string> store_export = {"runs", "export", "--out", from_store.string()};
  for (const auto& a : data_args()) store_export.push_back(a);
  ASSERT_EQ(gameboard(store_export).code, 0);
  EXPECT_EQ(text_of(from_store), text_of(from_server));
  EXPECT_FALSE(std::filesystem::exists(from_store.string() + ".tmp"));

  // Filters: one agent run; a game with none gives an empty file.
  std::filesystem::path agents = dir_ / "agents.jsonl";
  ASSERT_EQ(gameboard({"runs", "export", "--server", url, "--kind", "agent", "--slug", "stormlark",
                       "--out", agents.string()})
                .code,
            0);
  std::vector<std::string> agent_lines = lines_of(agents);
  ASSERT_EQ(agent_lines.size(), 1u);
  EXPECT_EQ(agent_lines[0], lines[1]);

  // A bad URL and an unreachable server leave no file behind.
  std::filesystem::path none = dir_ / "none.jsonl";
  EXPECT_EQ(gameboard({"runs", "export", "--server", "ftp://x", "--out", none.string()}).code, 2);
  EXPECT_EQ(
      gameboard({"runs", "export", "--server", "http://127.0.0.1:1", "--out", none.string()}).code,
      1);
  EXPECT_EQ(gameboard({"runs", "export", "--slug", "nope", "--out", none.string()}).code, 2);
  EXPECT_FALSE(std::filesystem::exists(none));
  EXPECT_FALSE(std::filesystem::exists(none.string() + ".tmp"));
  EXPECT_EQ(server->stop(), 0);
}

TEST_F(RunsCli, ANameClaimedHereIsSubmittedUnderAgainWithoutItsToken) {
  auto server = std::make_unique<ServeProcess>(data_args());
  std::string url = "http://127.0.0.1:" + std::to_string(server->port());
  std::string replays = (dir_ / "replays").string();
  std::vector<std::string> outs;

  // eval --submit claims its name on the first run and saves the token (0600, folder 0700).
  Result eval = gameboard({"eval", "--game", "stormlark", "--agent", "greedy", "--seeds", "1..3",
                           "--record", replays, "--submit", url, "--name", "cli bot"});
  ASSERT_EQ(eval.code, 0) << eval.out;
  outs.push_back(eval.out);
  EXPECT_NE(eval.out.find("submitted: 3 of 3 runs"), std::string::npos) << eval.out;
  ASSERT_TRUE(std::filesystem::exists(names_file()));
  EXPECT_EQ(mode_of(names_file()), 0600u);
  EXPECT_EQ(mode_of(names_file().parent_path()), 0700u);
  std::string bot_token = saved_token(url, "cli bot");
  EXPECT_EQ(bot_token.size(), 64u);

  // submit claims a second name; the server's URL written otherwise finds the same entries.
  Result first = gameboard(
      {"submit", replays + "/stormlark-greedy-1.json", "--server", url, "--name", "Grace"});
  ASSERT_EQ(first.code, 0) << first.out;
  outs.push_back(first.out);
  std::string grace_token = saved_token(url + "/", "Grace");
  EXPECT_EQ(grace_token.size(), 64u);
  EXPECT_NE(grace_token, bot_token);
  EXPECT_EQ(mode_of(names_file()), 0600u);

  // The second run under the name, without --token, is stored as a new run (201, not 403).
  Result second = gameboard(
      {"submit", replays + "/stormlark-greedy-2.json", "--server", url, "--name", "Grace"});
  ASSERT_EQ(second.code, 0) << second.out;
  outs.push_back(second.out);
  EXPECT_NE(second.out.find(R"("seed":2)"), std::string::npos) << second.out;
  EXPECT_GT(id_of(second.out), id_of(first.out)) << first.out << second.out;
  EXPECT_EQ(saved_token(url, "Grace"), grace_token) << "no new claim, the same token";
  Result eval_again = gameboard({"eval", "--game", "stormlark", "--agent", "greedy", "--seeds",
                                 "4..4", "--submit", url, "--name", "cli bot"});
  ASSERT_EQ(eval_again.code, 0) << eval_again.out;
  outs.push_back(eval_again.out);
  EXPECT_NE(eval_again.out.find("submitted: 1 of 1 runs"), std::string::npos) << eval_again.out;

  // A corrupt names file stops a submission without --token before it is sent, and is left as it
  // was; with --token the file is not needed.
  std::ofstream(names_file(), std::ios::trunc) << "{\"servers\":";
  Result corrupt = gameboard(
      {"submit", replays + "/stormlark-greedy-3.json", "--server", url, "--name", "Grace"});
  EXPECT_EQ(corrupt.code, 2) << corrupt.out;
  Result given = gameboard({"submit", replays + "/stormlark-greedy-3.json", "--server", url,
                            "--name", "Grace", "--token", grace_token});
  EXPECT_EQ(given.code, 0) << given.out;
  outs.push_back(given.out);
  std::ifstream in(names_file());
  EXPECT_EQ(std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()),
            "{\"servers\":");

  for (const std::string& out : outs) {
    EXPECT_EQ(out.find(bot_token), std::string::npos) << out;
    EXPECT_EQ(out.find(grace_token), std::string::npos) << out;
  }
  EXPECT_EQ(server->stop(), 0);
}

TEST_F(RunsCli, ServeExplainsAStoreItCannotOpen) {
  Child child = spawn({GAMEBOARD_BIN, "serve", "--port", "0", "--db", "mysql://nope"});
  EXPECT_EQ(wait_exit(child.pid, 30), 1);
  ::close(child.out);
}

}  // namespace
}  // namespace gb::server::testing
