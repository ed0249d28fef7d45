// Helpers for the LLM harness's tests: the stand-in chat server (a Node process on a free
// loopback port), the gameboard binary run as a user would, and file reading.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace gb::llm_testing {

struct Ran {
  int code = -1;
  std::string output;  // stdout and stderr together
};

// Runs `env` (VAR=value ... or "") then the gameboard binary with `args` (a shell fragment),
// stdin from /dev/null. OPENAI_API_KEY is emptied first, so a key in the caller's environment is
// never sent (nor needed: the stand-in is on loopback).
Ran gameboard(const std::string& env, const std::string& args);

// Starts `gameboard <args>` in the background with `env`; returns its pid (its output goes to
// `log`).
pid_t start_gameboard(const std::string& env, const std::string& args, const std::string& log);

// The stand-in chat server, stopped when this object goes.
class StandIn {
 public:
  // `extra` adds flags, e.g. "--cert c.pem --key k.pem --key-expected K".
  StandIn(const std::filesystem::path& log, const std::string& extra = "");
  ~StandIn();
  StandIn(const StandIn&) = delete;
  StandIn& operator=(const StandIn&) = delete;
  int port() const { return port_; }
  // http(s)://127.0.0.1:PORT/v1
  std::string url(bool https = false) const;
  // The log's lines: one JSON object per request.
  std::vector<std::string> log_lines() const;

 private:
  std::filesystem::path log_;
  pid_t pid_ = -1;
  int port_ = 0;
};

std::string read_file(const std::filesystem::path& p);
std::vector<std::string> lines_of(const std::string& text);

// The string value of `"key":"..."` in one JSON line (no escapes inside), or "" when absent.
std::string field(const std::string& line, const std::string& key);
// The raw JSON of `"key":<value>` in one JSON line when the value is an object or a scalar.
std::string raw_field(const std::string& line, const std::string& key);

}  // namespace gb::llm_testing
