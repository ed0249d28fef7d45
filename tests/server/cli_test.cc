// The `gameboard` binary: --help describes it, `serve --port 0` prints the bound port, serves,
// and exits 0 on SIGTERM and SIGINT.
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <string>

#include "server/child_process.h"
#include "server/http_client.h"

namespace gb::server::testing {
namespace {

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
