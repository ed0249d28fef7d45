#include "cli/progress.h"

#include <unistd.h>

namespace gb::cli {

Progress::Progress(std::FILE* out, std::string what)
    : out_(out),
      what_(std::move(what)),
      terminal_(isatty(fileno(out)) != 0),
      start_(std::chrono::steady_clock::now()) {}

void Progress::update(size_t done, size_t total) {
  if (total == 0) return;
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  double eta =
      done == 0 ? 0 : elapsed * static_cast<double>(total - done) / static_cast<double>(done);
  if (terminal_) {
    constexpr size_t kWidth = 30;
    size_t filled = done * kWidth / total;
    std::string bar(filled, '#');
    bar.append(kWidth - filled, '.');
    std::fprintf(out_, "\r%s [%s] %zu/%zu  %.0fs elapsed, eta %.0fs ", what_.c_str(), bar.c_str(),
                 done, total, elapsed, eta);
    if (done == total) std::fputc('\n', out_);
    std::fflush(out_);
    return;
  }
  size_t tenth = done * 10 / total;
  if (tenth == last_tenth_ && done != total) return;
  last_tenth_ = tenth;
  std::fprintf(out_, "%s: %zu/%zu runs (%zu%%), %.0fs elapsed, eta %.0fs\n", what_.c_str(), done,
               total, done * 100 / total, elapsed, eta);
  std::fflush(out_);
}

}  // namespace gb::cli
