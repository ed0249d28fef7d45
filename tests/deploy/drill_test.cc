// Failure drills on a real cluster (deploy/cluster.sh: PostgreSQL, replicas, nginx, all on
// loopback), SPEC section 12 and issue 16:
//  - a replica SIGKILLed mid-load while clients play whole runs through nginx and submit them:
//    every run answered 201 is stored exactly once, every final state equals the in-process
//    replay, and clients that retry succeed;
//  - PostgreSQL restarted mid-load: the servers answer 503 while it is down (never crash, never
//    hang), reconnect by themselves and lose nothing acknowledged;
//  - a client past the rate limit gets 429 with Retry-After, and others are not slowed.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "core/json_reader.h"
#include "deploy/cluster.h"
#include "runs/verify.h"
#include "server/http/handler.h"

namespace gb::deploy::testing {
namespace {

using namespace std::chrono_literals;

// A fresh, empty database on `pg_port` (cluster.sh then restarts the server and keeps it).
void fresh_database(uint16_t pg_port) {
  ASSERT_TRUE(pg_script("start", pg_port));
  ASSERT_TRUE(pg_script("reset", pg_port));
}

// What one game answer says: the state (compact JSON), the legal actions, whether it is over.
struct Position {
  std::string state;
  std::vector<std::string> legal;
  bool over = false;
  bool ok = false;
};

Position read_position(const std::string& body) {
  Position p;
  Issues issues;
  std::optional<JsonValue> root = parse_json(body, issues);
  if (!root) return p;
  bool ok = true;
  if ((*root)["ok"].get(ok) != simdjson::SUCCESS) return p;
  p.ok = ok;
  p.state = to_compact_json((*root)["state"].value());
  for (auto action : (*root)["legalActions"].get_array())
    p.legal.push_back(to_compact_json(action));
  bool over = false;
  p.over = (*root)["gameOver"].get(over) == simdjson::SUCCESS && over;
  return p;
}

std::string field_text(const std::string& body, const char* name) {
  Issues issues;
  std::optional<JsonValue> root = parse_json(body, issues);
  std::string_view text;
  if (!root || (*root)[name].get(text) != simdjson::SUCCESS) return "";
  return std::string(text);
}

int64_t field_int(const std::string& body, const char* name) {
  Issues issues;
  std::optional<JsonValue> root = parse_json(body, issues);
  int64_t value = -1;
  if (!root || (*root)[name].get(value) != simdjson::SUCCESS) return -1;
  return value;
}

// The same play in process, through the handler the servers run: the final state's JSON.
std::string replay_in_process(const std::string& slug, uint32_t seed,
                              const std::vector<std::string>& actions) {
  std::string base = "/api/games/" + slug;
  std::string init_target = base + "/init?seed=" + std::to_string(seed);
  server::Response r = server::handle(server::Request{"GET", init_target, "", "", ""});
  Position p = read_position(r.body);
  std::string action_target = base + "/action";
  for (const std::string& action : actions) {
    std::string body = R"({"state":)" + p.state + R"(,"action":)" + action + "}";
    p = read_position(server::handle(server::Request{"POST", action_target, body, "", ""}).body);
  }
  return p.state;
}

// A request that is retried (as a client should) until an answer in `wanted` comes; counts
// every failed try in `failures`. Returns the answer, or status 0 after 200 tries.
Reply with_retries(uint16_t port, std::string_view method, const std::string& target,
                   const std::string& body, std::set<int> wanted, std::atomic<int>& failures) {
  for (int attempt = 0; attempt < 200; ++attempt) {
    Reply reply = fetch(port, method, target, body);
    if (wanted.contains(reply.status)) return reply;
    ++failures;
    std::this_thread::sleep_for(50ms);
  }
  return {};
}

const std::vector<std::string> kUnlimitedServe = {
    "--submit-rate", "1000000", "--submit-burst", "1000000",
    "--work-queue",  "10000",   "--work-threads", "2"};

struct PlayedRun {
  std::string slug;
  uint32_t seed = 0;
  std::vector<std::string> actions;
  std::string http_final_state;
  std::string answer;  // the 201 (or 200 on a retry) body
};

TEST(Drill, AReplicaKilledMidLoadLosesNoAcknowledgedRunAndRetriesSucceed) {
  const uint16_t pg_port = 25480;
  fresh_database(pg_port);
  Cluster cluster({2, 25470, pg_port, 100000, 100000, kUnlimitedServe});
  const uint16_t port = cluster.port();
  const pid_t killed_pid = cluster.replica_pid(1);
  ASSERT_GT(killed_pid, 0);

  constexpr int kClients = 6;
  constexpr int kRunsEach = 6;
  constexpr int kActionsPerRun = 24;
  const std::vector<std::string> games = {"stormlark", "glimfall", "silkspan"};
  std::mutex mutex;
  std::vector<PlayedRun> played;
  std::atomic<int> failures{0};
  std::atomic<int> submitted{0};
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      const std::string name = "drill client " + std::to_string(c);
      const std::string token(40, static_cast<char>('a' + c));
      for (int r = 0; r < kRunsEach; ++r) {
        PlayedRun run;
        run.slug = games[static_cast<size_t>(c + r) % games.size()];
        run.seed = static_cast<uint32_t>(1 + 100 * c + r);
        std::string base = "/api/games/" + run.slug;
        Reply init = with_retries(port, "GET", base + "/init?seed=" + std::to_string(run.seed), "",
                                  {200}, failures);
        Position p = read_position(init.body);
        for (int i = 0; i < kActionsPerRun && !p.over && !p.legal.empty(); ++i) {
          const std::string& action = p.legal[static_cast<size_t>(c * 7 + i * 3) % p.legal.size()];
          std::string body = R"({"state":)" + p.state + R"(,"action":)" + action + "}";
          Position next = read_position(
              with_retries(port, "POST", base + "/action", body, {200}, failures).body);
          if (!next.ok) break;  // a refused action would make the run invalid; stop before it
          run.actions.push_back(action);
          p = std::move(next);
        }
        run.http_final_state = p.state;
        std::string actions = "[";
        for (const std::string& a : run.actions) actions += (actions.size() > 1 ? "," : "") + a;
        actions += "]";
        std::string submission = R"({"slug":")" + run.slug + R"(","seed":)" +
                                 std::to_string(run.seed) + R"(,"actions":)" + actions +
                                 R"(,"name":")" + name + R"(","token":")" + token +
                                 R"(","kind":"agent","agent":"drill"})";
        run.answer = with_retries(port, "POST", "/api/runs", submission, {200, 201}, failures).body;
        ++submitted;
        std::lock_guard lock(mutex);
        played.push_back(std::move(run));
      }
    });
  }
  // Mid-load: SIGKILL replica 1 once a third of the runs are in; cluster.sh starts it again.
  auto until = std::chrono::steady_clock::now() + 60s;
  while (submitted.load() < kClients * kRunsEach / 3 && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(10ms);
  }
  ASSERT_EQ(::kill(killed_pid, SIGKILL), 0);
  for (auto& t : clients) t.join();
  for (int i = 0; i < 100 && !cluster.replica_healthy(1); ++i) std::this_thread::sleep_for(100ms);
  EXPECT_NE(cluster.replica_pid(1), killed_pid) << "the replica was not restarted";
  EXPECT_TRUE(cluster.replica_healthy(1));

  // Clients that retried all finished; only requests in flight on the killed replica can fail
  // (nginx passes the others to the live one), at most one per client.
  std::cout << "[drill] " << played.size() << " runs played and stored; " << failures.load()
            << " requests failed and were retried after replica 1 was killed\n";
  ASSERT_EQ(played.size(), static_cast<size_t>(kClients * kRunsEach));
  EXPECT_LE(failures.load(), kClients);
  std::set<int64_t> ids;
  for (const PlayedRun& run : played) {
    int64_t id = field_int(run.answer, "id");
    ASSERT_GT(id, 0) << run.answer;
    ids.insert(id);
    // The final state the cluster served equals the in-process replay, and the state hash the
    // server stored equals the in-process verification's.
    EXPECT_EQ(run.http_final_state, replay_in_process(run.slug, run.seed, run.actions))
        << run.slug << " seed " << run.seed;
    std::string actions = "[";
    for (const std::string& a : run.actions) actions += (actions.size() > 1 ? "," : "") + a;
    actions += "]";
    Issues issues;
    std::optional<JsonValue> parsed = parse_json(actions, issues);
    ASSERT_TRUE(parsed);
    runs::Verification verified = runs::verify_run(run.slug, run.seed, *parsed);
    ASSERT_TRUE(verified.run) << verified.issue;
    EXPECT_EQ(field_text(run.answer, "stateHash"), verified.run->state_hash);
    EXPECT_EQ(fetch(port, "GET", "/api/runs/" + std::to_string(id)).status, 200);
  }
  // Stored exactly once: one row per acknowledged run, no more.
  EXPECT_EQ(ids.size(), played.size());
  EXPECT_EQ(psql(pg_port, "SELECT count(*) FROM runs"), std::to_string(played.size()));
  EXPECT_EQ(cluster.stop(), 0);
}

