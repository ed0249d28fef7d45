#include "server/answer_log.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

#include "core/json_writer.h"

namespace gb::server::testing {
namespace {

constexpr size_t kMaxLoggedRequest = 1u << 20;

// The open log, or nullptr when GB_ANSWER_LOG is unset.
std::FILE* log_file() {
  static std::FILE* file = [] {
    const char* path = std::getenv("GB_ANSWER_LOG");
    return path != nullptr && *path != '\0' ? std::fopen(path, "w") : nullptr;
  }();
  return file;
}

}  // namespace

void record_answer(std::string_view method, std::string_view target, std::string_view request,
                   int status, std::string_view body) {
  static std::mutex mutex;
  std::FILE* file = log_file();
  if (file == nullptr) return;
  std::string line = "{\"method\":";
  append_json_string(line, method);
  line += ",\"target\":";
  append_json_string(line, target);
  line += ",\"status\":" + std::to_string(status) + ",\"body\":";
  append_json_string(line, body);
  if (!request.empty() && request.size() <= kMaxLoggedRequest) {
    line += ",\"request\":";
    append_json_string(line, request);
  }
  line += "}\n";
  std::lock_guard lock(mutex);
  std::fwrite(line.data(), 1, line.size(), file);
  std::fflush(file);
}

}  // namespace gb::server::testing
