// What every game provides, and the shapes the registry, server, CLI and tests share.
//
// A game is a traits struct G (see `GameTraits` below) over its own engine: typed State and Action,
// pure functions to start, apply, list legal actions and read the score, plus a JSON codec. The
// engine itself knows nothing of JSON; the traits struct joins engine and codec for the layers
// above.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/json_reader.h"
#include "core/json_writer.h"
#include "core/outcome.h"

namespace gb {

// The texts a game publishes in `spec` and in the docs. All are static strings.
struct GameInfo {
  std::string_view slug;
  std::string_view name;
  std::string_view genre;
  std::string_view description;  // one line, for the index and the lobby
  std::string_view goal;
  std::string_view scoring;
  std::string_view rules;           // including every resolution this implementation made
  std::string_view action_grammar;  // the seed's JSON Schema, verbatim JSON
  // Changes whenever a rule or the generator changes (the golden signatures catch such a change).
  // A stored run records the version that verified it; boards rank the current version only.
  uint32_t rules_version = 1;
  // JSON Schemas (2020-12) of the encoded state and observation, published in /openapi.json.
  std::string_view state_schema;
  std::string_view observation_schema;
};

// The traits contract. ActionList is any container with push_back/clear/begin/end.
template <class G>
concept GameTraits = requires(typename G::State& s, const typename G::State& cs,
                              const typename G::Action& a, typename G::ActionList& list,
                              JsonValue v, Issues& issues, JsonWriter& w, uint32_t seed) {
  { G::info() } -> std::same_as<const GameInfo&>;
  { G::init(seed) } -> std::same_as<typename G::State>;
  { G::apply(s, a) } -> std::same_as<Outcome>;
  {G::legal_actions(cs, list)};
  // A superset of the legal set (every action kind with representative payloads), for probing.
  {G::candidate_actions(cs, list)};
  { G::score(cs) } -> std::same_as<int64_t>;
  { G::game_over(cs) } -> std::same_as<bool>;
  // The engine steps (turns or ticks) one action costs: a tick of count N counts N.
  { G::engine_steps(a) } -> std::same_as<int64_t>;
  // Strict grammar check used over HTTP: unknown types and out-of-range payloads are issues.
  { G::decode_action(v, issues) } -> std::same_as<std::optional<typename G::Action>>;
  // Full validation of an untrusted state.
  { G::decode_state(v, s, issues) } -> std::same_as<bool>;
  {G::encode_state(cs, w)};
  {G::encode_action(a, w)};
  {G::encode_observation(cs, w)};
};

}  // namespace gb
