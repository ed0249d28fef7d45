// Testgame's keys in `gameboard play` (cli/play_keys.h); a game for tests only.
//   Turn-based: Enter starts, 1/2/3 take pebbles, Space ticks, Esc endRun.
#include "cli/play_keys.h"

namespace gb::cli {
namespace {

// The action JSON `key` sends.
std::string action(const KeyPress& key, const std::vector<std::string>&) {
  if (key.key == Key::kEnter) return typed_action("start");
  if (key.key == Key::kSpace) return typed_action("tick");
  if (key.key == Key::kEscape) return typed_action("endRun");
  if (key.key == Key::kChar && key.ch >= '1' && key.ch <= '3') {
    return R"({"type":"take","count":)" + std::string(1, key.ch) + "}";
  }
  return "";
}

}  // namespace

extern const GameKeys testgame_keys;
const GameKeys testgame_keys = {action, 0,
                                "Enter start  1/2/3 take  Space tick  Esc end run  q quit"};

}  // namespace gb::cli
