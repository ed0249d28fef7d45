// What applying one action answers. Engines include only this (no JSON), so they also build for
// WebAssembly, where the JSON reader (simdjson) does not.
#pragma once

#include <string_view>

namespace gb {

// The result of applying one action: accepted, or refused with a reason from the game's list.
struct Outcome {
  bool ok = true;
  std::string_view reason;  // empty when ok
  static Outcome accept() { return {}; }
  static Outcome refuse(std::string_view why) { return {false, why}; }
};

}  // namespace gb
