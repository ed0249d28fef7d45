// Stormlark's keys in `gameboard play` (cli/play_keys.h), as on its web play page.
//   Turn-based: Up/Down move, Space FIRE, V VENT, N NEXT_REACH (or Enter when legal), Esc END_RUN.
#include "cli/play_keys.h"

namespace gb::cli {
namespace {

// The action JSON `key` sends, given the legal action types.
std::string action(const KeyPress& key, const std::vector<std::string>& legal) {
  switch (key.key) {
    case Key::kUp:
      return typed_action("UP");
    case Key::kDown:
      return typed_action("DOWN");
    case Key::kSpace:
      return typed_action("FIRE");
    case Key::kEscape:
      return typed_action("END_RUN");
    case Key::kEnter:
      return has_type(legal, "NEXT_REACH") ? typed_action("NEXT_REACH") : "";
    case Key::kChar:
      if (key.ch == 'v') return typed_action("VENT");
      if (key.ch == 'n') return typed_action("NEXT_REACH");
      return "";
    default:
      return "";
  }
}

}  // namespace

extern const GameKeys stormlark_keys;
const GameKeys stormlark_keys = {
    action, 0, "Up/Down move  Space fire  V vent  N next reach  Esc end run  q quit"};

}  // namespace gb::cli
