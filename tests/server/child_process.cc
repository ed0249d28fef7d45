#include "server/child_process.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <thread>

namespace gb::server::testing {

Child spawn(std::vector<std::string> args) {
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
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

std::string read_until(int fd, std::string_view needle, int seconds) {
  std::string text;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
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

int wait_exit(pid_t pid, int seconds) {
  for (int i = 0; i < seconds * 100; ++i) {
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid)
      return WIFEXITED(status) ? WEXITSTATUS(status) : -2;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  return -1;
}

ServeProcess::ServeProcess(std::vector<std::string> extra_args) {
  std::vector<std::string> args = {GAMEBOARD_BIN, "serve", "--host", "127.0.0.1", "--port", "0"};
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  child_ = spawn(args);
  running_ = true;
  std::string line = read_until(child_.out, "Serving on http://127.0.0.1:", 60);
  size_t at = line.find("127.0.0.1:");
  if (at == std::string::npos) {
    kill_hard();
    throw std::runtime_error("gameboard serve did not start: " + line);
  }
  port_ = static_cast<uint16_t>(std::stoi(line.substr(at + 10)));
}

ServeProcess::~ServeProcess() {
  if (running_) stop();
  if (child_.out >= 0) ::close(child_.out);
}

void ServeProcess::kill_hard() {
  if (!running_) return;
  ::kill(child_.pid, SIGKILL);
  ::waitpid(child_.pid, nullptr, 0);
  running_ = false;
}

int ServeProcess::stop() {
  if (!running_) return 0;
  ::kill(child_.pid, SIGTERM);
  running_ = false;
  return wait_exit(child_.pid, 30);
}

}  // namespace gb::server::testing
