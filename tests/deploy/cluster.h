// deploy/cluster.sh as a test fixture: PostgreSQL, N replicas and nginx on loopback, started as
// a child process and stopped (SIGTERM: the script stops everything it started) at the end; and
// a tiny HTTP client that can send from any loopback address, with a deadline on every answer.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gb::deploy::testing {

struct ClusterOptions {
  int replicas = 2;
  uint16_t port = 0;     // nginx; replica i listens on port + i
  uint16_t pg_port = 0;  // PostgreSQL
  int rate = 100000;     // nginx's per-client requests per second
  int burst = 100000;
  std::vector<std::string> serve_args;  // extra `gameboard serve` arguments
};

class Cluster {
 public:
  // Starts deploy/cluster.sh and waits (up to 90 s) for "Cluster ready"; throws with its output
  // when it does not come.
  explicit Cluster(ClusterOptions options);
  ~Cluster();
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  uint16_t port() const { return options_.port; }
  uint16_t pg_port() const { return options_.pg_port; }
  // The pid of replica `i` (1-based) right now, from the script's pid file.
  pid_t replica_pid(int i) const;
  // Whether replica `i` answers GET /healthz directly.
  bool replica_healthy(int i) const;
  // Stops the script (and with it everything); returns its exit code.
  int stop();

 private:
  ClusterOptions options_;
  std::string prefix_;
  pid_t pid_ = -1;
  int out_ = -1;
};

struct Reply {
  int status = 0;  // 0: no answer (connection refused or reset, or the deadline passed)
  std::string body;
  std::string retry_after;  // the Retry-After header, "" when absent
  std::chrono::milliseconds elapsed{0};
};

// Sends one request (Connection: close) to 127.0.0.1:port from the loopback address `source`
// and reads the answer within `timeout`.
Reply fetch(uint16_t port, std::string_view method, std::string_view target,
            std::string_view body = {}, std::string_view source = "127.0.0.1",
            std::chrono::milliseconds timeout = std::chrono::seconds(30));

// Runs `bash scripts/pg.sh <command> <port>`; true when it exits 0.
bool pg_script(std::string_view command, uint16_t port);

// The command that runs psql on the drill's PostgreSQL at `pg_port` (user gb, database gameboard).
std::string psql_command(uint16_t pg_port);

// Runs `sql` (no double quotes in it) with psql; returns its unaligned output, trimmed.
std::string psql(uint16_t pg_port, const std::string& sql);

}  // namespace gb::deploy::testing
