// The runs routes' limits on the real server: a flood from one client gets 429 with Retry-After
// while the boards keep answering; a full work queue answers 503 Busy with Retry-After, never
// anything else; the work pool refuses work when its queue is full.
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>

#include "server/child_process.h"
#include "server/http/work_pool.h"
#include "server/http_client.h"

namespace gb::server::testing {
namespace {

std::string temp_data_dir(const std::string& name) {
  auto path = std::filesystem::temp_directory_path() /
              ("gb-limits-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(path);
  return path.string();
}

std::string run_body(int seed) {
  return R"({"slug":"stormlark","seed":)" + std::to_string(seed) +
         R"(,"actions":[{"type":"VENT"}],"name":"flood","token":"flood-token-0123456789abcdefghij"})";
}

TEST(RunLimits, AFloodFromOneClientGets429WithRetryAfter) {
  std::string dir = temp_data_dir("flood");
  ServeProcess server({"--data-dir", dir, "--submit-rate", "6", "--submit-burst", "3"});
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(http_request(server.port(), "POST", "/api/runs", run_body(i)).status, 201);
  }
  HttpReply limited = http_request(server.port(), "POST", "/api/runs", run_body(3));
  EXPECT_EQ(limited.status, 429);
  EXPECT_EQ(limited.body, R"({"error":"Too many runs"})");
  int retry = std::stoi(limited.header("retry-after"));
  EXPECT_GE(retry, 1);
  EXPECT_LE(retry, 10) << "one token comes back every 10 s at 6 a minute";
  // Reading is not limited, and the refused run was not stored.
  HttpReply board = http_request(server.port(), "GET", "/api/leaderboard/stormlark");
  EXPECT_EQ(board.status, 200);
  EXPECT_NE(board.body.find(R"("total":1)"), std::string::npos) << board.body;
  HttpReply missing = http_request(server.port(), "GET", "/api/runs/4");
  EXPECT_EQ(missing.status, 404);
  server.stop();
  std::filesystem::remove_all(dir);
}

TEST(RunLimits, AFullWorkQueueAnswers503BusyAndNothingElse) {
  std::string dir = temp_data_dir("busy");
  ServeProcess server({"--data-dir", dir, "--submit-rate", "1000000", "--submit-burst", "1000000",
                       "--work-threads", "1", "--work-queue", "1"});
  int busy = 0;
  for (int burst = 0; burst < 5 && busy == 0; ++burst) {
    std::atomic<int> other{0};
    std::mutex mutex;
    std::vector<std::thread> clients;
    for (int c = 0; c < 48; ++c) {
      clients.emplace_back([&, c] {
        HttpReply reply =
            http_request(server.port(), "POST", "/api/runs", run_body(burst * 100 + c));
        std::lock_guard lock(mutex);
        if (reply.status == 503) {
          ++busy;
          EXPECT_EQ(reply.body, R"({"error":"Busy"})");
          EXPECT_EQ(reply.header("retry-after"), "1");
        } else if (reply.status != 201) {
          ++other;
        }
      });
    }
    for (auto& t : clients) t.join();
    EXPECT_EQ(other.load(), 0) << "every answer is 201 or 503";
  }
  EXPECT_GT(busy, 0) << "48 submissions at once against a queue of 1 never found it full";
  EXPECT_EQ(http_request(server.port(), "GET", "/healthz").status, 200);
  server.stop();
  std::filesystem::remove_all(dir);
}

TEST(WorkPool, RefusesWorkWhenItsQueueIsFullAndRunsWhatItTook) {
  std::mutex mutex;
  std::condition_variable cv;
  bool release = false;
  std::atomic<int> ran{0};
  auto blocker = [&] {
    std::unique_lock lock(mutex);
    cv.wait(lock, [&] { return release; });
    ++ran;
  };
  {
    WorkPool pool(1, 2);
    ASSERT_TRUE(pool.try_submit(blocker));
    // Wait until the worker holds the blocker, so the queue is empty again.
    while (pool.queued() != 0) std::this_thread::yield();
    EXPECT_TRUE(pool.try_submit([&] { ++ran; }));
    EXPECT_TRUE(pool.try_submit([&] { ++ran; }));
    EXPECT_FALSE(pool.try_submit([&] { ++ran; })) << "a third waiting job is one too many";
    EXPECT_EQ(pool.queued(), 2u);
    {
      std::lock_guard lock(mutex);
      release = true;
    }
    cv.notify_all();
  }  // the destructor runs what it took, then joins
  EXPECT_EQ(ran.load(), 3);
}

}  // namespace
}  // namespace gb::server::testing
