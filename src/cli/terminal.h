// The terminal for `gameboard play`: raw mode with RAII restore, key decoding (arrows, Esc,
// Enter, letters) and ANSI screen redraws. No library beyond termios and poll.
#pragma once

#include <termios.h>

#include <string>

namespace gb::cli {

enum class Key { kNone, kUp, kDown, kLeft, kRight, kSpace, kEnter, kEscape, kChar };

struct KeyPress {
  Key key = Key::kNone;
  char ch = 0;  // lower-cased, for Key::kChar
};

// Puts stdin into raw mode (no echo, no line buffering, non-blocking reads) and hides the
// cursor; restores both when destroyed.
class RawTerminal {
 public:
  RawTerminal();
  ~RawTerminal();
  RawTerminal(const RawTerminal&) = delete;
  RawTerminal& operator=(const RawTerminal&) = delete;

  // Waits up to `timeout_ms` for a key and decodes it; Key::kNone when none came.
  KeyPress read_key(int timeout_ms);

 private:
  termios saved_{};
};

// True when both stdin and stdout are terminals.
bool interactive_terminal();

// Clears the screen and writes `text` from the top-left corner.
void redraw(const std::string& text);

}  // namespace gb::cli
