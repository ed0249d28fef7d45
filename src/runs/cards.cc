#include "runs/cards.h"

#include <algorithm>
#include <map>

#include "core/clock.h"
#include "core/hash.h"
#include "registry/registry.h"
#include "runs/names.h"
#include "runs/secrets.h"
#include "scorecards/suite.h"

namespace gb::runs {
namespace {

// What a sealed card's slot seed is keyed on: "card/<id>/<index>".
std::string sealed_seed_message(std::string_view card_id, int64_t index) {
  std::string message = "card/";
  message.append(card_id);
  message.push_back('/');
  message.append(std::to_string(index));
  return message;
}

// The slots of a new card of `suite`: an open suite's seeds, or a sealed suite's drawn from the
// secret, the card id and the slot index, so nobody can know them before the card opens.
std::vector<store::CardSlot> new_slots(const scorecards::Suite& suite, std::string_view card_id,
                                       std::string_view secret) {
  std::vector<store::CardSlot> slots;
  for (const scorecards::SuiteGame& game : suite.games) {
    for (int i = 0; i < game.count; ++i) {
      store::CardSlot slot;
      slot.index = static_cast<int64_t>(slots.size());
      slot.slug = std::string(game.slug);
      slot.max_actions = game.max_actions;
      slot.seed = suite.sealed ? keyed_seed(secret, sealed_seed_message(card_id, slot.index))
                               : game.seeds[static_cast<size_t>(i)];
      slots.push_back(std::move(slot));
    }
  }
  return slots;
}

// The human references of every game of `suite`, in its order, from `cache` when it has them.
std::vector<std::optional<double>> human_references(store::Store& store,
                                                    const scorecards::Suite& suite, TimePoint now,
                                                    CardCache* cache) {
  std::string id(suite.id);
  if (cache != nullptr) {
    if (auto cached = cache->humans(id, now)) return *cached;
  }
  std::vector<std::optional<double>> out;
  for (const scorecards::SuiteGame& game : suite.games) {
    out.push_back(human_reference(store, game.slug));
  }
  if (cache != nullptr) cache->put_humans(id, now, out);
  return out;
}

// The statistics of one name's or one card's scores by game (a missing game has no scores).
scorecards::CardStats stats_of(const scorecards::Suite& suite,
                               const std::map<std::string, std::vector<int64_t>>& scores,
                               const std::vector<std::optional<double>>& humans) {
  std::vector<scorecards::GameInput> inputs;
  for (size_t g = 0; g < suite.games.size(); ++g) {
    const scorecards::SuiteGame& game = suite.games[g];
    scorecards::GameInput input;
    input.slug = std::string(game.slug);
    if (auto it = scores.find(input.slug); it != scores.end()) input.scores = it->second;
    input.random = game.random.mean();
    input.planner = game.planner.mean();
    input.human = humans[g];
    inputs.push_back(std::move(input));
  }
  return scorecards::compute_stats(inputs);
}

// The issues of a card request's suite and agent fields; the name is checked with it.
std::vector<std::string> request_issues(const CardRequest& request, CheckedName& name,
                                        store::CardAgent& agent) {
  std::vector<std::string> issues;
  if (scorecards::find_suite(request.suite) == nullptr) {
    issues.push_back("suite: no suite is named '" + request.suite + "' (see GET /api/suites)");
  }
  name = check_name(request.name);
  if (!name.issue.empty()) issues.push_back(name.issue);
  CheckedName label = check_agent_label(request.agent.label);
  CheckedName model = check_agent_detail(request.agent.model, "agent.model", kMaxModelLength);
  CheckedName harness = check_agent_detail(request.agent.harness, "agent.harness", kMaxModelLength);
  CheckedName notes = check_agent_detail(request.agent.notes, "agent.notes", kMaxNotesLength);
  for (const CheckedName* field : {&label, &model, &harness, &notes}) {
    if (!field->issue.empty()) issues.push_back(field->issue);
  }
  agent = {label.display, model.display, harness.display, notes.display};
  return issues;
}

}  // namespace

OpenedCard open_card(store::Store& store, const CardRequest& request, TimePoint now,
                     std::string_view secret) {
  OpenedCard opened;
  CheckedName name;
  store::CardAgent agent;
  opened.issues = request_issues(request, name, agent);
  if (!opened.issues.empty()) return opened;
  const scorecards::Suite& suite = *scorecards::find_suite(request.suite);

  store::Card& card = opened.card;
  card.id = random_token();
  card.id[0] = 'c';  // "c" and 24 random hex digits (96 bits): readable as a card id
  card.id.resize(25);
  card.suite = std::string(suite.id);
  card.name = name.display;
  card.name_key = name.key;
  card.agent = std::move(agent);
  card.opened_at = format_utc(now);
  card.deadline = format_utc(now + kCardLifetime);
  card.slots = new_slots(suite, card.id, secret);

  // As a run submission: a strong token of the client's own claims a new name.
  std::string fresh_token =
      request.token && strong_token(*request.token) ? *request.token : random_token();
  std::string presented = request.token ? sha256_hex(*request.token) : std::string();
  store::OpenCardResult result =
      store.open_card(card, presented, sha256_hex(fresh_token), kMaxOpenCards);
  switch (result.status) {
    case store::OpenCardStatus::kNameTaken:
      opened.verdict = CardVerdict::kNameTaken;
      break;
    case store::OpenCardStatus::kTooManyOpen:
      opened.verdict = CardVerdict::kTooManyOpen;
      break;
    case store::OpenCardStatus::kOpened:
      opened.verdict = CardVerdict::kOpened;
      if (result.name_claimed) opened.token = std::move(fresh_token);
      break;
  }
  return opened;
}

CardStatus card_status(const store::Card& card, std::string_view now) {
  if (!card.closed_at.empty()) return CardStatus::kClosed;
  return now >= card.deadline ? CardStatus::kExpired : CardStatus::kOpen;
}

std::string_view status_name(CardStatus status) {
  switch (status) {
    case CardStatus::kOpen:
      return "open";
    case CardStatus::kClosed:
      return "closed";
    case CardStatus::kExpired:
      return "expired";
  }
  return "open";
}

std::optional<CardReport> read_card(store::Store& store, std::string_view id, TimePoint now,
                                    CardCache* cache) {
  std::optional<store::Card> card = store.card(id);
  if (!card) return std::nullopt;
  const scorecards::Suite* suite = scorecards::find_suite(card->suite);
  if (suite == nullptr) return std::nullopt;  // a suite this program no longer knows
  std::map<std::string, std::vector<int64_t>> scores;
  for (const store::CardSlot& slot : card->slots) {
    scores[slot.slug].push_back(slot.score.value_or(0));
  }
  CardReport report;
  report.status = card_status(*card, format_utc(now));
  report.stats = stats_of(*suite, scores, human_references(store, *suite, now, cache));
  report.card = std::move(*card);
  return report;
}

ClosedCard close_card(store::Store& store, std::string_view id,
                      const std::optional<std::string>& token, std::string_view usage_json,
                      TimePoint now, CardCache* cache, SlotCache* slots) {
  ClosedCard closed;
  std::optional<store::Card> card = store.card(id);
  if (!card) return closed;
  std::optional<std::string> owner = store.name_token_hash(card->name_key);
  if (!token || !owner || sha256_hex(*token) != *owner) {
    closed.verdict = CloseVerdict::kForbidden;
    return closed;
  }
  std::string at = format_utc(now);
  if (card_status(*card, at) == CardStatus::kExpired) {
    closed.verdict = CloseVerdict::kExpired;
    return closed;
  }
  if (card_status(*card, at) == CardStatus::kOpen && !store.close_card(id, at, usage_json)) {
    // Its deadline passed or another call closed it meanwhile: answer what it is now.
    std::optional<store::Card> now_card = store.card(id);
    if (now_card && card_status(*now_card, at) == CardStatus::kExpired) {
      closed.verdict = CloseVerdict::kExpired;
      return closed;
    }
  }
  if (slots != nullptr) slots->forget(id);
  std::optional<CardReport> report = read_card(store, id, now, cache);
  if (!report) return closed;
  closed.verdict = CloseVerdict::kClosed;
  closed.report = std::move(*report);
  return closed;
}

namespace {

// Every name's row of `suite`'s board from its finished slots, ranked.
std::vector<AgentRow> ranked_rows(const scorecards::Suite& suite,
                                  const std::vector<store::PooledSlot>& slots,
                                  const std::vector<std::optional<double>>& humans) {
  // Rows come grouped by name, each name's cards in opening order.
  std::vector<AgentRow> rows;
  std::map<std::string, std::vector<int64_t>> scores;
  std::string last_card;
  auto finish = [&] {
    if (rows.empty()) return;
    rows.back().stats = stats_of(suite, scores, humans);
    scores.clear();
  };
  for (size_t i = 0; i < slots.size(); ++i) {
    const store::PooledSlot& slot = slots[i];
    if (i == 0 || slot.name_key != slots[i - 1].name_key) {
      finish();
      rows.emplace_back();
      rows.back().name = slot.name;
      last_card.clear();
    }
    AgentRow& row = rows.back();
    if (slot.card_id != last_card) {
      ++row.cards;
      row.agent = slot.agent;
      last_card = slot.card_id;
    }
    if (slot.score) ++row.runs;
    scores[slot.slug].push_back(slot.score.value_or(0));
  }
  finish();

  // By overall normalised score, unknown last, then by name; equal scores share a rank.
  std::stable_sort(rows.begin(), rows.end(), [](const AgentRow& a, const AgentRow& b) {
    const auto& x = a.stats.overall.normalised;
    const auto& y = b.stats.overall.normalised;
    if (x.has_value() != y.has_value()) return x.has_value();
    return x && *x > *y;
  });
  for (size_t i = 0; i < rows.size(); ++i) {
    bool tied = i > 0 && rows[i].stats.overall.normalised == rows[i - 1].stats.overall.normalised;
    rows[i].rank = tied ? rows[i - 1].rank : static_cast<int64_t>(i) + 1;
  }
  return rows;
}

}  // namespace

AgentBoard agents_board(store::Store& store, std::string_view suite_id, int64_t limit,
                        int64_t offset, TimePoint now, CardCache* cache) {
  AgentBoard board;
  board.suite = std::string(suite_id);
  const scorecards::Suite* suite = scorecards::find_suite(suite_id);
  if (suite == nullptr) return board;
  std::string at = format_utc(now);
  std::shared_ptr<const std::vector<AgentRow>> rows;
  BoardKey key;
  key.humans = human_references(store, *suite, now, cache);
  bool refresh = true;
  if (cache != nullptr) {
    key.inputs = store.board_inputs(suite_id, at);
    CardCache::BoardLookup lookup = cache->board(board.suite, key);
    rows = std::move(lookup.rows);
    refresh = lookup.refresh;
  }
  if (refresh) {
    try {
      rows = std::make_shared<const std::vector<AgentRow>>(
          ranked_rows(*suite, store.finished_card_slots(suite_id, at), key.humans));
    } catch (...) {
      if (cache != nullptr) cache->abandon_board(board.suite);
      throw;
    }
    if (cache != nullptr) cache->put_board(board.suite, std::move(key), rows);
  }
  board.total = static_cast<int64_t>(rows->size());
  auto begin = std::min(rows->size(), static_cast<size_t>(offset));
  auto end = std::min(rows->size(), begin + static_cast<size_t>(limit));
  board.entries.assign(rows->begin() + static_cast<ptrdiff_t>(begin),
                       rows->begin() + static_cast<ptrdiff_t>(end));
  return board;
}

std::optional<double> human_reference(store::Store& store, std::string_view slug) {
  const GameService* game = find_game(slug);
  if (game == nullptr) return std::nullopt;
  store::MiddleScores middle = store.middle_scores(slug, game->info().rules_version, "human");
  if (middle.count < kMinHumanRuns || middle.middle.empty()) return std::nullopt;
  double sum = 0;
  for (int64_t score : middle.middle) sum += static_cast<double>(score);
  return sum / static_cast<double>(middle.middle.size());
}

}  // namespace gb::runs
