// A scorecard's JSON, written in this one place (SPEC section 14): reading the bodies that open
// and close a card, and writing suites, cards and the agents' board. No storage and no HTTP here.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "core/json_reader.h"
#include "runs/cards.h"

namespace gb::runs {

// Reads {suite, name, token?, agent?:{label?, model?, harness?, notes?}}; nullopt with issues
// when a field is missing or of the wrong type (the values are checked by open_card).
std::optional<CardRequest> decode_card_request(JsonValue body, Issues& issues);

// What closing a card sends: its name's token, and the submitter's usage report re-written
// compactly ("" when absent).
struct CloseRequest {
  std::optional<std::string> token;
  std::string usage_json;
};

// Reads {token, usage?:{promptTokens?, completionTokens?, costUsd?, seconds?}}, each usage figure
// a non-negative number (the token counts integers); nullopt with issues otherwise.
std::optional<CloseRequest> decode_close_request(JsonValue body, Issues& issues);

// {suites:[{id, sealed, games:[{slug, count, maxActions, seeds? (open only),
// reference:{random, planner}}]}]}.
std::string encode_suites();

// The 201 answer to opening a card: {id, suite, name, agent, status, openedAt, deadline,
// slots:[{index, slug, seed, maxActions, gameId?}], token?}; `game_ids` (none, or one per slot)
// are the handles of the slots' games that MCP's open_scorecard gives.
std::string encode_opened_card(const OpenedCard& opened,
                               std::span<const std::string> game_ids = {});

// A card: {id, suite, name, agent, status, openedAt, closedAt, deadline, usage,
// slots:[{index, slug, seed, maxActions, runId, score}], games:{slug:{n, mean, ci95, normalised,
// humanNormalised}}, overall:{normalised, ci95}}; unknown values are null.
std::string encode_card(const CardReport& report);

// {suite, total, entries:[{rank, name, agent, cards, runs, games, overall}]}.
std::string encode_agents_board(const AgentBoard& board);

}  // namespace gb::runs
