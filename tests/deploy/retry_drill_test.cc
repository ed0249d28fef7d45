// The drill of issue 23: nginx retries a POST on another replica only where that is idempotent.
// A replica is SIGKILLed right after it committed a write and before its answer left:
//  - an MCP act (POST /mcp, never retried by nginx): the client gets 502, retries with
//    `expect` and learns that the act was kept; the game holds every action exactly once;
//  - a run (POST /api/runs, retried by nginx): the next replica finds the stored run and answers
//    200 with it; the store holds it once.
// Determinism: a deferred trigger makes every commit on `games` and `runs` wait for an advisory
// lock the test holds. The test sees which replica waits (its PostgreSQL sessions are named
// gameboard-replica-N), stops it (SIGSTOP), lets the commit finish (the server commits without
// the stopped client), waits until the write is visible, then SIGKILLs the replica: its answer
// was never written.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <future>
#include <iostream>
#include <string>
#include <thread>

#include "core/json_reader.h"
#include "deploy/cluster.h"

namespace gb::deploy::testing {
namespace {

using namespace std::chrono_literals;

constexpr int kHoldKey = 4242;

// Makes every commit that updated a game or inserted a run first take advisory lock kHoldKey
// (shared, released at the end of its transaction): free unless a CommitGate holds it.
void install_commit_hook(uint16_t pg_port) {
  std::string file = "/tmp/gameboard-drill-hook-" + std::to_string(pg_port) + ".sql";
  std::ofstream(file) << "CREATE FUNCTION drill_hold() RETURNS trigger LANGUAGE plpgsql AS $$\n"
                         "BEGIN PERFORM pg_advisory_xact_lock_shared("
                      << kHoldKey
                      << "); RETURN NULL; END $$;\n"
                         "CREATE CONSTRAINT TRIGGER drill_hold_games AFTER UPDATE ON games\n"
                         "  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "
                         "drill_hold();\n"
                         "CREATE CONSTRAINT TRIGGER drill_hold_runs AFTER INSERT ON runs\n"
                         "  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "
                         "drill_hold();\n";
  std::string command = psql_command(pg_port) + " -q -v ON_ERROR_STOP=1 -f " + file;
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
}

// Polls `sql` until it prints `wanted` (up to 30 s); returns the last output.
std::string await_sql(uint16_t pg_port, const std::string& sql, const std::string& wanted) {
  std::string out;
  for (int i = 0; i < 300; ++i) {
    out = psql(pg_port, sql);
    if (out == wanted) break;
    std::this_thread::sleep_for(100ms);
  }
  return out;
}

// A psql session holding advisory lock kHoldKey exclusively: commits that take the hook's
// shared lock wait until open() releases it.
class CommitGate {
 public:
  explicit CommitGate(uint16_t pg_port) : pg_port_(pg_port) {
    pipe_ = ::popen((psql_command(pg_port) + " -q >/dev/null 2>&1").c_str(), "w");
    send("SELECT pg_advisory_lock(" + std::to_string(kHoldKey) + ");");
    held_ = await_sql(pg_port_,
                      "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = " +
                          std::to_string(kHoldKey) + " AND mode = 'ExclusiveLock' AND granted",
                      "1") == "1";
  }
  ~CommitGate() {
    if (pipe_ != nullptr) ::pclose(pipe_);
  }
  CommitGate(const CommitGate&) = delete;
  CommitGate& operator=(const CommitGate&) = delete;

  bool held() const { return held_; }

  // Which replica (1-based) has a commit waiting at the gate; 0 when none within 30 s.
  int waiting_replica() const {
    std::string name = await_any(
        "SELECT application_name FROM pg_stat_activity WHERE wait_event = 'advisory' "
        "AND application_name LIKE 'gameboard-replica-%' LIMIT 1");
    return name.empty() ? 0 : std::atoi(name.c_str() + std::string("gameboard-replica-").size());
  }

  // Lets the waiting commits through.
  void open() { send("SELECT pg_advisory_unlock(" + std::to_string(kHoldKey) + ");"); }

