// Progress reporting for long commands: a redrawn bar with an ETA on a terminal, plain lines
// (every 10 percent) otherwise. Uses the wall clock for display only.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <string>

namespace gb::cli {

class Progress {
 public:
  // Reports to `out` (stderr in practice) about work named `what`.
  Progress(std::FILE* out, std::string what);
  // Records that `done` of `total` items are finished.
  void update(size_t done, size_t total);

 private:
  std::FILE* out_;
  std::string what_;
  bool terminal_;
  size_t last_tenth_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace gb::cli
