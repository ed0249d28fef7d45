// Silkspan's keys in `gameboard play` (cli/play_keys.h), as on its web play page.
//   60 ticks/s: arrows set the heading, Space releases; Enter/Space start, and open the next panel
//   at the interstitial; Esc endRun.
#include "cli/play_keys.h"

namespace gb::cli {
namespace {

// The action JSON `key` sends, given the legal action types.
std::string action(const KeyPress& key, const std::vector<std::string>& legal) {
  const bool confirm = key.key == Key::kEnter || key.key == Key::kSpace;
  if (confirm && has_type(legal, "start")) return typed_action("start");
  if (confirm && has_type(legal, "nextStage")) return typed_action("nextStage");
  switch (key.key) {
    case Key::kUp:
      return R"({"type":"setHeading","dir":0})";
    case Key::kRight:
      return R"({"type":"setHeading","dir":1})";
    case Key::kDown:
      return R"({"type":"setHeading","dir":2})";
    case Key::kLeft:
      return R"({"type":"setHeading","dir":3})";
    case Key::kSpace:
      return typed_action("release");
    case Key::kEscape:
      return typed_action("endRun");
    default:
      return "";
  }
}

}  // namespace

extern const GameKeys silkspan_keys;
const GameKeys silkspan_keys = {
    action, 60,
    "Enter/Space start/next panel  arrows heading  Space release  Esc end run  P pause  "
    "q quit"};

}  // namespace gb::cli