 private:
  void send(const std::string& line) {
    std::fputs((line + "\n").c_str(), pipe_);
    std::fflush(pipe_);
  }
  std::string await_any(const std::string& sql) const {
    for (int i = 0; i < 300; ++i) {
      std::string out = psql(pg_port_, sql);
      if (!out.empty()) return out;
      std::this_thread::sleep_for(100ms);
    }
    return "";
  }

  uint16_t pg_port_;
  FILE* pipe_ = nullptr;
  bool held_ = false;
};

// Holds the gate while `request` is sent; once a replica's commit waits at it, stops that
// replica, lets the commit finish, waits until `committed_sql` prints `committed`, and kills the
// replica. Returns the answer the client got, the replica killed in `killed` and the replicas'
// PostgreSQL sessions at the gate in `sessions`.
Reply kill_after_commit(Cluster& cluster, uint16_t pg_port, const std::string& target,
                        const std::string& body, const std::string& committed_sql,
                        const std::string& committed, int& killed, std::string& sessions) {
  CommitGate gate(pg_port);
  EXPECT_TRUE(gate.held());
  std::future<Reply> answer = std::async(std::launch::async, [&] {
    return fetch(cluster.port(), "POST", target, body, "127.0.0.1", 60s);
  });
  killed = gate.waiting_replica();
  // What the replicas' sessions were doing, for a failure's message.
  sessions = psql(pg_port,
                  "SELECT application_name, wait_event, state, left(query, 40) FROM "
                  "pg_stat_activity WHERE application_name LIKE 'gameboard-replica-%'");
  EXPECT_GT(killed, 0) << "no commit waited at the gate";
  pid_t pid = killed > 0 ? cluster.replica_pid(killed) : -1;
  if (pid > 0) {
    EXPECT_EQ(::kill(pid, SIGSTOP), 0);
  }
  gate.open();
  EXPECT_EQ(await_sql(pg_port, committed_sql, committed), committed) << "the commit never landed";
  if (pid > 0) {
    EXPECT_EQ(::kill(pid, SIGKILL), 0);
  }
  Reply reply = answer.get();
  // cluster.sh starts the replica again, and nginx offers it again once its fail_timeout (1 s in
  // cluster.sh) has passed; before that, a second replica failing would leave no live upstream.
  for (int i = 0;
       i < 150 && (cluster.replica_pid(killed) == pid || !cluster.replica_healthy(killed)); ++i) {
    std::this_thread::sleep_for(100ms);
  }
  std::this_thread::sleep_for(1500ms);
  return reply;
}

std::string mcp_call(int id, const std::string& tool, const std::string& arguments) {
  return R"({"jsonrpc":"2.0","id":)" + std::to_string(id) +
         R"(,"method":"tools/call","params":{"name":")" + tool + R"(","arguments":)" + arguments +
         "}}";
}

// A JSON-RPC answer's result (compact JSON), or "" when it has none.
std::string result_of(const Reply& reply) {
  Issues issues;
  std::optional<JsonValue> root = parse_json(reply.body, issues);
  JsonValue result;
  if (!root || (*root)["result"].get(result) != simdjson::SUCCESS) return "";
  return to_compact_json(result);
}

// An MCP call through nginx, retried (as a client should) until a replica answers it.
Reply mcp_until_answered(uint16_t port, const std::string& message) {
  Reply reply;
  for (int attempt = 0; attempt < 100; ++attempt) {
    reply = fetch(port, "POST", "/mcp", message);
    if (reply.status == 200) break;
    std::this_thread::sleep_for(100ms);
  }
  std::this_thread::sleep_for(1500ms);
  return reply;
}

TEST(Drill, ARetriedPostIsAppliedOnceWhenAReplicaDiesAfterCommitting) {
  const uint16_t pg_port = 25560;
  ASSERT_TRUE(pg_script("start", pg_port));
  ASSERT_TRUE(pg_script("reset", pg_port));
  Cluster cluster({2, 25550, pg_port, 100000, 100000, {}});
  const uint16_t port = cluster.port();
  install_commit_hook(pg_port);

  // An MCP client holds a game of three actions.
  const std::string left = R"({"type":"rotate","dir":-1})";
  const std::string right = R"({"type":"rotate","dir":1})";
  Reply started =
      mcp_until_answered(port, mcp_call(1, "new_game", R"({"slug":"glimfall","seed":7})"));
  Issues issues;
  std::optional<JsonValue> root = parse_json(started.body, issues);
  std::string_view id_view;
  ASSERT_TRUE(root &&
              (*root)["result"]["structuredContent"]["gameId"].get(id_view) == simdjson::SUCCESS)
      << started.body;
  const std::string id(id_view);
  const std::string game = R"({"game_id":")" + id + "\"";
  Reply first = mcp_until_answered(
      port, mcp_call(2, "act",
                     game + R"(,"expect":0,"actions":[)" + left + "," + left + "," + left + "]}"));
  ASSERT_NE(result_of(first).find(R"("isError":false)"), std::string::npos) << first.body;

