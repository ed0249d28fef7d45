#include "deploy/cluster.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include "server/child_process.h"

namespace gb::deploy::testing {

using server::testing::read_until;
using server::testing::spawn;
using server::testing::wait_exit;

Cluster::Cluster(ClusterOptions options) : options_(std::move(options)) {
  prefix_ = "/tmp/gameboard-drill-" + std::to_string(options_.port);
  std::vector<std::string> args = {"/bin/bash",  GB_SOURCE_DIR "/deploy/cluster.sh",
                                   "--replicas", std::to_string(options_.replicas),
                                   "--port",     std::to_string(options_.port),
                                   "--pg-port",  std::to_string(options_.pg_port),
                                   "--rate",     std::to_string(options_.rate),
                                   "--burst",    std::to_string(options_.burst),
                                   "--bin",      GAMEBOARD_BIN,
                                   "--prefix",   prefix_,
                                   "--"};
  args.insert(args.end(), options_.serve_args.begin(), options_.serve_args.end());
  server::testing::Child child = spawn(args);
  pid_ = child.pid;
  out_ = child.out;
  std::string text = read_until(out_, "Cluster ready: http://127.0.0.1:", 90);
  if (text.find("Cluster ready") == std::string::npos) {
    stop();
    throw std::runtime_error("deploy/cluster.sh did not start (is nginx installed?): " + text);
  }
}

Cluster::~Cluster() {
  stop();
}

pid_t Cluster::replica_pid(int i) const {
  std::ifstream in(prefix_ + "/replica-" + std::to_string(i) + ".pid");
  pid_t pid = -1;
  in >> pid;
  return pid;
}

bool Cluster::replica_healthy(int i) const {
  return fetch(static_cast<uint16_t>(options_.port + i), "GET", "/healthz", {}, "127.0.0.1",
               std::chrono::seconds(2))
             .status == 200;
}

int Cluster::stop() {
  if (pid_ < 0) return 0;
  ::kill(pid_, SIGTERM);
  int code = wait_exit(pid_, 60);
  pid_ = -1;
  if (out_ >= 0) ::close(out_);
  out_ = -1;
  return code;
}

namespace {

// Reads everything until the peer closes or `deadline`; false when the deadline passed.
bool read_all(int fd, std::string& text, std::chrono::steady_clock::time_point deadline) {
  char buf[16384];
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd pfd{fd, POLLIN, 0};
    if (::poll(&pfd, 1, static_cast<int>(left.count())) <= 0) continue;
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n == 0) return true;
    if (n < 0) return false;
    text.append(buf, static_cast<size_t>(n));
  }
}

std::string header_value(std::string_view head, std::string_view lower_name) {
  std::string lower(head);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string needle = "\r\n" + std::string(lower_name) + ":";
  size_t at = lower.find(needle);
  if (at == std::string::npos) return "";
  size_t start = at + needle.size();
  size_t end = head.find("\r\n", start);
  std::string value(head.substr(start, end - start));
  while (!value.empty() && value.front() == ' ') value.erase(0, 1);
  return value;
}

}  // namespace

Reply fetch(uint16_t port, std::string_view method, std::string_view target, std::string_view body,
            std::string_view source, std::chrono::milliseconds timeout) {
  auto started = std::chrono::steady_clock::now();
  auto deadline = started + timeout;
  Reply reply;
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return reply;
  sockaddr_in from{};
  from.sin_family = AF_INET;
  ::inet_pton(AF_INET, std::string(source).c_str(), &from.sin_addr);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(port);
  ::inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
  std::string request = std::string(method) + " " + std::string(target) +
                        " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                        "\r\nConnection: close\r\nContent-Type: application/json\r\n"
                        "Content-Length: " +
                        std::to_string(body.size()) + "\r\n\r\n" + std::string(body);
  std::string text;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from) == 0 &&
      ::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0 &&
      ::send(fd, request.data(), request.size(), MSG_NOSIGNAL) ==
          static_cast<ssize_t>(request.size())) {
    read_all(fd, text, deadline);
  }
  ::close(fd);
  reply.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - started);
  size_t head_end = text.find("\r\n\r\n");
  if (!text.starts_with("HTTP/1.1 ") || head_end == std::string::npos || text.size() < 12) {
    return reply;
  }
  std::string_view head(text.data(), head_end);
  if (!header_value(head, "transfer-encoding").empty()) return reply;  // never chunked here
  std::string length = header_value(head, "content-length");
  if (length.empty() || std::stoul(length) != text.size() - head_end - 4) return reply;  // cut
  reply.status = std::atoi(text.substr(9, 3).c_str());
  reply.retry_after = header_value(head, "retry-after");
  reply.body = text.substr(head_end + 4);
  return reply;
}

bool pg_script(std::string_view command, uint16_t port) {
  std::string line = "bash " GB_SOURCE_DIR "/scripts/pg.sh " + std::string(command) + " " +
                     std::to_string(port) + " >/dev/null";
  return std::system(line.c_str()) == 0;
}

std::string psql_command(uint16_t pg_port) {
  return "\"$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)/psql\" -X -h 127.0.0.1 -p " +
         std::to_string(pg_port) + " -U gb -d gameboard";
}

std::string psql(uint16_t pg_port, const std::string& sql) {
  std::string command = psql_command(pg_port) + " -tAc \"" + sql + "\"";
  std::string out;
  if (FILE* pipe = ::popen(command.c_str(), "r")) {
    char buf[256];
    while (std::fgets(buf, sizeof buf, pipe) != nullptr) out += buf;
    ::pclose(pipe);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}

}  // namespace gb::deploy::testing
