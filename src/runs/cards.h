// Scorecards on the server (SPEC section 14): opening a card on a suite (drawing a sealed suite's
// seeds), reading it with its statistics, closing it, and the agents' board pooled per name over
// every finished card. Filling a slot is a run submission (runs/submit.h). Shared by the HTTP
// routes and the MCP tools; knows nothing of HTTP or JSON.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runs/card_cache.h"
#include "runs/slot_cache.h"
#include "scorecards/stats.h"
#include "store/store.h"

namespace gb::runs {

using TimePoint = std::chrono::system_clock::time_point;

inline constexpr int64_t kMaxOpenCards = 4;  // open cards a name may hold at once
inline constexpr std::chrono::hours kCardLifetime{24};
inline constexpr int64_t kMinHumanRuns = 10;  // people's runs before a human reference exists

// What a client asks for when it opens a card.
struct CardRequest {
  std::string suite;
  std::string name;
  std::optional<std::string> token;
  store::CardAgent agent;
};

enum class CardVerdict { kOpened, kInvalid, kNameTaken, kTooManyOpen };

struct OpenedCard {
  CardVerdict verdict = CardVerdict::kInvalid;
  std::vector<std::string> issues;  // kInvalid: what is wrong
  store::Card card;                 // kOpened
  std::string token;                // kOpened that claimed a new name: shown once
};

// Opens a card of `request.suite` for its name at `now`: its slots are the suite's seeds, or for a
// sealed suite drawn from `secret`, the card id and the slot index. Throws store::StoreError.
OpenedCard open_card(store::Store& store, const CardRequest& request, TimePoint now,
                     std::string_view secret);

enum class CardStatus { kOpen, kClosed, kExpired };

// A card's status at `now` (ISO-8601 UTC): closed, past its deadline, or open.
CardStatus card_status(const store::Card& card, std::string_view now);
std::string_view status_name(CardStatus status);

// A card with its status and its statistics (empty or hidden slots score 0).
struct CardReport {
  store::Card card;
  CardStatus status = CardStatus::kOpen;
  scorecards::CardStats stats;
};

// Reads card `id` at `now`; nullopt when there is none. With `cache`, the human references may
// be up to its max age old. Throws store::StoreError.
std::optional<CardReport> read_card(store::Store& store, std::string_view id, TimePoint now,
                                    CardCache* cache = nullptr);

enum class CloseVerdict { kClosed, kUnknown, kForbidden, kExpired };

struct ClosedCard {
  CloseVerdict verdict = CloseVerdict::kUnknown;
  CardReport report;  // kClosed: the final card
};

// Closes card `id` at `now` with the submitter's `usage_json` ("" none), given its name's
// `token`. Closing a closed card again answers it as it is (a retry after a lost answer). A card
// it closes is forgotten by `slots`, so that its next fill is refused before the replay. Throws
// store::StoreError.
ClosedCard close_card(store::Store& store, std::string_view id,
                      const std::optional<std::string>& token, std::string_view usage_json,
                      TimePoint now, CardCache* cache = nullptr, SlotCache* slots = nullptr);

// One name's row on a suite's agents' board: its cards pooled (every slot of every finished
// card), the agent as its latest card describes it.
struct AgentRow {
  int64_t rank = 0;
  std::string name;
  store::CardAgent agent;
  int64_t cards = 0;
  int64_t runs = 0;  // filled slots whose run is visible
  scorecards::CardStats stats;
};

struct AgentBoard {
  std::string suite;
  int64_t total = 0;  // names on the board
  std::vector<AgentRow> entries;
};

// The agents' board of `suite` at `now`: one row per name over its closed or expired cards,
// ranked by overall normalised score (equal scores share a rank, unknown ones last), then
// `limit` rows from `offset`. With `cache`, the rows are computed again only when a card has
// finished since, or they are older than its max age (a run hidden or shown). Throws
// store::StoreError.
AgentBoard agents_board(store::Store& store, std::string_view suite, int64_t limit, int64_t offset,
                        TimePoint now, CardCache* cache = nullptr);

// The human reference of `slug` under its current rules version: the median of people's visible
// runs, or nullopt while there are fewer than kMinHumanRuns.
std::optional<double> human_reference(store::Store& store, std::string_view slug);

}  // namespace gb::runs
