// The names file of `gameboard submit` and `eval --submit` (SPEC section 16): where it lives, how
// a server's URL is keyed, saving keeps other entries (also when saves run at once) and writes
// 0600 in a 0700 folder, and a corrupt file is an error naming it that is never overwritten. Also
// the printed submission answer, which leaves the token out.
#include "cli/token_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>
#include <vector>

#include "harness/run_submit.h"

namespace gb::cli {
namespace {

harness::BaseUrl url(std::string_view text) {
  harness::BaseUrl base;
  std::string error;
  EXPECT_TRUE(harness::parse_base_url(text, base, error)) << error;
  return base;
}

unsigned mode_of(const std::filesystem::path& p) {
  struct stat st {};
  EXPECT_EQ(::stat(p.c_str(), &st), 0) << p;
  return st.st_mode & 07777;
}

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

class TokenFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("gb-token-file-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    std::string error;
    path_ = names_file_path((dir_ / "config").c_str(), nullptr, error).value();
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
  std::string path_;
};

TEST_F(TokenFile, LivesUnderXdgConfigHomeElseHomeDotConfig) {
  std::string error;
  EXPECT_EQ(names_file_path("/x/cfg", "/home/ada", error), "/x/cfg/gameboard/names.json");
  EXPECT_EQ(names_file_path(nullptr, "/home/ada", error), "/home/ada/.config/gameboard/names.json");
  EXPECT_EQ(names_file_path("", "/home/ada", error), "/home/ada/.config/gameboard/names.json");
  EXPECT_EQ(names_file_path("relative/cfg", "/home/ada", error),
            "/home/ada/.config/gameboard/names.json")
      << "XDG_CONFIG_HOME counts only when absolute";
  EXPECT_FALSE(names_file_path(nullptr, nullptr, error));
  EXPECT_NE(error.find("HOME"), std::string::npos) << error;
}

TEST_F(TokenFile, ServerKeyIsTheNormalisedBaseUrl) {
  EXPECT_EQ(server_key(url("http://Example.ORG")), "http://example.org:80");
  EXPECT_EQ(server_key(url("http://example.org:80/")), "http://example.org:80");
  EXPECT_EQ(server_key(url("http://127.0.0.1:08080/board//")), "http://127.0.0.1:8080/board");
  EXPECT_NE(server_key(url("http://127.0.0.1:8080")), server_key(url("http://127.0.0.1:8081")));
}

TEST_F(TokenFile, SavesAndFindsTokensPerServerAndNameAsTyped) {
  std::string error;
  std::string token;
  ASSERT_TRUE(find_saved_token(path_, url("http://a:1"), "Ada", token, error)) << error;
  EXPECT_EQ(token, "") << "no file yet: nothing saved";
  EXPECT_FALSE(std::filesystem::exists(path_)) << "reading creates nothing";

  ASSERT_TRUE(save_token(path_, url("http://a:1"), "Ada", "t-ada-a", error)) << error;
  EXPECT_EQ(mode_of(path_), 0600u);
  EXPECT_EQ(mode_of(std::filesystem::path(path_).parent_path()), 0700u);
  EXPECT_EQ(mode_of(dir_ / "config"), 0700u) << "a missing XDG_CONFIG_HOME is made private too";
  ASSERT_TRUE(save_token(path_, url("http://A:1/"), "Bob", "t-bob-a", error)) << error;
  ASSERT_TRUE(save_token(path_, url("http://b:2"), "Ada", "t-ada-b", error)) << error;

  ASSERT_TRUE(find_saved_token(path_, url("http://a:1"), "Ada", token, error)) << error;
  EXPECT_EQ(token, "t-ada-a");
  ASSERT_TRUE(find_saved_token(path_, url("http://a:1"), "Bob", token, error)) << error;
  EXPECT_EQ(token, "t-bob-a") << "the same server, spelled otherwise";
  ASSERT_TRUE(find_saved_token(path_, url("http://b:2"), "Ada", token, error)) << error;
  EXPECT_EQ(token, "t-ada-b");
  ASSERT_TRUE(find_saved_token(path_, url("http://a:1"), "ada", token, error)) << error;
  EXPECT_EQ(token, "") << "names are kept as typed";
  ASSERT_TRUE(find_saved_token(path_, url("http://c:3"), "Ada", token, error)) << error;
  EXPECT_EQ(token, "");

  // A newer claim of the same name on the same server replaces the entry.
  ASSERT_TRUE(save_token(path_, url("http://a:1"), "Ada", "t-ada-a2", error)) << error;
  ASSERT_TRUE(find_saved_token(path_, url("http://a:1"), "Ada", token, error)) << error;
  EXPECT_EQ(token, "t-ada-a2");
  EXPECT_EQ(
      read(path_),
      R"({"servers":{"http://a:1":{"Ada":"t-ada-a2","Bob":"t-bob-a"},"http://b:2":{"Ada":"t-ada-b"}}})"
      "\n");
  EXPECT_EQ(mode_of(path_), 0600u);
  for (const auto& entry : std::filesystem::directory_iterator(dir_ / "config" / "gameboard")) {
    EXPECT_EQ(entry.path().filename(), "names.json") << "no temporary file is left behind";
  }
}

TEST_F(TokenFile, ConcurrentSavesKeepEveryEntry) {
  constexpr int kWriters = 6;
  constexpr int kEach = 15;
  std::vector<std::thread> writers;
  std::atomic<int> failures{0};
  for (int w = 0; w < kWriters; ++w) {
    writers.emplace_back([&, w] {
      for (int i = 0; i < kEach; ++i) {
        std::string error;
        // (Built by appends: GCC 12 warns falsely on "n" + std::to_string(w) here.)
        std::string name = "n";
        name += std::to_string(w);
        name += '-';
        name += std::to_string(i);
        if (!save_token(path_, url("http://a:1"), name, name + "-token", error)) ++failures;
      }
    });
  }
  for (std::thread& t : writers) t.join();
  EXPECT_EQ(failures.load(), 0);
  SavedTokens tokens;
  std::string error;
  ASSERT_TRUE(load_saved_tokens(path_, tokens, error)) << error;
  EXPECT_EQ(tokens["http://a:1"].size(), static_cast<size_t>(kWriters * kEach));
  EXPECT_EQ(tokens["http://a:1"]["n3-7"], "n3-7-token");
}

TEST_F(TokenFile, ARewriteIsPrivateEvenWhenTheOldFileWasNot) {
  std::string error;
  ASSERT_TRUE(save_token(path_, url("http://a:1"), "Ada", "t1", error)) << error;
  ASSERT_EQ(::chmod(path_.c_str(), 0644), 0);
  ASSERT_TRUE(save_token(path_, url("http://a:1"), "Bob", "t2", error)) << error;
  EXPECT_EQ(mode_of(path_), 0600u);
}

TEST_F(TokenFile, ACorruptFileIsAnErrorNamingItAndIsNeverOverwritten) {
  std::filesystem::create_directories(std::filesystem::path(path_).parent_path());
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{\"servers\":", "not valid JSON"},
      {"[1,2]", "must be an object"},
      {R"({"servers":[]})", "servers: must be an object, not array"},
      {R"({"servers":{"http://a:1":"tok"}})", "servers.http://a:1: must be an object"},
      {R"({"servers":{"http://a:1":{"Ada":7}}})",
       "servers.http://a:1.Ada: the token must be a string"},
  };
  for (const auto& [text, problem] : cases) {
    std::ofstream(path_, std::ios::trunc) << text;
    std::string error;
    std::string token = "unchanged";
    EXPECT_FALSE(find_saved_token(path_, url("http://a:1"), "Ada", token, error)) << text;
    EXPECT_EQ(error.rfind(path_ + ": not a names file: ", 0), 0u) << error;
    EXPECT_NE(error.find(problem), std::string::npos) << error;
    EXPECT_EQ(token, "");
    error.clear();
    EXPECT_FALSE(save_token(path_, url("http://a:1"), "Ada", "t", error)) << text;
    EXPECT_NE(error.find(path_), std::string::npos) << error;
    EXPECT_EQ(read(path_), text) << "a corrupt file is left as it was";
  }
}

TEST_F(TokenFile, AnEmptyFileHoldsNoTokensAndDuplicateKeysKeepTheFirst) {
  SavedTokens tokens;
  std::string error;
  ASSERT_TRUE(parse_saved_tokens(" \n", tokens, error)) << error;
  EXPECT_TRUE(tokens.empty());
  ASSERT_TRUE(parse_saved_tokens("{}", tokens, error)) << error;
  EXPECT_TRUE(tokens.empty());
  ASSERT_TRUE(parse_saved_tokens(R"({"servers":{"s":{"Ada":"one","Ada":"two"}}})", tokens, error));
  EXPECT_EQ(tokens["s"]["Ada"], "one");
  SavedTokens round;
  ASSERT_TRUE(parse_saved_tokens(saved_tokens_json(tokens), round, error)) << error;
  EXPECT_EQ(round, tokens);
}

TEST_F(TokenFile, AFolderInTheWayIsAnError) {
  std::filesystem::create_directories(dir_ / "config");
  std::ofstream(dir_ / "config" / "gameboard") << "a file where the folder goes";
  std::string error;
  EXPECT_FALSE(save_token(path_, url("http://a:1"), "Ada", "t", error));
  EXPECT_NE(error.find("gameboard"), std::string::npos) << error;
}

TEST(SubmitAnswer, PrintedWithoutItsToken) {
  EXPECT_EQ(harness::without_token(R"({"id":3,"name":"Ada","token":"secret","rank":{"all":1}})"),
            R"({"id":3,"name":"Ada","rank":{"all":1}})");
  EXPECT_EQ(harness::without_token(R"({"id":3})"), R"({"id":3})");
  EXPECT_EQ(harness::without_token("not json"), "not json");
}

}  // namespace
}  // namespace gb::cli