  // The act in flight carries no expect, so a second application would show in the game.
  int killed = 0;
  std::string sessions;
  Reply lost = kill_after_commit(
      cluster, pg_port, "/mcp", mcp_call(3, "act", game + R"(,"action":)" + right + "}"),
      "SELECT length FROM games WHERE id = '" + id + "'", "4", killed, sessions);
  std::cout << "[drill] replica " << killed << " killed after committing an act; the client got "
            << lost.status << "\n";
  EXPECT_EQ(lost.status, 502) << "nginx passed POST /mcp to another replica: " << lost.body
                              << "\nsessions at the gate:\n"
                              << sessions;

  // The client retries with expect (the length it knew): nothing is applied, and the answer
  // says the game already holds the act.
  Reply retried =
      mcp_until_answered(port, mcp_call(4, "act", game + R"(,"expect":3,"action":)" + right + "}"));
  std::string retry = result_of(retried);
  EXPECT_NE(retry.find(R"("isError":true)"), std::string::npos) << retried.body;
  EXPECT_NE(retry.find("expect: the game holds 4 actions, not 3"), std::string::npos) << retry;
  // It goes on from there, on whichever replica.
  Reply next =
      mcp_until_answered(port, mcp_call(5, "act", game + R"(,"expect":4,"action":)" + left + "}"));
  EXPECT_NE(result_of(next).find(R"("isError":false)"), std::string::npos) << next.body;
  EXPECT_EQ(psql(pg_port, "SELECT length FROM games WHERE id = '" + id + "'"), "5");
  // A game started empty keeps "[]" in games.actions; each applied act is one row of game_moves
  // (migration 5), so the rows joined in order are every action the game holds, each once.
  EXPECT_EQ(psql(pg_port, "SELECT actions FROM games WHERE id = '" + id + "'"), "[]");
  std::string stored = psql(pg_port,
                            "SELECT string_agg(actions, ',' ORDER BY first) FROM game_moves "
                            "WHERE game_id = '" +
                                id + "'");
  EXPECT_EQ(stored, left + "," + left + "," + left + "," + right + "," + left)
      << "an action is missing or was applied twice";

  // A run whose answer is lost the same way: nginx passes the POST to the other replica, which
  // finds the stored run and answers 200 with it. The store holds it once.
  const std::string token(40, 'q');
  std::string run = R"({"slug":"glimfall","seed":7,"actions":[)" + left + "," + right +
                    R"(],"name":"retry drill","token":")" + token + R"(","kind":"agent"})";
  Reply submitted = kill_after_commit(cluster, pg_port, "/api/runs", run,
                                      "SELECT count(*) FROM runs WHERE name = 'retry drill'", "1",
                                      killed, sessions);
  std::cout << "[drill] replica " << killed << " killed after committing a run; the client got "
            << submitted.status << "\n";
  EXPECT_EQ(submitted.status, 200)
      << "nginx did not retry POST /api/runs: " << submitted.body << "\nsessions at the gate:\n"
      << sessions;
  std::string stored_id = psql(pg_port, "SELECT id FROM runs WHERE name = 'retry drill'");
  std::optional<JsonValue> answer = parse_json(submitted.body, issues);
  int64_t answered_id = -1;
  if (answer && (*answer)["id"].get(answered_id) != simdjson::SUCCESS) answered_id = -1;
  EXPECT_EQ(std::to_string(answered_id), stored_id);
  EXPECT_EQ(psql(pg_port, "SELECT count(*) FROM runs"), "1");
  EXPECT_EQ(cluster.stop(), 0);
}

}  // namespace
}  // namespace gb::deploy::testing
