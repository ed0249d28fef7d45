// libFuzzer harness: an untrusted {state, action} body for any registered game. The first byte
// picks the game; the rest is the JSON body. Every input must be answered with 200 or 400 and
// never crash, hang or trip a sanitizer; an accepted answer must itself be valid JSON.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/json_reader.h"
#include "registry/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  auto games = gb::all_games();
  const gb::GameService* game = games[data[0] % games.size()];
  std::string body(reinterpret_cast<const char*>(data + 1), size - 1);
  gb::Issues issues;
  auto root = gb::parse_json(body, issues);
  if (!root || root->type() != simdjson::dom::element_type::OBJECT) return 0;
  simdjson::dom::element state, action;
  if (root->at_key("state").get(state) || root->at_key("action").get(action)) return 0;
  gb::JsonWriter out;
  int status = game->write_action(state, action, out);
  if (status != 200 && status != 400) std::abort();
  // The answer must parse (a separate parser: the thread's parser owns `state` and `action`).
  simdjson::dom::parser check;
  simdjson::dom::element answer;
  if (check.parse(out.str()).get(answer)) std::abort();
  return 0;
}
