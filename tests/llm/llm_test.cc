// The LLM harness (SPEC section 15) end to end: `gameboard prompt` against golden files, and
// `gameboard eval --agent llm` against a stand-in chat server that answers the ways real models
// do (prose, code fences, several JSON objects, broken JSON, illegal actions, no usage, null
// content) and fails the ways real endpoints do (429 with Retry-After, 5xx, a slow answer, a
// dropped connection), over HTTP and HTTPS. Every recorded replay is verified by `gameboard
// replay`.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "llm/support.h"

namespace gb::llm_testing {
namespace {

namespace fs = std::filesystem;

const char* const kGames[] = {"stormlark", "glimfall", "silkspan"};

class LlmTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("gb_llm_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // Runs `eval --agent llm` of `game` against `url` with `model` and `more` flags, recording in
  // folder `record`.
  Ran eval(const std::string& url, const std::string& model, const std::string& game,
           const std::string& more, const std::string& record = "rec",
           const std::string& env = "") {
    return gameboard(env, "eval --agent llm --game " + game + " --llm-url " + url + " --model " +
                              model + " --llm-backoff-ms 100 --record " + path(record) + " --out " +
                              path(record + ".json") + " " + more);
  }

  // The trajectory lines of one recorded run.
  std::vector<std::string> trajectory(const std::string& record, const std::string& game,
                                      int seed) {
    return lines_of(
        read_file(dir_ / record / (game + "-" + std::to_string(seed) + ".trajectory.jsonl")));
  }

  // Verifies every replay in `record` with `gameboard replay`; returns how many there were.
  int verify_replays(const std::string& record) {
    int n = 0;
    for (const auto& entry : fs::directory_iterator(dir_ / record)) {
      std::string name = entry.path().filename().string();
      if (!name.ends_with(".replay.json")) continue;
      Ran r = gameboard("", "replay " + entry.path().string());
      EXPECT_EQ(r.code, 0) << name << ": " << r.output;
      ++n;
    }
    return n;
  }

  fs::path dir_;
};

// The golden protocol text: changing any of it needs a new protocol id (llm-v2).
TEST_F(LlmTest, PromptPrintsTheFrozenProtocolForSeedOneOfEachGame) {
  for (const char* game : kGames) {
    Ran r = gameboard("", std::string("prompt --seed 1 --game ") + game);
    ASSERT_EQ(r.code, 0) << r.output;
    fs::path golden = fs::path(LLM_GOLDEN_DIR) / (std::string(game) + "-1.txt");
    if (std::getenv("GB_UPDATE_LLM_GOLDEN")) {
      std::ofstream(golden, std::ios::binary) << r.output;
    }
    EXPECT_EQ(r.output, read_file(golden)) << game << ": the llm-v1 text changed";
    EXPECT_NE(read_file(LLM_DOCS).find("```text\n" + r.output + "```"), std::string::npos)
        << "docs/llm.md does not show the " << game << " prompt as printed";
    EXPECT_NE(r.output.find("protocol llm-v1"), std::string::npos);
  }
}

TEST_F(LlmTest, PromptAfterActionsRecallsTheLastThreeDecisions) {
  std::ofstream(path("actions.json")) << R"([{"type":"VENT"},{"type":"VENT"},{"type":"UP"},)"
                                      << R"({"type":"DOWN"}])";
  Ran r = gameboard("", "prompt --game stormlark --seed 1 --actions " + path("actions.json"));
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("Decision 5, attempt 1 of 3"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("1: {\"type\":\"VENT\"}"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("2: {\"type\":\"VENT\"} ok, score"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("4: {\"type\":\"DOWN\"} ok, score"), std::string::npos) << r.output;
  std::ofstream(path("bad.json")) << R"([{"type":"NEXT_REACH"}])";
  r = gameboard("", "prompt --game stormlark --seed 1 --actions " + path("bad.json"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.output.find("not_at_gate"), std::string::npos) << r.output;
}

// Prose around the action, a code fence, two objects (the last valid one counts), no usage: each
// call is played as the stand-in meant it, and the replays verify.
TEST_F(LlmTest, TheLastValidJsonObjectOfAReplyIsPlayed) {
  StandIn stand_in(dir_ / "standin.log");
  for (std::string model : {"prose", "fence", "two", "nousage"}) {
    for (const char* game : kGames) {
      Ran r = eval(stand_in.url(), model + "-" + game, game, "--seeds 1 --max-decisions 6",
                   model + "-" + game);
      ASSERT_EQ(r.code, 0) << model << " " << game << ": " << r.output;
      std::vector<std::string> calls = trajectory(model + "-" + game, game, 1);
      std::vector<std::string> intended;
      for (const std::string& line : stand_in.log_lines()) {
        if (field(line, "model") == model + "-" + game)
          intended.push_back(raw_field(line, "intended"));
      }
      ASSERT_FALSE(calls.empty()) << model << " " << game;
      ASSERT_EQ(calls.size(), intended.size()) << model << " " << game;
      for (size_t i = 0; i < calls.size(); ++i) {
        EXPECT_EQ(field(calls[i], "outcome"), "ok") << calls[i];
        EXPECT_EQ(raw_field(calls[i], "action"), intended[i]) << calls[i];
        EXPECT_EQ(raw_field(calls[i], "promptTokens"), model == "nousage" ? "null" : "100");
      }
      EXPECT_EQ(verify_replays(model + "-" + game), 1);
    }
  }
}

// Broken JSON, an illegal action, null content: the reason goes back, and the second attempt is
// played.
TEST_F(LlmTest, AFailedAttemptGetsTheReasonBackAndTheNextOneIsPlayed) {
  StandIn stand_in(dir_ / "standin.log");
  struct Case {
    const char* model;
    const char* game;
    const char* first_outcome;
  };
  for (const Case& c : {Case{"badjson-a", "stormlark", "invalid:"},
                        Case{"illegal-a", "stormlark", "refused:not_at_gate"},
                        Case{"illegal-b", "silkspan", "refused:"},
                        Case{"null-a", "glimfall", "invalid:the reply has no text"}}) {
    Ran r = eval(stand_in.url(), c.model, c.game, "--seeds 1 --max-decisions 2", c.model);
    ASSERT_EQ(r.code, 0) << c.model << ": " << r.output;
    std::vector<std::string> calls = trajectory(c.model, c.game, 1);
    ASSERT_GE(calls.size(), 2u) << c.model;
    EXPECT_EQ(field(calls[0], "outcome").rfind(c.first_outcome, 0), 0u) << calls[0];
    EXPECT_EQ(raw_field(calls[0], "attempt"), "1");
    EXPECT_EQ(field(calls[1], "outcome"), "ok") << calls[1];
    EXPECT_EQ(raw_field(calls[1], "attempt"), "2");
    EXPECT_EQ(raw_field(calls[1], "decision"), "1");
    std::string results = read_file(path(std::string(c.model) + ".json"));
    EXPECT_NE(results.find(std::string(c.first_outcome).starts_with("refused") ? "\"refused\":1"
                                                                               : "\"invalid\":1"),
              std::string::npos)
        << results;
    EXPECT_EQ(verify_replays(c.model), 1);
  }
}

// Three failures at one decision forfeit: the end action where the game has one, otherwise the
// run stops where it is.
TEST_F(LlmTest, ThreeInvalidRepliesInARowForfeitTheRun) {
  StandIn stand_in(dir_ / "standin.log");
  Ran r = eval(stand_in.url(), "forfeit-a", "stormlark", "--seeds 1");
  ASSERT_EQ(r.code, 0) << r.output;
  std::vector<std::string> calls = trajectory("rec", "stormlark", 1);
  ASSERT_EQ(calls.size(), 3u);
  for (const std::string& c : calls) EXPECT_EQ(field(c, "outcome").rfind("invalid:", 0), 0u) << c;
  std::string replay = read_file(dir_ / "rec" / "stormlark-1.replay.json");
  EXPECT_NE(replay.find(R"("actions":[{"type":"END_RUN"}])"), std::string::npos) << replay;
  std::string results = read_file(path("rec.json"));
  EXPECT_NE(results.find(R"("endReason":"forfeit")"), std::string::npos) << results;
  EXPECT_NE(results.find(R"("forfeit":true)"), std::string::npos) << results;
  EXPECT_NE(r.output.find("forfeits 1"), std::string::npos) << r.output;

  r = eval(stand_in.url(), "forfeit-b", "glimfall", "--seeds 1", "glim");
  ASSERT_EQ(r.code, 0) << r.output;
  replay = read_file(dir_ / "glim" / "glimfall-1.replay.json");
  EXPECT_NE(replay.find(R"("actions":[])"), std::string::npos) << replay;
  EXPECT_EQ(verify_replays("rec") + verify_replays("glim"), 2);

  r = gameboard("", "eval --agent llm --game stormlark --seeds 1 --model forfeit-c --llm-url " +
                        stand_in.url() + " --out " + path("r.csv"));
  ASSERT_EQ(r.code, 0) << r.output;
  std::string csv = read_file(path("r.csv"));
  EXPECT_EQ(csv.rfind("seed,score,length,endReason,actionsDigest,calls,promptTokens,"
                      "completionTokens,invalid,refused,forfeit,millis,costUsd\n1,0,1,forfeit,",
                      0),
            0u)
      << csv;
  EXPECT_NE(csv.find(",3,300,30,3,0,true,"), std::string::npos) << csv;
}

// 429 with Retry-After, 500, a dropped connection and an answer slower than --llm-timeout are
// retried; the failed try is in the trajectory as error:WHY, costs none of --max-decisions, and
// the run goes on.
TEST_F(LlmTest, EndpointFailuresAreRetriedWithBackoff) {
  StandIn stand_in(dir_ / "standin.log");
  for (std::string model : {"r429-a", "r500-a", "drop-a", "slow-a"}) {
    Ran r = eval(stand_in.url(), model, "stormlark", "--seeds 1 --max-decisions 3 --llm-timeout 1",
                 model);
    ASSERT_EQ(r.code, 0) << model << ": " << r.output;
    std::vector<std::string> calls = trajectory(model, "stormlark", 1);
    ASSERT_EQ(calls.size(), 4u) << model << ": the failed try costs none of the 3 calls";
    EXPECT_EQ(field(calls[0], "outcome").rfind("error:", 0), 0u) << calls[0];
    EXPECT_EQ(field(calls[1], "outcome"), "ok") << calls[1];
    EXPECT_EQ(verify_replays(model), 1);
  }
  // Retry-After: 3 at a 100 ms unit waits 300 ms, more than the first backoff (100 ms).
  std::vector<int64_t> times;
  for (const std::string& line : stand_in.log_lines()) {
    if (field(line, "model") == "r429-a") times.push_back(std::stoll(raw_field(line, "time")));
  }
  ASSERT_GE(times.size(), 2u);
  EXPECT_GE(times[1] - times[0], 290);
}

// An endpoint that keeps failing: 8 tries, then the run is an error with no score and no replay.
TEST_F(LlmTest, AnEndpointThatKeepsFailingMakesTheRunAnErrorNotAScore) {
  StandIn stand_in(dir_ / "standin.log");
  Ran r = gameboard("", "eval --agent llm --game stormlark --seeds 1 --model down-a --llm-url " +
                            stand_in.url() + " --llm-backoff-ms 1 --record " + path("rec") +
                            " --out " + path("rec.json"));
  EXPECT_EQ(r.code, 1) << r.output;
  EXPECT_NE(r.output.find("failed 8 times"), std::string::npos) << r.output;
  EXPECT_EQ(stand_in.log_lines().size(), 8u);
  EXPECT_EQ(trajectory("rec", "stormlark", 1).size(), 8u);
  EXPECT_FALSE(fs::exists(dir_ / "rec" / "stormlark-1.replay.json"));
  std::string results = read_file(path("rec.json"));
  EXPECT_NE(results.find(R"("score":null)"), std::string::npos) << results;
  EXPECT_NE(results.find(R"("endReason":"error")"), std::string::npos) << results;
}

// HTTPS with a self-signed certificate for 127.0.0.1: accepted with --llm-ca, refused without
// it (and not retried: a certificate does not start verifying on the next try).
TEST_F(LlmTest, HttpsVerifiesThePeerAgainstTheGivenCa) {
  std::string made =
      "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 "
      "-addext subjectAltName=IP:127.0.0.1 -keyout " +
      path("key.pem") + " -out " + path("cert.pem") + " >/dev/null 2>&1";
  ASSERT_EQ(std::system(made.c_str()), 0);
  StandIn stand_in(dir_ / "standin.log",
                   "--cert " + path("cert.pem") + " --key " + path("key.pem"));
  Ran r = eval(stand_in.url(true), "prose-tls", "silkspan",
               "--seeds 1 --max-decisions 2 --llm-ca " + path("cert.pem"));
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(trajectory("rec", "silkspan", 1).size(), 2u);
  EXPECT_EQ(verify_replays("rec"), 1);

  r = eval(stand_in.url(true), "prose-tls2", "silkspan", "--seeds 1 --max-decisions 2", "rec2");
  EXPECT_EQ(r.code, 1) << r.output;
  EXPECT_NE(r.output.find("certificate verify failed"), std::string::npos) << r.output;
  for (const std::string& line : stand_in.log_lines())
    EXPECT_NE(field(line, "model"), "prose-tls2");
}

// The key goes out as a bearer token and is nowhere in the output, the results or the records.
TEST_F(LlmTest, TheApiKeyIsSentAsBearerAndNeverWrittenDown) {
  const std::string key = "sk-test-5ecret-K3y-0123456789";
  StandIn stand_in(dir_ / "standin.log", "--key-expected " + key);
  Ran r = eval(stand_in.url(), "prose-key", "stormlark", "--seeds 1..2 --max-decisions 3", "rec",
               "GB_TEST_KEY=" + key);
  EXPECT_EQ(r.code, 1) << "without --api-key-env the default variable is unset: 401\n" << r.output;
  r = eval(stand_in.url(), "prose-key", "stormlark",
           "--seeds 1..2 --max-decisions 3 --api-key-env GB_TEST_KEY", "rec", "GB_TEST_KEY=" + key);
  ASSERT_EQ(r.code, 0) << r.output;
  int authorised = 0;
  for (const std::string& line : stand_in.log_lines())
    authorised += line.find("\"authOk\":true") != std::string::npos;
  EXPECT_EQ(authorised, 6);
  EXPECT_EQ(r.output.find(key), std::string::npos);
  for (const auto& entry : fs::recursive_directory_iterator(dir_)) {
    if (!entry.is_regular_file() || entry.path().filename() == "standin.log") continue;
    EXPECT_EQ(read_file(entry.path()).find(key), std::string::npos) << entry.path();
  }
}

// Same stand-in, same seeds: byte-identical replays.
TEST_F(LlmTest, TwoRunsAgainstADeterministicModelGiveIdenticalReplays) {
  StandIn stand_in(dir_ / "standin.log");
  for (const char* game : kGames) {
    std::string seeds = "--seeds 1..2 --max-decisions 8 --llm-parallel 2";
    ASSERT_EQ(eval(stand_in.url(), "prose-a", game, seeds, "a").code, 0);
    ASSERT_EQ(eval(stand_in.url(), "prose-b", game, seeds, "b").code, 0);
    for (int seed : {1, 2}) {
      std::string name = std::string(game) + "-" + std::to_string(seed) + ".replay.json";
      std::string a = read_file(dir_ / "a" / name);
      EXPECT_FALSE(a.empty()) << name;
      EXPECT_EQ(a, read_file(dir_ / "b" / name)) << name;
      if (std::string(game) != "stormlark") {
        EXPECT_NE(a.find(R"("type":"tick","count":)"), std::string::npos) << "a tick with a count";
      }
    }
  }
  EXPECT_EQ(verify_replays("a"), 6);
}

// SIGINT mid-eval, then --resume: the finished runs are kept as they are, the rest are played.
TEST_F(LlmTest, ResumeAfterSigintPlaysOnlyWhatIsLeft) {
  StandIn stand_in(dir_ / "standin.log", "--delay-ms 40");
  std::string args = "eval --agent llm --game stormlark --seeds 1..4 --model prose-r --llm-url " +
                     stand_in.url() + " --max-decisions 6 --record " + path("rec") + " --out " +
                     path("rec.json");
  pid_t pid = start_gameboard("", args, path("first.log"));
  fs::path first = dir_ / "rec" / "stormlark-1.replay.json";
  for (int i = 0; i < 600 && !fs::exists(first); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_TRUE(fs::exists(first)) << read_file(path("first.log"));
  kill(pid, SIGINT);
  int status = 0;
  waitpid(pid, &status, 0);
  // A request sent just before the signal is logged when the stand-in answers it (40 ms later).
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  ASSERT_FALSE(fs::exists(dir_ / "rec" / "stormlark-4.replay.json")) << "finished too fast";
  std::string kept = read_file(first);
  auto kept_time = fs::last_write_time(first);
  size_t calls_before = stand_in.log_lines().size();

  Ran r = gameboard("", args + " --resume");
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("seed 1: resumed"), std::string::npos) << r.output;
  EXPECT_EQ(read_file(first), kept);
  EXPECT_EQ(fs::last_write_time(first), kept_time);
  int64_t played_calls = 0;
  std::string results = read_file(path("rec.json"));
  for (int seed = 1; seed <= 4; ++seed) {
    std::string result =
        read_file(dir_ / "rec" / ("stormlark-" + std::to_string(seed) + ".result.json"));
    ASSERT_FALSE(result.empty()) << seed;
    EXPECT_NE(results.find("\"seed\":" + std::to_string(seed)), std::string::npos);
    if (r.output.find("seed " + std::to_string(seed) + ": resumed") == std::string::npos) {
      played_calls += std::stoll(raw_field(result, "calls"));
    }
  }
  EXPECT_EQ(stand_in.log_lines().size() - calls_before, static_cast<size_t>(played_calls));
  EXPECT_EQ(verify_replays("rec"), 4);
}

// Bad input is refused before any call reaches the endpoint.
TEST_F(LlmTest, BadInputGetsAClearErrorBeforeAnyCall) {
  StandIn stand_in(dir_ / "standin.log");
  std::ofstream(path("not-a-cert.pem")) << "hello\n";
  std::string base = "eval --agent llm --game stormlark --seeds 1 ";
  struct Case {
    std::string args;
    const char* says;
  };
  for (const Case& c : {
           Case{base + "--llm-url " + stand_in.url(), "needs --model"},
           Case{base + "--model prose-x --llm-url ftp://127.0.0.1/v1", "bad --llm-url"},
           Case{base + "--model prose-x --llm-url http://:80/v1", "no host"},
           Case{base + "--model prose-x --llm-url http://127.0.0.1:99999/v1", "port"},
           Case{base + "--model prose-x --llm-url https://api.example.com/v1 --api-key-env "
                       "GB_NO_SUCH_KEY_VAR",
                "GB_NO_SUCH_KEY_VAR"},
           Case{base + "--model prose-x --llm-url " + stand_in.url() + " --llm-ca " +
                    path("not-a-cert.pem"),
                "not a PEM certificate"},
           Case{base + "--model prose-x --llm-url " + stand_in.url() + " --llm-ca " +
                    path("missing.pem"),
                "cannot read"},
           Case{base + "--model prose-x --llm-url " + stand_in.url() + " --resume", "--record"},
       }) {
    Ran r = gameboard("", c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.output;
    EXPECT_NE(r.output.find(c.says), std::string::npos) << c.args << "\n" << r.output;
  }
  EXPECT_TRUE(stand_in.log_lines().empty());
}

}  // namespace
}  // namespace gb::llm_testing
