#include "cli/play_keys.h"

#include <algorithm>

namespace gb::cli {
namespace {

bool has(const std::vector<std::string>& types, std::string_view t) {
  return std::find(types.begin(), types.end(), t) != types.end();
}

std::string typed(std::string_view type) {
  return "{\"type\":\"" + std::string(type) + "\"}";
}

}  // namespace

std::string action_for_key(std::string_view slug, const KeyPress& key,
                           const std::vector<std::string>& legal) {
  bool confirm = key.key == Key::kEnter || key.key == Key::kSpace;
  if (slug == "stormlark") {
    switch (key.key) {
      case Key::kUp:
        return typed("UP");
      case Key::kDown:
        return typed("DOWN");
      case Key::kSpace:
        return typed("FIRE");
      case Key::kEscape:
        return typed("END_RUN");
      case Key::kEnter:
        return has(legal, "NEXT_REACH") ? typed("NEXT_REACH") : "";
      case Key::kChar:
        if (key.ch == 'v') return typed("VENT");
        if (key.ch == 'n') return typed("NEXT_REACH");
        return "";
      default:
        return "";
    }
  }
  if (slug == "glimfall") {
    if (confirm && has(legal, "start")) return typed("start");
    if (key.key == Key::kLeft) return R"({"type":"rotate","dir":-1})";
    if (key.key == Key::kRight) return R"({"type":"rotate","dir":1})";
    return "";
  }
  if (slug == "silkspan") {
    if (confirm && has(legal, "start")) return typed("start");
    if (confirm && has(legal, "nextStage")) return typed("nextStage");
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
        return typed("release");
      case Key::kEscape:
        return typed("endRun");
      default:
        return "";
    }
  }
  return "";
}

int ticks_per_second(std::string_view slug) {
  if (slug == "glimfall") return 30;
  if (slug == "silkspan") return 60;
  return 0;
}

std::string_view key_help(std::string_view slug) {
  if (slug == "stormlark") {
    return "Up/Down move  Space fire  V vent  N next reach  Esc end run  q quit";
  }
  if (slug == "glimfall") return "Enter/Space start  Left/Right rotate  P pause  q quit";
  if (slug == "silkspan") {
    return "Enter/Space start/next panel  arrows heading  Space release  Esc end run  P pause  "
           "q quit";
  }
  return "q quit";
}

}  // namespace gb::cli
