#include "llm/support.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace gb::llm_testing {

Ran gameboard(const std::string& env, const std::string& args) {
  std::string command = env + " " + std::string(GAMEBOARD_BIN) + " " + args + " </dev/null 2>&1";
  Ran ran;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return ran;
  char buffer[4096];
  size_t n = 0;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) ran.output.append(buffer, n);
  int status = pclose(pipe);
  ran.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return ran;
}

pid_t start_gameboard(const std::string& env, const std::string& args, const std::string& log) {
  std::string command = "exec env OPENAI_API_KEY= " + env + " " + std::string(GAMEBOARD_BIN) + " " +
                        args + " </dev/null >" + log + " 2>&1";
  pid_t pid = fork();
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
}

StandIn::StandIn(const std::filesystem::path& log, const std::string& extra) : log_(log) {
  std::ofstream(log_).close();
  int out[2];
  if (pipe(out) != 0) throw std::runtime_error("pipe");
  std::string command =
      "exec node " + std::string(STAND_IN_JS) + " --log " + log_.string() + " " + extra;
  pid_ = fork();
  if (pid_ == 0) {
    dup2(out[1], 1);
    close(out[0]);
    close(out[1]);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(out[1]);
  std::string line;
  char c = 0;
  while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
  close(out[0]);
  if (line.rfind("PORT ", 0) != 0) throw std::runtime_error("the stand-in did not start: " + line);
  port_ = std::stoi(line.substr(5));
}

StandIn::~StandIn() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    waitpid(pid_, nullptr, 0);
  }
}

std::string StandIn::url(bool https) const {
  return std::string(https ? "https" : "http") + "://127.0.0.1:" + std::to_string(port_) + "/v1";
}

std::vector<std::string> StandIn::log_lines() const {
  return lines_of(read_file(log_));
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream s(text);
  for (std::string line; std::getline(s, line);) {
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

std::string field(const std::string& line, const std::string& key) {
  std::string needle = "\"" + key + "\":\"";
  size_t at = line.find(needle);
  if (at == std::string::npos) return "";
  at += needle.size();
  return line.substr(at, line.find('"', at) - at);
}

std::string raw_field(const std::string& line, const std::string& key) {
  std::string needle = "\"" + key + "\":";
  size_t at = line.find(needle);
  if (at == std::string::npos) return "";
  at += needle.size();
  if (line[at] == '{') return line.substr(at, line.find('}', at) - at + 1);
  size_t end = line.find_first_of(",}", at);
  return line.substr(at, end - at);
}

}  // namespace gb::llm_testing
