#include "runs/submit.h"

#include <chrono>
#include <cstdio>
#include <ctime>

#include "core/hash.h"
#include "runs/cards.h"
#include "runs/names.h"
#include "runs/secrets.h"
#include "runs/verify.h"
#include "scorecards/suite.h"

namespace gb::runs {
namespace {

// The idempotency key: the same (slug, seed, actions, name, kind) is one run.
std::string run_key(const VerifiedRun& run, const std::string& name_key, const std::string& kind) {
  return sha256_hex(run.slug + "\n" + std::to_string(run.seed) + "\n" + kind + "\n" + name_key +
                    "\n" + run.actions_json);
}

// The issues of a run aimed at a scorecard slot, checked against the card before any replay:
// the card and slot exist, and the run's game, seed, length and name are the slot's and the
// card's (through `slots` when given, else from `store`). Sets `closed` when the card no longer
// takes runs, and `cap` to the slot's cap.
std::vector<std::string> slot_issues(store::Store& store, SlotCache* slots,
                                     const RunSubmission& submission, const std::string& name_key,
                                     const std::string& now, bool& closed, int64_t& cap) {
  if (!submission.slot) return {"slot: required with scorecard"};
  int64_t index = *submission.slot;
  std::optional<CheckedSlot> checked =
      slots != nullptr ? slots->card_with_slot(store, *submission.scorecard, index)
                       : read_checked_slot(store, *submission.scorecard, index);
  if (!checked) return {"scorecard: no card has the id '" + *submission.scorecard + "'"};
  const store::Card& card = *checked->card;
  if (checked->slot == nullptr) {
    const scorecards::Suite* suite = scorecards::find_suite(card.suite);
    int count = suite != nullptr ? suite->slot_count() : 0;
    return {"slot: card " + card.id + " has slots 0.." + std::to_string(count - 1)};
  }
  const store::CardSlot& slot = *checked->slot;
  std::vector<std::string> issues;
  auto at = [index] { return "slot: slot " + std::to_string(index) + " is "; };
  if (submission.slug != slot.slug) issues.push_back(at() + "a run of " + slot.slug);
  if (submission.seed != slot.seed) issues.push_back(at() + "seed " + std::to_string(slot.seed));
  simdjson::dom::array actions;
  int64_t length = submission.actions.get(actions) == simdjson::SUCCESS
                       ? static_cast<int64_t>(actions.size())
                       : 0;
  // The cap counts the agent's actions: a run stopped at it ends with the game's end action, one
  // more (docs/scorecards.md), as the suite's reference runs do; submit_run checks after replay
  // that such a last action ended the run.
  cap = slot.max_actions;
  if (length > slot.max_actions + 1) {
    issues.push_back(at() + "capped at " + std::to_string(slot.max_actions) + " actions, not " +
                     std::to_string(length));
  }
  if (name_key != card.name_key) issues.push_back("scorecard: the card is " + card.name + "'s");
  closed = card_status(card, now) != CardStatus::kOpen;
  return issues;
}

}  // namespace

SubmitAnswer submit_run(store::Store& store, const RunSubmission& submission,
                        const std::string& now, const RunBounds& bounds, SlotCache* slots) {
  SubmitAnswer answer;
  CheckedName name = check_name(submission.name);
  if (!name.issue.empty()) answer.issues.push_back(name.issue);
  CheckedName agent = check_agent_label(submission.agent);
  if (!agent.issue.empty()) answer.issues.push_back(agent.issue);
  if (!answer.issues.empty()) return answer;
  if (submission.slot && !submission.scorecard) {
    answer.issues.push_back("scorecard: required with slot");
    return answer;
  }
  int64_t cap = 0;
  if (submission.scorecard) {
    bool closed = false;
    answer.issues = slot_issues(store, slots, submission, name.key, now, closed, cap);
    if (!answer.issues.empty()) return answer;
    if (closed) {
      answer.verdict = SubmitVerdict::kCardClosed;
      return answer;
    }
  }

  Verification verdict = verify_run(submission.slug, submission.seed, submission.actions, bounds);
  if (!verdict.run) {
    answer.issues.push_back(verdict.issue);
    return answer;
  }
  const VerifiedRun& run = *verdict.run;
  if (submission.scorecard && run.length > cap && !run.over) {
    answer.issues.push_back("slot: slot " + std::to_string(*submission.slot) + " is capped at " +
                            std::to_string(cap) +
                            " actions; one more is allowed only when it "
                            "ends the run (the end action at the cap)");
    return answer;
  }
  if (submission.declared_score && *submission.declared_score != run.score) {
    answer.issues.push_back("score: declared " + std::to_string(*submission.declared_score) +
                            ", replay gives " + std::to_string(run.score));
    return answer;
  }

  store::NewRun row;
  row.slug = run.slug;
  row.seed = run.seed;
  row.actions_json = run.actions_json;
  row.score = run.score;
  row.length = run.length;
  row.steps = run.steps;
  row.over = run.over;
  row.state_hash = run.state_hash;
  row.name = name.display;
  row.name_key = name.key;
  row.kind = submission.kind;
  row.agent = agent.display;
  row.rules_version = run.rules_version;
  row.run_key = run_key(run, name.key, submission.kind);
  row.created_at = now;
  row.day = now.substr(0, 10);
  if (submission.scorecard) {
    row.card_id = *submission.scorecard;
    row.slot = *submission.slot;
    answer.scorecard = submission.scorecard;
    answer.slot = *submission.slot;
  }

  // A client that chose a strong token of its own claims a new name with it, so a retry after a
  // lost answer still holds the name; otherwise the server mints one. A fill claims nothing: its
  // card's name was claimed when the card opened (the store ignores the fresh token's hash).
  std::string fresh_token;
  std::string fresh_hash;
  if (!submission.scorecard) {
    fresh_token =
        submission.token && strong_token(*submission.token) ? *submission.token : random_token();
    fresh_hash = sha256_hex(fresh_token);
  }
  std::string presented = submission.token ? sha256_hex(*submission.token) : std::string();
  store::SubmitResult stored = store.submit(row, presented, fresh_hash);
  switch (stored.status) {
    case store::SubmitStatus::kNameTaken:
      answer.verdict = SubmitVerdict::kNameTaken;
      return answer;
    case store::SubmitStatus::kSlotFilled:
      answer.verdict = SubmitVerdict::kSlotFilled;
      return answer;
    case store::SubmitStatus::kCardClosed:
      answer.verdict = SubmitVerdict::kCardClosed;
      return answer;
    case store::SubmitStatus::kCreated:
    case store::SubmitStatus::kExisting:
      break;
  }
  answer.verdict = stored.status == store::SubmitStatus::kCreated ? SubmitVerdict::kCreated
                                                                  : SubmitVerdict::kExisting;
  answer.run = std::move(stored.run);
  if (stored.name_claimed) answer.token = std::move(fresh_token);
  answer.rank = store.rank_of(answer.run.slug, answer.run.kind, answer.run.rules_version,
                              answer.run.score, answer.run.name_key);
  return answer;
}

}  // namespace gb::runs
