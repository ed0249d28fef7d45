// `gameboard card --server URL --name N` against a real `gameboard serve` (SPEC sections 14 and
// 16): the card it opens ends closed with every slot filled, and the table it prints from the
// server's answer is, line for line, the table `gameboard card` prints offline for the same suite
// and agent; a second card under the same name needs no --token (the names file has it); a card
// whose server goes away, or refuses a slot, midway exits 1 naming the card and the slots stored,
// and --card ID goes on with it later.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/token_file.h"
#include "harness/http_transport.h"
#include "scorecards/suite.h"
#include "server/child_process.h"
#include "server/http_client.h"

namespace gb::server::testing {
namespace {

struct Result {
  int code = 0;
  std::string out;  // stdout and stderr together
};

// Runs `gameboard args...` to its end through the shell (stderr joined to stdout).
Result gameboard(const std::vector<std::string>& args) {
  std::string command = std::string("exec '") + GAMEBOARD_BIN + "'";
  for (const std::string& a : args) command += " '" + a + "'";
  Child child = spawn({"/bin/sh", "-c", command + " 2>&1"});
  Result r;
  r.out = read_until(child.out, "\x01 (read to the end)", 300);
  r.code = wait_exit(child.pid, 300);
  ::close(child.out);
  return r;
}

// The card's table in `out`: the lines from "game " to "overall normalised ..." included, or ""
// when there is none.
std::string table_of(const std::string& out) {
  size_t begin = out.find("game          n");
  if (begin == std::string::npos) return "";
  size_t overall = out.find("overall normalised", begin);
  if (overall == std::string::npos) return "";
  return out.substr(begin, out.find('\n', overall) + 1 - begin);
}

// The run of characters from `allowed` right after the first `prefix` in `text`; "" when there is
// no such prefix. (std::regex trips GCC 12's maybe-uninitialized warning under ASan.)
std::string chars_after(const std::string& text, const std::string& prefix,
                        std::string_view allowed) {
  size_t at = text.find(prefix);
  if (at == std::string::npos) return "";
  size_t begin = at + prefix.size();
  size_t end = text.find_first_not_of(allowed, begin);
  return text.substr(begin, (end == std::string::npos ? text.size() : end) - begin);
}

// The text between the last `before` ahead of the first `after` and that `after`; "" when either
// is missing.
std::string text_before(const std::string& text, const std::string& before,
                        const std::string& after) {
  size_t end = text.find(after);
  if (end == std::string::npos) return "";
  size_t at = text.rfind(before, end);
  if (at == std::string::npos) return "";
  return text.substr(at + before.size(), end - at - before.size());
}

constexpr std::string_view kAlnum =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
constexpr std::string_view kHex = "0123456789abcdef";

// The card id in "card: <url>/scorecards/<id>", or "".
std::string card_id_of(const std::string& out) {
  size_t page = out.find("card: http://");
  if (page == std::string::npos) return "";
  return chars_after(out.substr(page), "/scorecards/", kAlnum);
}

// The line of `table` that starts with `prefix`, or "".
std::string line_of(const std::string& table, const std::string& prefix) {
  size_t at = table.find("\n" + prefix);
  if (at == std::string::npos) return "";
  return table.substr(at + 1, table.find('\n', at + 1) - at - 1);
}

// How many slots of a card's JSON hold a run (a runId that is not null).
size_t count_filled(const std::string& card) {
  size_t filled = 0;
  for (size_t at = card.find(R"("runId":)"); at != std::string::npos;
       at = card.find(R"("runId":)", at + 1)) {
    filled += card.compare(at + 8, 4, "null") != 0;
  }
  return filled;
}

class CardServerCli : public ::testing::Test {
 protected:
  // Every command runs with XDG_CONFIG_HOME in the test's folder: no names file of the user's.
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("gb-card-cli-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    use_config("config");
    server_ = std::make_unique<ServeProcess>(
        std::vector<std::string>{"--data-dir", (dir_ / "data").string()});
    url_ = "http://127.0.0.1:" + std::to_string(server_->port());
  }
  void TearDown() override {
    server_.reset();
    ::unsetenv("XDG_CONFIG_HOME");
    std::filesystem::remove_all(dir_);
  }
  // Points XDG_CONFIG_HOME (inherited by the commands run) at `<dir_>/<name>`: another user.
  void use_config(const std::string& name) {
    config_ = dir_ / name;
    ::setenv("XDG_CONFIG_HOME", config_.c_str(), 1);
  }
  // The token this user's names file holds for `name` on the server, "" for none.
  std::string saved_token(const std::string& name) const {
    harness::BaseUrl base;
    std::string error;
    EXPECT_TRUE(harness::parse_base_url(url_, base, error)) << error;
    std::string token;
    EXPECT_TRUE(cli::find_saved_token((config_ / "gameboard" / "names.json").string(), base, name,
                                      token, error))
        << error;
    return token;
  }
  std::filesystem::path dir_;
  std::filesystem::path config_;
  std::unique_ptr<ServeProcess> server_;
  std::string url_;
};

TEST_F(CardServerCli, TheServersTableIsTheOfflineTableLineForLine) {
  Result offline = gameboard({"card", "--agent", "random"});
  ASSERT_EQ(offline.code, 0) << offline.out;
  const std::string expected = table_of(offline.out);
  ASSERT_NE(expected, "") << offline.out;

  Result online =
      gameboard({"card", "--agent", "random", "--server", url_, "--name", "card bot", "-j", "2"});
  ASSERT_EQ(online.code, 0) << online.out;
  EXPECT_EQ(table_of(online.out), expected) << online.out;
  const std::string id = card_id_of(online.out);
  ASSERT_NE(id, "") << online.out;
  EXPECT_NE(online.out.find("card open-v1 / random on " + url_ + ": card " + id + ", 60 slots"),
            std::string::npos)
      << online.out;

  HttpReply card = http_request(server_->port(), "GET", "/api/scorecards/" + id);
  ASSERT_EQ(card.status, 200) << card.body;
  EXPECT_NE(card.body.find(R"("status":"closed")"), std::string::npos) << card.body;
  EXPECT_NE(card.body.find(R"("agent":{"label":"random"})"), std::string::npos) << card.body;
  EXPECT_EQ(card.body.find(R"("runId":null)"), std::string::npos) << "every slot is filled";
  EXPECT_NE(saved_token("card bot"), "") << "the token issued on opening is saved";
  EXPECT_EQ(online.out.find(saved_token("card bot")), online.out.find("--token ") + 8)
      << "the token is shown once, in the message that says where it is saved: " << online.out;
}

TEST_F(CardServerCli, ASecondCardUnderTheSameNameTakesItsTokenFromTheNamesFile) {
  Result first = gameboard({"card", "--agent", "random", "--server", url_, "--name", "Ada"});
  ASSERT_EQ(first.code, 0) << first.out;
  const std::string token = saved_token("Ada");
  ASSERT_NE(token, "") << first.out;

  Result second =
      gameboard({"card", "--agent", "random", "--server", url_, "--name", "Ada", "--remote"});
  ASSERT_EQ(second.code, 0) << second.out;
  EXPECT_EQ(table_of(second.out), table_of(first.out)) << "played over HTTP, the same runs";
  EXPECT_NE(card_id_of(second.out), card_id_of(first.out)) << second.out;
  EXPECT_EQ(second.out.find("is now yours"), std::string::npos) << second.out;
  EXPECT_EQ(saved_token("Ada"), token);

  use_config("someone-else");
  Result other = gameboard({"card", "--agent", "random", "--server", url_, "--name", "Ada"});
  EXPECT_EQ(other.code, 1) << "without the token the name is refused: " << other.out;
  EXPECT_NE(other.out.find("HTTP 403"), std::string::npos) << other.out;
  Result given =
      gameboard({"card", "--agent", "random", "--server", url_, "--name", "Ada", "--token", token});
  EXPECT_EQ(given.code, 0) << given.out;
}

TEST_F(CardServerCli, AServerLostMidwayLeavesAnExitCodeAndWhatWasStored) {
  std::string command = std::string("exec '") + GAMEBOARD_BIN + "' card --agent planner " +
                        "--budget 50 --server " + url_ + " --name Late 2>&1";
  Child child = spawn({"/bin/sh", "-c", command});
  std::string out = read_until(child.out, "60 slots", 60);
  ASSERT_NE(out.find("card open-v1 / planner on " + url_ + ": card "), std::string::npos) << out;
  server_->kill_hard();
  out += read_until(child.out, "\x01 (read to the end)", 120);
  EXPECT_EQ(wait_exit(child.pid, 120), 1) << out;
  ::close(child.out);
  const std::string stopped = text_before(out, "card ", " on " + url_ + " is not closed: ");
  ASSERT_TRUE(stopped.starts_with("c") && stopped.find_first_not_of(kHex, 1) == std::string::npos)
      << out;
  EXPECT_NE(out.find(" is not closed: ", 0), std::string::npos) << out;
  EXPECT_NE(out.find(": card " + stopped + ", 60 slots"), std::string::npos) << out;
  EXPECT_NE(out.find("cannot reach"), std::string::npos) << out;
}

TEST_F(CardServerCli, ASlotRefusedMidwaySaysWhatIsStoredAndTheCardGoesOnWithCard) {
  // --remote: the runs are played over HTTP, slowly enough for the test to act in between.
  std::string command = std::string("exec '") + GAMEBOARD_BIN + "' card --agent random " +
                        "--remote --server " + url_ + " --name Late 2>&1";
  Child child = spawn({"/bin/sh", "-c", command});
  std::string out = read_until(child.out, "60 slots", 60);
  const std::string id = text_before(out, ": card ", ", 60 slots");
  ASSERT_TRUE(id.starts_with("c") && id.find_first_not_of(kHex, 1) == std::string::npos) << out;
  const std::string token = chars_after(out, "--token ", kHex);
  ASSERT_FALSE(token.empty()) << out;
  ASSERT_NE(out.find("--token " + token + ")"), std::string::npos) << out;
  // While Stormlark is played, someone with the token fills slot 20 with another run.
  const scorecards::Slot slot = scorecards::open_slots(*scorecards::find_suite("open-v1"))[20];
  HttpReply filled = http_request(server_->port(), "POST", "/api/runs",
                                  R"({"slug":"glimfall","seed":)" + std::to_string(slot.seed) +
                                      R"(,"actions":[],"name":"Late","kind":"agent","token":")" +
                                      token + R"(","scorecard":")" + id + R"(","slot":20})");
  ASSERT_EQ(filled.status, 201) << filled.body;
  out += read_until(child.out, "\x01 (read to the end)", 120);
  EXPECT_EQ(wait_exit(child.pid, 120), 1) << out;
  ::close(child.out);
  EXPECT_NE(
      out.find("slot 20 (glimfall seed " + std::to_string(slot.seed) + "): HTTP 409: Slot filled"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("card " + id + " on " + url_ + " is not closed: 20 of 60 slots stored (0-19)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("run this command again with --card " + id), std::string::npos) << out;
  HttpReply card = http_request(server_->port(), "GET", "/api/scorecards/" + id);
  EXPECT_NE(card.body.find(R"("status":"open")"), std::string::npos) << card.body;
  EXPECT_EQ(count_filled(card.body), 21u) << card.body;

  // --card goes on with it: the 39 empty slots are played and the card closes.
  Result rest =
      gameboard({"card", "--agent", "random", "--server", url_, "--name", "Late", "--card", id});
  ASSERT_EQ(rest.code, 0) << rest.out;
  EXPECT_NE(rest.out.find(": card " + id + ", 60 slots, 21 filled already, 39 to play, 1 jobs"),
            std::string::npos)
      << rest.out;
  card = http_request(server_->port(), "GET", "/api/scorecards/" + id);
  EXPECT_NE(card.body.find(R"("status":"closed")"), std::string::npos) << card.body;
  EXPECT_EQ(count_filled(card.body), 60u) << card.body;
  const std::string offline = table_of(gameboard({"card", "--agent", "random"}).out);
  const std::string online = table_of(rest.out);
  for (const std::string game : {"stormlark ", "silkspan "}) {
    EXPECT_EQ(line_of(online, game), line_of(offline, game)) << online << offline;
  }
  EXPECT_NE(line_of(online, "glimfall "), line_of(offline, "glimfall ")) << "slot 20 scored 0";

  Result closed =
      gameboard({"card", "--agent", "random", "--server", url_, "--name", "Late", "--card", id});
  EXPECT_EQ(closed.code, 1) << closed.out;
  EXPECT_NE(closed.out.find("card " + id + " is closed: it takes no more runs"), std::string::npos)
      << closed.out;
  Result other_agent =
      gameboard({"card", "--agent", "greedy", "--server", url_, "--name", "Late", "--card", id});
  EXPECT_EQ(other_agent.code, 1) << other_agent.out;
}

TEST_F(CardServerCli, AfterTheServerIsBackTheCardGoesOnWithCardAndEndsAsIfNothingHappened) {
  std::string command = std::string("exec '") + GAMEBOARD_BIN + "' card --agent random " +
                        "--remote --server " + url_ + " --name Again 2>&1";
  Child child = spawn({"/bin/sh", "-c", command});
  std::string out = read_until(child.out, "60 slots", 60);
  const std::string id = text_before(out, ": card ", ", 60 slots");
  ASSERT_TRUE(id.starts_with("c") && id.find_first_not_of(kHex, 1) == std::string::npos) << out;
  const std::string token = chars_after(out, "--token ", kHex);
  ASSERT_FALSE(token.empty()) << out;
  ASSERT_NE(out.find("--token " + token + ")"), std::string::npos) << out;
  server_->kill_hard();
  out += read_until(child.out, "\x01 (read to the end)", 120);
  EXPECT_EQ(wait_exit(child.pid, 120), 1) << out;
  ::close(child.out);
  EXPECT_NE(out.find("card " + id + " on " + url_ + " is not closed: 0 of 60 slots stored"),
            std::string::npos)
      << out;

  // The same store behind a new port: the names file knows the old address only, so --token.
  server_ = std::make_unique<ServeProcess>(
      std::vector<std::string>{"--data-dir", (dir_ / "data").string()});
  url_ = "http://127.0.0.1:" + std::to_string(server_->port());
  Result rest = gameboard({"card", "--agent", "random", "--server", url_, "--name", "Again",
                           "--card", id, "--token", token});
  ASSERT_EQ(rest.code, 0) << rest.out;
  EXPECT_EQ(table_of(rest.out), table_of(gameboard({"card", "--agent", "random"}).out)) << rest.out;
  EXPECT_EQ(card_id_of(rest.out), id) << rest.out;
}

TEST_F(CardServerCli, BadInputIsRefusedBeforeACardOpens) {
  Result no_name = gameboard({"card", "--agent", "random", "--server", url_});
  EXPECT_EQ(no_name.code, 2) << no_name.out;
  EXPECT_NE(no_name.out.find("--server needs --name"), std::string::npos) << no_name.out;
  Result no_server = gameboard({"card", "--agent", "random", "--name", "Ada"});
  EXPECT_EQ(no_server.code, 2) << no_server.out;
  Result llm_remote =
      gameboard({"card", "--agent", "llm", "--model", "m", "--llm-url", "http://127.0.0.1:1/v1",
                 "--server", url_, "--name", "Ada", "--remote"});
  EXPECT_EQ(llm_remote.code, 2) << llm_remote.out;
  EXPECT_EQ(saved_token("Ada"), "") << "no card was opened (it would have claimed the name)";
  Result refused = gameboard(
      {"card", "--suite", "open-v9", "--agent", "random", "--server", url_, "--name", "A"});
  EXPECT_EQ(refused.code, 1) << refused.out;
  EXPECT_NE(refused.out.find("HTTP 400: Invalid scorecard: suite"), std::string::npos)
      << refused.out;
}

}  // namespace
}  // namespace gb::server::testing
