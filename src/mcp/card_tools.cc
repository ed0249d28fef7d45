#include "mcp/card_tools.h"

#include <chrono>
#include <string>
#include <vector>

#include "mcp/bound_games.h"
#include "mcp/tool_args.h"
#include "runs/card_codec.h"
#include "runs/cards.h"
#include "scorecards/card_table.h"

namespace gb::mcp {
namespace {

runs::TimePoint now() {
  return std::chrono::system_clock::now();
}

// The issues joined into one line.
std::string joined(const std::vector<std::string>& issues) {
  std::string out;
  for (const std::string& issue : issues) {
    if (!out.empty()) out += "; ";
    out += issue;
  }
  return out;
}

// The text of an opened card: what it is, the token when it claimed the name, how to play it, and
// one line per slot with its game's handle.
std::string opened_text(const runs::OpenedCard& opened, const std::vector<std::string>& game_ids) {
  const store::Card& card = opened.card;
  std::string text = "scorecard " + card.id + " opened on " + card.suite + " for " + card.name +
                     ": " + std::to_string(card.slots.size()) + " slots, deadline " +
                     card.deadline + ".\n";
  if (!opened.token.empty()) {
    text += "This card claimed the name " + card.name +
            "; its token (shown once, keep it: submit_run and close_scorecard need it): " +
            opened.token + "\n";
  } else {
    text += "submit_run and close_scorecard need the token of the name " + card.name + ".\n";
  }
  text +=
      "Each slot has its own game_id, dealt at the slot's seed: play it with act {game_id, "
      "actions:[...]} within the slot's cap of actions, then submit_run {game_id, token} fills "
      "the slot (one run per slot; an empty slot scores 0). When done, close_scorecard "
      "{scorecard, token} answers the card's scores.\n";
  for (size_t i = 0; i < card.slots.size(); ++i) {
    const store::CardSlot& slot = card.slots[i];
    text += "slot " + std::to_string(slot.index) + ": " + slot.slug + " seed " +
            std::to_string(slot.seed) + ", cap " + std::to_string(slot.max_actions) +
            " actions, game_id " + game_ids[i] + "\n";
  }
  return text;
}

// The text of a finished card: its status, how many slots hold a run, and its table of scores.
std::string card_text(const runs::CardReport& report) {
  const store::Card& card = report.card;
  int64_t filled = 0;
  for (const store::CardSlot& slot : card.slots) {
    if (slot.run_id != 0 && slot.score) ++filled;
  }
  return "scorecard " + card.id + " (" + card.suite + ", " + card.name + ") is " +
         std::string(runs::status_name(report.status)) + ": " + std::to_string(filled) + " of " +
         std::to_string(card.slots.size()) + " slots hold a run, the others score 0.\n" +
         scorecards::card_table(report.stats);
}

}  // namespace

ToolAnswer open_scorecard(JsonValue args, const ToolContext& context) {
  Issues issues;
  std::optional<runs::CardRequest> request = runs::decode_card_request(args, issues);
  if (!request) return bad_arguments(argument_issues(issues));
  if (context.secret.empty()) return unavailable("the server has no secret to deal cards with");
  runs::OpenedCard opened = runs::open_card(*context.store, *request, now(), context.secret);
  switch (opened.verdict) {
    case runs::CardVerdict::kInvalid:
      return refused("not opened: " + joined(opened.issues));
    case runs::CardVerdict::kNameTaken:
      return refused("not opened: the name " + request->name +
                     " is taken; pass the token its first run or card gave, or choose another "
                     "name");
    case runs::CardVerdict::kTooManyOpen:
      return refused("not opened: " + request->name + " already has " +
                     std::to_string(runs::kMaxOpenCards) +
                     " open scorecards; close one with close_scorecard or let it expire");
    case runs::CardVerdict::kOpened:
      break;
  }
  if (context.slot_cache != nullptr) context.slot_cache->keep_opened(opened.card);
  std::vector<std::string> game_ids;
  for (const store::CardSlot& slot : opened.card.slots) {
    game_ids.push_back(bound_game_id(context.secret, opened.card.id, slot.index));
  }
  return {ToolAnswer::Kind::kResult, opened_text(opened, game_ids),
          runs::encode_opened_card(opened, game_ids)};
}

ToolAnswer close_scorecard(JsonValue args, const ToolContext& context) {
  std::string problem;
  std::optional<std::string_view> id = string_arg(args, "scorecard", true, problem);
  if (!id) return bad_arguments(problem);
  Issues issues;
  std::optional<runs::CloseRequest> request = runs::decode_close_request(args, issues);
  if (!request) return bad_arguments(argument_issues(issues));
  if (!request->token) return bad_arguments("token: required");
  std::string unknown = "scorecard: no card has the id '" + std::string(*id) + "'";
  if (id->empty() || id->size() > 64) return bad_arguments(unknown);
  runs::ClosedCard closed = runs::close_card(
      *context.store, *id, request->token, request->usage_json, now(), nullptr, context.slot_cache);
  switch (closed.verdict) {
    case runs::CloseVerdict::kUnknown:
      return bad_arguments(unknown);
    case runs::CloseVerdict::kForbidden:
      return refused("not closed: that token is not the one of the card's name");
    case runs::CloseVerdict::kExpired: {
      std::optional<runs::CardReport> report = runs::read_card(*context.store, *id, now());
      if (!report) return bad_arguments(unknown);
      return {ToolAnswer::Kind::kRefused,
              "not closed: the card passed its deadline " + report->card.deadline +
                  " and is final as it stands.\n" + card_text(*report),
              runs::encode_card(*report)};
    }
    case runs::CloseVerdict::kClosed:
      break;
  }
  return {ToolAnswer::Kind::kResult, card_text(closed.report), runs::encode_card(closed.report)};
}

}  // namespace gb::mcp
