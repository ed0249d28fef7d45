// Child processes for the tests that run the real `gameboard` binary: spawn with stdout piped,
// read until a line appears, wait for the exit, and a running `gameboard serve` with its port.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gb::server::testing {

struct Child {
  pid_t pid = -1;
  int out = -1;  // the child's stdout
};

// Starts `args[0]` with `args`, its stdout piped to `out`.
Child spawn(std::vector<std::string> args);

// Reads the child's stdout until `needle` has appeared and a newline follows, or `seconds` pass.
std::string read_until(int fd, std::string_view needle, int seconds = 5);

// Waits up to `seconds` for the child to exit; returns its exit code, or -1 (after killing it).
int wait_exit(pid_t pid, int seconds = 5);

// `gameboard serve --port 0 <extra>` started and answering; the destructor stops it (SIGTERM).
class ServeProcess {
 public:
  explicit ServeProcess(std::vector<std::string> extra_args);
  ~ServeProcess();
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  uint16_t port() const { return port_; }
  // Kills the server with SIGKILL and reaps it.
  void kill_hard();
  // Stops it with SIGTERM; returns its exit code.
  int stop();

 private:
  Child child_;
  uint16_t port_ = 0;
  bool running_ = false;
};

}  // namespace gb::server::testing