TEST(Drill, PostgresRestartedMidLoadAnswers503ThenRecoversAndLosesNothing) {
  const uint16_t pg_port = 25500;
  fresh_database(pg_port);
  Cluster cluster({2, 25490, pg_port, 100000, 100000, kUnlimitedServe});
  const uint16_t port = cluster.port();
  const pid_t pids[2] = {cluster.replica_pid(1), cluster.replica_pid(2)};

  enum class Phase { kUp, kDown, kBack };
  std::atomic<Phase> phase{Phase::kUp};
  std::atomic<bool> done{false};
  std::mutex mutex;
  std::vector<int64_t> acknowledged;
  std::map<int, int> statuses_while_down;
  std::vector<std::string> bad;  // answers that are neither success nor a clean 503
  std::atomic<int> created_after{0};
  std::vector<std::thread> clients;
  for (int c = 0; c < 4; ++c) {
    clients.emplace_back([&, c] {
      const std::string token(40, static_cast<char>('k' + c));
      for (int i = 0; !done.load(); ++i) {
        std::string submission = R"({"slug":"stormlark","seed":)" + std::to_string(10000 * c + i) +
                                 R"(,"actions":[{"type":"VENT"},{"type":"UP"}],"name":"pg drill )" +
                                 std::to_string(c) + R"(","token":")" + token +
                                 R"(","kind":"agent"})";
        Phase seen = phase.load();
        Reply submit = fetch(port, "POST", "/api/runs", submission, "127.0.0.1", 20s);
        Reply board =
            fetch(port, "GET", "/api/leaderboard/stormlark?kind=agent", "", "127.0.0.1", 20s);
        std::lock_guard lock(mutex);
        for (const Reply& reply : {submit, board}) {
          bool fine = reply.status == 200 || reply.status == 201 ||
                      (reply.status == 503 && reply.retry_after == "5");
          if (!fine) bad.push_back(std::to_string(reply.status) + " " + reply.body);
          if (seen == Phase::kDown && phase.load() == Phase::kDown) {
            ++statuses_while_down[reply.status];
          }
        }
        if (submit.status == 201) {
          acknowledged.push_back(field_int(submit.body, "id"));
          if (seen == Phase::kBack) ++created_after;
        }
        std::this_thread::sleep_for(20ms);
      }
    });
  }
  std::this_thread::sleep_for(1500ms);
  ASSERT_TRUE(pg_script("stop", pg_port));
  phase = Phase::kDown;
  std::this_thread::sleep_for(3s);
  phase = Phase::kBack;
  ASSERT_TRUE(pg_script("start", pg_port));
  // The servers reconnect by themselves: new runs are stored again within seconds.
  for (int i = 0; i < 300 && created_after.load() < 8; ++i) std::this_thread::sleep_for(100ms);
  done = true;
  for (auto& t : clients) t.join();

  std::cout << "[drill] while PostgreSQL was down: " << statuses_while_down[503] << " answers 503, "
            << statuses_while_down[200] << " answers 200; " << acknowledged.size()
            << " runs acknowledged in all\n";
  EXPECT_GT(statuses_while_down[503], 0) << "the database was down but nothing answered 503";
  EXPECT_EQ(statuses_while_down[201], 0) << "a run was acknowledged while the database was down";
  for (const std::string& answer : bad)
    ADD_FAILURE() << "neither success nor a clean 503: " << answer;
  EXPECT_GE(created_after.load(), 8) << "the servers did not reconnect within 30 s";
  EXPECT_EQ(cluster.replica_pid(1), pids[0]) << "replica 1 crashed";
  EXPECT_EQ(cluster.replica_pid(2), pids[1]) << "replica 2 crashed";
  // Nothing acknowledged is lost.
  std::set<int64_t> ids(acknowledged.begin(), acknowledged.end());
  EXPECT_EQ(ids.size(), acknowledged.size());
  for (int64_t id : ids) {
    EXPECT_EQ(fetch(port, "GET", "/api/runs/" + std::to_string(id)).status, 200) << id;
  }
  // A commit whose answer the shutdown cut off was answered 503 yet stored: a client's retry
  // finds it (200, same id). So the table holds at least the acknowledged runs, each once.
  EXPECT_GE(std::stoul(psql(pg_port, "SELECT count(*) FROM runs")), ids.size());
  EXPECT_EQ(psql(pg_port, "SELECT count(*) - count(DISTINCT run_key) FROM runs"), "0");
  EXPECT_EQ(cluster.stop(), 0);
}

