#include "cli/terminal.h"

#include <poll.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>

namespace gb::cli {
namespace {

// Reads one byte if one arrives within `timeout_ms`; -1 otherwise.
int read_byte(int timeout_ms) {
  pollfd p{STDIN_FILENO, POLLIN, 0};
  if (poll(&p, 1, timeout_ms) <= 0) return -1;
  unsigned char c = 0;
  if (read(STDIN_FILENO, &c, 1) != 1) return -1;
  return c;
}

}  // namespace

RawTerminal::RawTerminal() {
  tcgetattr(STDIN_FILENO, &saved_);
  termios raw = saved_;
  raw.c_lflag &= ~static_cast<tcflag_t>(ICANON | ECHO);
  raw.c_cc[VMIN] = 0;
  raw.c_cc[VTIME] = 0;
  tcsetattr(STDIN_FILENO, TCSANOW, &raw);
  std::fputs("\x1b[?25l", stdout);
  std::fflush(stdout);
}

RawTerminal::~RawTerminal() {
  tcsetattr(STDIN_FILENO, TCSANOW, &saved_);
  std::fputs("\x1b[?25h\n", stdout);
  std::fflush(stdout);
}

KeyPress RawTerminal::read_key(int timeout_ms) {
  int c = read_byte(timeout_ms);
  if (c < 0) return {};
  if (c == 27) {
    // An arrow is ESC [ A..D; a lone ESC is the Esc key.
    int next = read_byte(20);
    if (next != '[') return {Key::kEscape};
    switch (read_byte(20)) {
      case 'A':
        return {Key::kUp};
      case 'B':
        return {Key::kDown};
      case 'C':
        return {Key::kRight};
      case 'D':
        return {Key::kLeft};
      default:
        return {};
    }
  }
  if (c == ' ') return {Key::kSpace};
  if (c == '\n' || c == '\r') return {Key::kEnter};
  return {Key::kChar, static_cast<char>(std::tolower(c))};
}

bool interactive_terminal() {
  return isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0;
}

void redraw(const std::string& text) {
  std::fputs("\x1b[H\x1b[2J", stdout);
  // Raw mode leaves output post-processing on, so "\n" still returns the carriage.
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
}

}  // namespace gb::cli
