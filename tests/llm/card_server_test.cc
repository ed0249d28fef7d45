// `gameboard card --agent llm --server URL --name N` (SPEC sections 14 and 15) against the
// stand-in chat server and a real `gameboard serve`: the card is filed under the model with the
// harness's id, closes with the model's usage, and its table is the offline card's; runs that end
// in an endpoint error leave their slots empty on the closed card and the command exits 1.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "harness/http_transport.h"
#include "llm/support.h"
#include "server/child_process.h"

namespace gb::llm_testing {
namespace {

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

constexpr std::string_view kAlnum =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

namespace fs = std::filesystem;

// The card's table in `out` (from "game " to the "overall normalised" line), or "".
std::string table_of(const std::string& out) {
  size_t begin = out.find("game          n");
  size_t overall = out.find("overall normalised", begin);
  if (begin == std::string::npos || overall == std::string::npos) return "";
  return out.substr(begin, out.find('\n', overall) + 1 - begin);
}

class LlmServerCardTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("gb_llm_server_card_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    server_ = std::make_unique<server::testing::ServeProcess>(
        std::vector<std::string>{"--data-dir", (dir_ / "data").string()});
    url_ = "http://127.0.0.1:" + std::to_string(server_->port());
  }
  void TearDown() override {
    server_.reset();
    fs::remove_all(dir_);
  }

  // Runs `card --agent llm` on open-v1 against the chat server at `llm_url` with `model`,
  // on the game server when `on_server`, with this test's names file.
  Ran card(const std::string& llm_url, const std::string& model, bool on_server) {
    return gameboard("XDG_CONFIG_HOME=" + (dir_ / "config").string(),
                     "card --suite open-v1 --agent llm --llm-url " + llm_url + " --model " + model +
                         " --max-decisions 3 --llm-parallel 2 --llm-backoff-ms 0" +
                         (on_server ? " --server " + url_ + " --name model-bot" : ""));
  }

  // GET /api/scorecards/{id} of the card whose page `out` printed; "" when it printed none.
  std::string card_json(const std::string& out) {
    size_t page = out.find("card: http://");
    if (page == std::string::npos) return "";
    std::string id = chars_after(out.substr(page), "/scorecards/", kAlnum);
    if (id.empty()) return "";
    harness::BaseUrl base;
    std::string error;
    EXPECT_TRUE(harness::parse_base_url(url_, base, error)) << error;
    harness::HttpAnswer answer = harness::http_send(base, "GET", "/api/scorecards/" + id);
    EXPECT_EQ(answer.status, 200) << answer.body;
    return answer.body;
  }

  fs::path dir_;
  std::unique_ptr<server::testing::ServeProcess> server_;
  std::string url_;
};

TEST_F(LlmServerCardTest, TheCardIsFiledUnderTheModelAndClosesWithItsUsage) {
  StandIn stand_in(dir_ / "standin.log");
  Ran offline = card(stand_in.url(), "prose-card", false);
  ASSERT_EQ(offline.code, 0) << offline.output;
  Ran online = card(stand_in.url(), "prose-card", true);
  ASSERT_EQ(online.code, 0) << online.output;
  ASSERT_NE(table_of(offline.output), "");
  EXPECT_EQ(table_of(online.output), table_of(offline.output)) << online.output;
  EXPECT_NE(online.output.find("usage: runs 60 (errors 0), calls 180, tokens "), std::string::npos)
      << online.output;

  const std::string card = card_json(online.output);
  EXPECT_NE(card.find(R"("status":"closed")"), std::string::npos) << card;
  EXPECT_NE(
      card.find(R"("agent":{"label":"llm","model":"prose-card","harness":"gameboard-llm-v1"})"),
      std::string::npos)
      << card;
  EXPECT_EQ(card.find(R"("runId":null)"), std::string::npos) << "every slot filled: " << card;
  std::string prompt = chars_after(card, R"("usage":{"promptTokens":)", "0123456789");
  std::string completion = chars_after(
      card, R"("usage":{"promptTokens":)" + prompt + R"(,"completionTokens":)", "0123456789");
  ASSERT_FALSE(prompt.empty()) << card;
  ASSERT_FALSE(completion.empty()) << card;
  EXPECT_GT(std::stoll(prompt), 0);
  EXPECT_GT(std::stoll(completion), 0);
  EXPECT_NE(card.find(R"("seconds":)"), std::string::npos) << card;
}

TEST_F(LlmServerCardTest, RunsThatEndInAnEndpointErrorLeaveTheirSlotsEmpty) {
  StandIn stand_in(dir_ / "standin.log");
  Ran r = card(stand_in.url(), "down-card", true);
  EXPECT_EQ(r.code, 1) << r.output;
  EXPECT_NE(r.output.find("60 of 60 runs ended in an endpoint error: their slots are empty"),
            std::string::npos)
      << r.output;
  const std::string card = card_json(r.output);
  EXPECT_NE(card.find(R"("status":"closed")"), std::string::npos) << card;
  size_t empty = 0;
  for (size_t at = card.find(R"("runId":null)"); at != std::string::npos;
       at = card.find(R"("runId":null)", at + 1)) {
    ++empty;
  }
  EXPECT_EQ(empty, 60u) << "no slot filled: " << card;
  EXPECT_NE(card.find(R"("stormlark":{"n":20,"mean":0,)"), std::string::npos) << card;
}

}  // namespace
}  // namespace gb::llm_testing