TEST(Drill, AClientPastTheRateLimitGets429AndOthersAreNotSlowed) {
  const uint16_t pg_port = 25520;
  fresh_database(pg_port);
  // nginx: 5 requests a second per address, bursts of 10.
  Cluster cluster({1, 25510, pg_port, 5, 10, {"--submit-rate", "0", "--submit-burst", "3"}});
  const uint16_t port = cluster.port();

  // Client A (127.0.0.2) floods from four threads until nginx has refused it a few times; client
  // B (127.0.0.3) asks about 4 times a second meanwhile. Every bound below is a count, or a count
  // that follows how long the flood really lasted, so a loaded machine cannot fail it: a slow
  // machine only makes the flood last longer and lets the rate refill more.
  std::mutex a_mutex;
  std::map<int, int> a_statuses;
  std::vector<std::string> a_retry_after;
  std::atomic<int> a_sent{0};
  std::atomic<int> a_refused{0};
  const auto flood_started = std::chrono::steady_clock::now();
  std::vector<std::thread> flood;
  for (int t = 0; t < 4; ++t) {
    flood.emplace_back([&] {
      while (a_refused.load() < 8 && a_sent.fetch_add(1) < 2000 &&
             std::chrono::steady_clock::now() - flood_started < 60s) {
        Reply r = fetch(port, "GET", "/healthz", "", "127.0.0.2");
        std::lock_guard<std::mutex> lock(a_mutex);
        ++a_statuses[r.status];
        if (r.status == 429) {
          a_retry_after.push_back(r.retry_after);
          ++a_refused;
        }
      }
    });
  }
  std::vector<Reply> b_replies;
  for (int i = 0; i < 6; ++i) {
    b_replies.push_back(fetch(port, "GET", "/healthz", "", "127.0.0.3"));
    std::this_thread::sleep_for(250ms);
  }
  for (auto& t : flood) t.join();
  const auto flood_time = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - flood_started);
  EXPECT_GE(a_statuses[429], 8) << "the flood was never refused in " << flood_time.count() << " ms";
  // At most the burst, plus what the rate refilled while the flood lasted.
  EXPECT_LE(a_statuses[200], 10 + 1 + 5 * (flood_time.count() / 1000 + 1)) << flood_time.count();
  int a_answered = 0;
  for (const auto& [status, count] : a_statuses) a_answered += count;
  EXPECT_EQ(a_statuses[200] + a_statuses[429], a_answered) << "an answer other than 200 or 429";
  for (const std::string& retry : a_retry_after) EXPECT_EQ(retry, "1");
  // B is never limited, and never queued behind A: nginx refuses A at once (nodelay) rather than
  // delaying anyone. A delay queue would hold B for seconds; a loaded machine adds milliseconds,
  // so the bound on B's median is wide and its slowest answer only has to arrive.
  std::vector<std::chrono::milliseconds> b_elapsed;
  for (const Reply& reply : b_replies) {
    EXPECT_EQ(reply.status, 200) << "another client was limited";
    b_elapsed.push_back(reply.elapsed);
  }
  std::sort(b_elapsed.begin(), b_elapsed.end());
  EXPECT_LT(b_elapsed[b_elapsed.size() / 2], 2000ms) << "another client was slowed";

  // The servers' own per-client submission limit sees each client through nginx (its
  // X-Forwarded-For, believed from the trusted proxy): A's fourth run is refused, B's first is
  // admitted (invalid bodies, so nothing is stored; 400 means the limit let it through).
  std::this_thread::sleep_for(2500ms);  // nginx's bucket for A refills
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(fetch(port, "POST", "/api/runs", "{}", "127.0.0.2").status, 400);
  Reply refused = fetch(port, "POST", "/api/runs", "{}", "127.0.0.2");
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.body, R"({"error":"Too many runs"})");
  EXPECT_EQ(fetch(port, "POST", "/api/runs", "{}", "127.0.0.3").status, 400);
  EXPECT_EQ(cluster.stop(), 0);
}

}  // namespace
}  // namespace gb::deploy::testing
