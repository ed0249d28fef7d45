// Nothing acknowledged is lost (SPEC section 8): the real `gameboard serve` killed with SIGKILL
// in the middle of a burst of concurrent submissions keeps every run it answered 201, exactly
// once; two servers sharing one PostgreSQL take the same submissions concurrently and neither
// lose nor duplicate a run, and their boards agree.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "core/json_reader.h"
#include "server/child_process.h"
#include "server/http_client.h"
#include "store/store.h"

namespace gb::server::testing {
namespace {

// The submission of client `c`'s run `i`: its own seed, a short legal Stormlark run, the client's
// name with a strong token of its own (so a first claim needs no coordination).
std::string submission(int c, int i) {
  std::string token = "durability-token-of-client-" + std::to_string(c) + "-0123456789";
  return R"({"slug":"stormlark","seed":)" + std::to_string(1000 * c + i) +
         R"(,"actions":[{"type":"VENT"},{"type":"UP"}],"name":"client )" + std::to_string(c) +
         R"(","token":")" + token + R"(","kind":"agent","agent":"durability"})";
}

int64_t id_of(const std::string& body) {
  simdjson::dom::parser parser;
  int64_t id = 0;
  if (parser.parse(body)["id"].get(id) != simdjson::SUCCESS) return -1;
  return id;
}

struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name) {
    path =
        std::filesystem::temp_directory_path() / ("gb-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

const std::vector<std::string> kUnlimited = {"--submit-rate", "1000000",      "--submit-burst",
                                             "1000000",       "--work-queue", "10000"};

TEST(Durability, EveryRunAnswered201SurvivesSigkillExactlyOnce) {
  TempDir dir("durability");
  std::vector<std::string> args = kUnlimited;
  args.insert(args.end(), {"--data-dir", dir.path.string()});
  auto server = std::make_unique<ServeProcess>(args);
  uint16_t port = server->port();

  constexpr int kClients = 8;
  constexpr int kRunsEach = 60;  // 480 in all; the kill lands after 200 acknowledgements
  std::mutex mutex;
  std::map<std::pair<int, int>, int64_t> acknowledged;  // (client, run) -> id
  std::atomic<int> acks{0};
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      for (int i = 0; i < kRunsEach; ++i) {
        HttpReply reply;
        try {
          reply = http_request(port, "POST", "/api/runs", submission(c, i));
        } catch (const std::exception&) {
          return;  // the server is gone
        }
        if (reply.status == 201) {
          std::lock_guard lock(mutex);
          acknowledged[{c, i}] = id_of(reply.body);
          ++acks;
        }
      }
    });
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (acks.load() < 200 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  server->kill_hard();
  for (auto& t : clients) t.join();
  ASSERT_GE(acknowledged.size(), 200u);
  ASSERT_LT(acknowledged.size(), static_cast<size_t>(kClients * kRunsEach))
      << "the kill should land mid-burst";

  server = std::make_unique<ServeProcess>(args);
  for (const auto& [key, id] : acknowledged) {
    // Found under its id, and sending it again finds the same row: stored exactly once.
    HttpReply stored = http_request(server->port(), "GET", "/api/runs/" + std::to_string(id));
    ASSERT_EQ(stored.status, 200) << "run " << id << " was answered 201 but is gone";
    HttpReply again =
        http_request(server->port(), "POST", "/api/runs", submission(key.first, key.second));
    ASSERT_EQ(again.status, 200) << again.body;
    EXPECT_EQ(id_of(again.body), id);
  }
  EXPECT_EQ(server->stop(), 0);
  std::unique_ptr<store::Store> store = store::open_store("", dir.path.string());
  EXPECT_EQ(store->integrity_problem(), "");
}

TEST(Durability, TwoServersOnOnePostgresNeitherLoseNorDuplicate) {
  const char* url = std::getenv("GB_TEST_PG_URL");
  ASSERT_NE(url, nullptr) << "GB_TEST_PG_URL is not set: run through ctest, which starts "
                             "PostgreSQL with scripts/pg.sh";
  std::vector<std::string> args = kUnlimited;
  args.insert(args.end(), {"--db", url});
  ServeProcess a(args);
  ServeProcess b(args);

  // Every client sends every run of its own to both servers, alternating which goes first, so
  // the same submission races on two servers.
  constexpr int kClients = 8;
  constexpr int kRunsEach = 15;
  const int base = 100 + static_cast<int>(::getpid() % 1000) * 10;  // fresh names per test run
  std::mutex mutex;
  std::map<std::pair<int, int>, std::set<int64_t>> ids;
  std::atomic<int> failures{0};
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      for (int i = 0; i < kRunsEach; ++i) {
        for (int turn = 0; turn < 2; ++turn) {
          uint16_t port = (i + turn + c) % 2 ? a.port() : b.port();
          HttpReply reply = http_request(port, "POST", "/api/runs", submission(base + c, i));
          if (reply.status != 200 && reply.status != 201) {
            ++failures;
            continue;
          }
          std::lock_guard lock(mutex);
          ids[{c, i}].insert(id_of(reply.body));
        }
      }
    });
  }
  for (auto& t : clients) t.join();
  EXPECT_EQ(failures.load(), 0);
  ASSERT_EQ(ids.size(), static_cast<size_t>(kClients * kRunsEach));
  for (const auto& [key, found] : ids) {
    EXPECT_EQ(found.size(), 1u) << "run " << key.first << "/" << key.second
                                << " got more than one id";
  }
  // Both servers serve the same board, ranked the same.
  std::string query = "/api/leaderboard/stormlark?kind=agent&limit=100";
  HttpReply board_a = http_request(a.port(), "GET", query);
  HttpReply board_b = http_request(b.port(), "GET", query);
  ASSERT_EQ(board_a.status, 200);
  EXPECT_EQ(board_a.body, board_b.body);
}

}  // namespace
}  // namespace gb::server::testing
