// libFuzzer harness: one game's state JSON decode and validation, built once per game with
// GB_FUZZ_TRAITS (e.g. gb::stormlark::Traits) from GB_FUZZ_TRAITS_HEADER. The input is a state
// as a client would send it. Each input must be either refused with at least one issue, or
// accepted as a state that
//   - re-encodes and decodes back to the same state, and re-encodes to the same bytes;
//   - takes every candidate action without a crash, a sanitizer report or a hang, where a refused
//     action leaves the state exactly as it was and an accepted one reaches a state that, when
//     its encoding is accepted, decodes back to itself.
// Any break of these aborts, which libFuzzer reports as a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/json_reader.h"
#include "core/json_writer.h"
#include GB_FUZZ_TRAITS_HEADER

namespace {

using Traits = GB_FUZZ_TRAITS;

// Encodes `s` as the wire does.
std::string encode(const Traits::State& s) {
  gb::JsonWriter w;
  Traits::encode_state(s, w);
  return w.take();
}

// Decodes `text` into `out`; true when the state is accepted. An accepted state has no issues
// and a refused one has at least one, or the harness aborts.
bool decode(std::string_view text, Traits::State& out) {
  gb::Issues issues;
  auto root = gb::parse_json(text, issues);
  if (!root) return false;
  const bool ok = Traits::decode_state(*root, out, issues);
  if (ok != issues.empty()) std::abort();
  return ok;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Traits::State s{};
  if (!decode(std::string_view(reinterpret_cast<const char*>(data), size), s)) return 0;

  const std::string text = encode(s);
  Traits::State back{};
  if (!decode(text, back) || !(back == s) || encode(back) != text) std::abort();

  Traits::ActionList actions;
  Traits::candidate_actions(s, actions);
  for (const auto& action : actions) {
    Traits::State next = s;
    if (!Traits::apply(next, action).ok) {
      if (!(next == s)) std::abort();
      continue;
    }
    // The state an action reaches may be refused (a score past the plausibility guard), but when
    // it is accepted it must be the same state.
    Traits::State reached{};
    if (decode(encode(next), reached) && !(reached == next)) std::abort();
  }
  return 0;
}
