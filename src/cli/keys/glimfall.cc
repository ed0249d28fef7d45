// Glimfall's keys in `gameboard play` (cli/play_keys.h), as on its web play page.
//   30 ticks/s: Left/Right rotate, Enter/Space start.
#include "cli/play_keys.h"

namespace gb::cli {
namespace {

// The action JSON `key` sends, given the legal action types.
std::string action(const KeyPress& key, const std::vector<std::string>& legal) {
  const bool confirm = key.key == Key::kEnter || key.key == Key::kSpace;
  if (confirm && has_type(legal, "start")) return typed_action("start");
  if (key.key == Key::kLeft) return R"({"type":"rotate","dir":-1})";
  if (key.key == Key::kRight) return R"({"type":"rotate","dir":1})";
  return "";
}

}  // namespace

extern const GameKeys glimfall_keys;
const GameKeys glimfall_keys = {action, 30,
                                "Enter/Space start  Left/Right rotate  P pause  q quit"};

}  // namespace gb::cli
