// The `gameboard` binary: --help describes it, `serve --port 0` prints the bound port, serves,
// and exits 0 on SIGTERM and SIGINT.
#include <gtest/gtest.h>

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include "server/http_client.h"

namespace gb::server::testing {
namespace {

struct Child {
  pid_t pid = -1;
  int out = -1;  // the child's stdout
};

Child spawn(std::vector<std::string> args) {
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
  Child child;
  child.pid = ::fork();
  if (child.pid == 0) {
    ::dup2(fds[1], STDOUT_FILENO);
    ::close(fds[0]);
    ::close(fds[1]);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(fds[1]);
  child.out = fds[0];
  return child;
}

// Reads the child's stdout until `needle` has appeared and a newline follows, or 5 s pass.
std::string read_until(int fd, std::string_view needle) {
  std::string text;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (std::chrono::steady_clock::now() < deadline) {
    size_t at = text.find(needle);
    if (at != std::string::npos && text.find('\n', at) != std::string::npos) break;
    pollfd pfd{fd, POLLIN, 0};
    if (::poll(&pfd, 1, 100) <= 0) continue;
    char buf[512];
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n <= 0) break;
    text.append(buf, static_cast<size_t>(n));
  }
  return text;
}

// Waits up to 5 s for the child to exit; returns its exit code, or -1 (after killing it).
int wait_exit(pid_t pid) {
  for (int i = 0; i < 500; ++i) {
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid)
      return WIFEXITED(status) ? WEXITSTATUS(status) : -2;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  return -1;
}

TEST(GameboardCli, HelpDescribesTheServiceAndServe) {
  Child child = spawn({GAMEBOARD_BIN, "--help"});
  std::string text = read_until(child.out, "serve");
  EXPECT_NE(text.find("puzzle games"), std::string::npos) << text;
  EXPECT_NE(text.find("serve"), std::string::npos) << text;
  EXPECT_EQ(wait_exit(child.pid), 0);
  ::close(child.out);
}

TEST(GameboardCli, ServePrintsTheBoundPortAndExitsZeroOnSignals) {
  for (int sig : {SIGTERM, SIGINT}) {
    Child child = spawn({GAMEBOARD_BIN, "serve", "--host", "127.0.0.1", "--port", "0"});
    std::string line = read_until(child.out, "Serving on http://127.0.0.1:");
    size_t at = line.find("127.0.0.1:");
    ASSERT_NE(at, std::string::npos) << line;
    int port = std::stoi(line.substr(at + 10));
    ASSERT_GT(port, 0);
    EXPECT_EQ(http_request(static_cast<uint16_t>(port), "GET", "/healthz").status, 200);
    ::kill(child.pid, sig);
    EXPECT_EQ(wait_exit(child.pid), 0) << "signal " << sig;
    ::close(child.out);
  }
}

TEST(GameboardCli, ServeOnAPortInUseFailsWithExitCode1) {
  Child first = spawn({GAMEBOARD_BIN, "serve", "--port", "0"});
  std::string line = read_until(first.out, "Serving on http://127.0.0.1:");
  size_t at = line.find("127.0.0.1:");
  ASSERT_NE(at, std::string::npos) << line;
  std::string port = std::to_string(std::stoi(line.substr(at + 10)));
  Child second = spawn({GAMEBOARD_BIN, "serve", "--port", port});
  EXPECT_EQ(wait_exit(second.pid), 1);
  ::kill(first.pid, SIGTERM);
  EXPECT_EQ(wait_exit(first.pid), 0);
  ::close(first.out);
  ::close(second.out);
}

}  // namespace
}  // namespace gb::server::testing
