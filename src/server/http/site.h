// The service's own texts (the two-call loop) and its public base URL. The index, llms.txt, the
// docs and the lobby all read these, so the loop is described in one place.
#pragma once

#include <string>
#include <string_view>

namespace gb::server {

inline constexpr std::string_view kServiceName = "Gameboard Agent API (self-hosted)";
inline constexpr std::string_view kServiceDescription =
    "Deterministic puzzle games played over a stateless two-call JSON loop that an LLM or a "
    "script can drive. The same seed and actions always give the same states and score.";
inline constexpr std::string_view kStep1 =
    "GET /api/games/{slug}/init?seed={number} returns { ok, state, observation, legalActions, "
    "spec, score, gameOver }. seed is a decimal integer 0..4294967295; omit it and the server "
    "picks one (returned in state.seed). spec documents the game: goal, scoring, rules, "
    "actionGrammar.";
inline constexpr std::string_view kStep2 =
    "POST /api/games/{slug}/action with the JSON body { state, action } returns { ok, state, "
    "observation, legalActions, score, gameOver }. The server keeps nothing between calls: send "
    "the latest state back every time.";
inline constexpr std::string_view kChoosingActions =
    "Pick an action from legalActions. An action the rules refuse answers HTTP 200 with { "
    "ok:false, reason, legalActions } and the state you sent, unchanged, so you can retry. A "
    "malformed body or state answers HTTP 400 with { error, issues }.";

// Returns "http://<host>" when the Host header looks like a host[:port], or "" (relative URLs)
// when it is absent or carries anything else.
std::string base_url(std::string_view host);

// The three per-game URLs the index publishes, under `base` ("" gives absolute paths).
std::string init_url(std::string_view base, std::string_view slug);
std::string action_url(std::string_view base, std::string_view slug);
std::string game_docs_url(std::string_view base, std::string_view slug);

// Returns the base URL to show in copy-paste examples: `base`, or a loopback default when empty.
std::string example_base_url(std::string_view base);

}  // namespace gb::server
