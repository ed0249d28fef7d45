// The C functions the WebAssembly module exports (web/engine.js wraps them). A run is a handle;
// strings returned stay valid until the next call on the same handle. Nothing here decodes JSON:
// runs start from a seed and step compact actions, so the page needs no JSON reader.
#include <emscripten/emscripten.h>

#include <array>
#include <memory>
#include <vector>

#include "wasm/ports.h"
#include "wasm/random_play.h"
#include "wasm/session.h"

namespace gb::wasm {
namespace {

using Factory = std::unique_ptr<Session> (*)(uint32_t seed);
using Player = uint64_t (*)(uint32_t seed, int64_t steps);

template <class Port>
std::unique_ptr<Session> make_session(uint32_t seed) {
  return std::make_unique<SessionFor<Port>>(seed);
}

struct GameEntry {
  std::string_view slug;
  Factory make;
  Player play;
};

#define GB_GAME_ENTRY(slug) {slug::Port::kSlug, make_session<slug::Port>, random_play<slug::Port>},
constexpr auto kGames = std::to_array<GameEntry>({GB_ALL_GAMES(GB_GAME_ENTRY)});
#undef GB_GAME_ENTRY

std::vector<std::unique_ptr<Session>>& sessions() {
  static std::vector<std::unique_ptr<Session>> all;
  return all;
}

// Stores `s` in the first free slot; returns its handle.
int keep(std::unique_ptr<Session> s) {
  auto& all = sessions();
  for (size_t i = 0; i < all.size(); ++i) {
    if (!all[i]) {
      all[i] = std::move(s);
      return static_cast<int>(i);
    }
  }
  all.push_back(std::move(s));
  return static_cast<int>(all.size() - 1);
}

// The session of `handle`, or nullptr for a closed or unknown handle.
Session* find(int handle) {
  auto& all = sessions();
  if (handle < 0 || static_cast<size_t>(handle) >= all.size()) return nullptr;
  return all[static_cast<size_t>(handle)].get();
}

}  // namespace
}  // namespace gb::wasm

using gb::wasm::find;

extern "C" {

// The number of games; game indexes are 0..count-1.
EMSCRIPTEN_KEEPALIVE int gb_game_count() {
  return static_cast<int>(gb::wasm::kGames.size());
}

// The slug of game `game` (a static NUL-terminated string), or "" when out of range.
EMSCRIPTEN_KEEPALIVE const char* gb_game_slug(int game) {
  if (game < 0 || game >= gb_game_count()) return "";
  return gb::wasm::kGames[static_cast<size_t>(game)].slug.data();
}

// Starts a run of game `game` at `seed`; returns its handle, or -1 for an unknown game.
EMSCRIPTEN_KEEPALIVE int gb_open(int game, uint32_t seed) {
  if (game < 0 || game >= gb_game_count()) return -1;
  return gb::wasm::keep(gb::wasm::kGames[static_cast<size_t>(game)].make(seed));
}

// Copies run `handle` into a new handle; -1 when `handle` is not open.
EMSCRIPTEN_KEEPALIVE int gb_clone(int handle) {
  gb::wasm::Session* s = find(handle);
  return s ? gb::wasm::keep(s->clone()) : -1;
}

// Ends run `handle` and frees its slot.
EMSCRIPTEN_KEEPALIVE void gb_close(int handle) {
  if (find(handle)) gb::wasm::sessions()[static_cast<size_t>(handle)].reset();
}

// Applies one action: 1 applied, 0 refused (gb_reason), -1 invalid action or handle. `arg` is a
// double because JavaScript numbers are; it is taken only when an integer.
EMSCRIPTEN_KEEPALIVE int gb_step(int handle, int type, double arg, int has_arg) {
  gb::wasm::Session* s = find(handle);
  if (!s) return -1;
  const bool integral =
      arg >= -1e15 && arg <= 1e15 && static_cast<double>(static_cast<int64_t>(arg)) == arg;
  if (has_arg && !integral) return -1;
  return static_cast<int>(s->step(type, has_arg ? static_cast<int64_t>(arg) : 0, has_arg != 0));
}

// The last refusal's reason ("" after an applied step).
EMSCRIPTEN_KEEPALIVE const char* gb_reason(int handle) {
  gb::wasm::Session* s = find(handle);
  if (!s || s->reason().empty()) return "";
  return s->reason().data();  // reasons are string literals, so NUL-terminated
}

// The score of run `handle` (0 for an unknown handle).
EMSCRIPTEN_KEEPALIVE double gb_score(int handle) {
  gb::wasm::Session* s = find(handle);
  return s ? static_cast<double>(s->score()) : 0;
}

// 1 when run `handle` is over.
EMSCRIPTEN_KEEPALIVE int gb_over(int handle) {
  gb::wasm::Session* s = find(handle);
  return s && s->over() ? 1 : 0;
}

// The state's JSON.
EMSCRIPTEN_KEEPALIVE const char* gb_state(int handle) {
  gb::wasm::Session* s = find(handle);
  return s ? s->state_json().c_str() : "";
}

// The API's answer JSON for the current state.
EMSCRIPTEN_KEEPALIVE const char* gb_answer(int handle) {
  gb::wasm::Session* s = find(handle);
  return s ? s->answer_json().c_str() : "";
}

// The game's action type names as a JSON array (index = gb_step's `type`).
EMSCRIPTEN_KEEPALIVE const char* gb_action_names(int handle) {
  gb::wasm::Session* s = find(handle);
  return s ? s->action_names_json().c_str() : "";
}

// Plays `steps` random legal actions of game `game` from `seed` (random_play.h); answers the
// digest's low 32 bits (a JavaScript-safe check that native and wasm played the same game).
EMSCRIPTEN_KEEPALIVE uint32_t gb_random_play(int game, uint32_t seed, double steps) {
  if (game < 0 || game >= gb_game_count()) return 0;
  return static_cast<uint32_t>(
      gb::wasm::kGames[static_cast<size_t>(game)].play(seed, static_cast<int64_t>(steps)));
}
}
