// A scorecard on a server, from the client's side (SPEC section 14): the bodies of
// POST /api/scorecards (open) and POST /api/scorecards/{id}/close, the answers read back (the
// open card's slots, the final card's statistics), and the two requests. A slot's run goes
// through harness/run_submit.h with a SlotRef.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/http_transport.h"
#include "scorecards/stats.h"

namespace gb::harness {

// Who plays a card: the agent's label and, for a model, the model and the harness protocol.
struct CardAgent {
  std::string label;
  std::string model;    // "" for none
  std::string harness;  // "" for none
};

// What the submitter reports at close; `seconds` is the wall time of the whole card.
struct CardUsage {
  int64_t prompt_tokens = 0;
  int64_t completion_tokens = 0;
  double cost_usd = 0;
  double seconds = 0;
};

// One slot of a card, as the server drew it.
struct CardSlot {
  int index = 0;
  std::string slug;
  uint32_t seed = 0;
  int64_t max_actions = 0;
  bool filled = false;  // the answer gave the slot a runId (a card read back, not a new one)
};

// The answer to opening a card, or to reading one back (GET /api/scorecards/{id}).
struct OpenedCard {
  std::string id_json;  // the card's id as the server wrote it (sent back verbatim)
  std::string id;       // the same for people and URLs: a string's text, a number's digits
  std::string suite;
  std::string name;
  std::string agent_label;  // agent.label, "" when absent
  std::string status;       // "open", "closed" or "expired"; "" when absent
  std::string deadline;
  std::vector<CardSlot> slots;  // in slot order
  std::string token;            // the name's token when opening claimed it, else ""
};

// The final card's numbers: its status and the statistics the server computed.
struct FinalCard {
  std::string status;
  scorecards::CardStats stats;
};

// Returns the POST /api/scorecards body: {suite, name, token? (when not empty), agent:{label,
// model?, harness?}}.
std::string open_card_body(std::string_view suite, std::string_view name, std::string_view token,
                           const CardAgent& agent);

// Reads a 201 answer to opening a card, or a 200 answer to reading one, into `out`; false with
// `error` saying what is missing or malformed otherwise (slots must be numbered 0, 1, ... in
// order).
bool parse_opened_card(std::string_view text, OpenedCard& out, std::string& error);

// Returns the POST /api/scorecards/{id}/close body: {token, usage?}.
std::string close_card_body(std::string_view token, const std::optional<CardUsage>& usage);

// Reads a final card ({status, games:{slug:{n, mean, ci95, normalised, humanNormalised}},
// overall:{normalised, ci95}}) into `out`, its games in the order of `order` (the card's slugs
// in slot order; a game the answer has beyond them follows in the answer's order). A null or
// absent interval or normalised score is unknown. False with `error` set when it is not one.
bool parse_final_card(std::string_view text, const std::vector<std::string>& order, FinalCard& out,
                      std::string& error);

// Returns an error answer ({error, issues?}) as one line: "Invalid scorecard: suite: unknown";
// a body that is not one comes back as it is, cut to 300 characters.
std::string answer_error(std::string_view body);

// The slugs of `slots` in slot order, each once.
std::vector<std::string> card_games(const std::vector<CardSlot>& slots);

// POST /api/scorecards with `body`; throws agents::RunError when the server cannot be reached
// (never retried: a second try could open a second card).
HttpAnswer open_card(const BaseUrl& server, std::string_view body);

// POST /api/scorecards/{id}/close with `body`; throws agents::RunError when the server cannot be
// reached.
HttpAnswer close_card(const BaseUrl& server, std::string_view id, std::string_view body);

// GET /api/scorecards/{id}; throws agents::RunError when the server cannot be reached.
HttpAnswer fetch_card(const BaseUrl& server, std::string_view id);

// The card's page: `server_url` without trailing slashes, then /scorecards/{id}.
std::string card_page_url(std::string_view server_url, std::string_view id);

}  // namespace gb::harness
