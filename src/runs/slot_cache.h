// What a slot fill is checked against before its replay (SPEC section 14), kept per server so that
// a fill does not read the store first: each card's owner, deadline and slots (game, seed and cap).
// They are fixed when the card opens and never change. What does change, a card being closed, is
// kept only as this server saw it: the close routes forget the card here, and a card closed
// through another server is refused by the fill's own write to the store, after the replay
// (docs/scorecards.md). Thread-safe; holds at most `capacity` cards, forgetting the oldest.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "store/store.h"

namespace gb::runs {

// What a fill is checked against: its card as kept (shared, not copied for each fill) and the
// slot it names.
struct CheckedSlot {
  std::shared_ptr<const store::Card> card;  // never null; its slots hold no runs or scores
  const store::CardSlot* slot = nullptr;    // in card->slots; null when it has no such slot
};

// Store::card_with_slot's answer for card `id` and slot `index` as a CheckedSlot, for a caller
// with no cache. nullopt when no card has that id. Throws store::StoreError.
std::optional<CheckedSlot> read_checked_slot(store::Store& store, std::string_view id,
                                             int64_t index);

class SlotCache {
 public:
  explicit SlotCache(size_t capacity = 1024) : capacity_(capacity) {}

  // Card `id` and its slot `index` (null when it has none such), without the slots' runs: from
  // the cache, or else read from `store` (Store::card_terms) and kept. nullopt when no card has
  // that id (not kept: it may be opened later, or elsewhere). Throws store::StoreError.
  std::optional<CheckedSlot> card_with_slot(store::Store& store, std::string_view id,
                                            int64_t index);

  // The same, reading a card not kept with `read` (Store::card_terms' contract). A card is read
  // once however many fills ask for it at once: the others wait for that read, and when it fails or
  // finds nothing, the next of them reads instead.
  using CardReader = std::function<std::optional<store::Card>(std::string_view id)>;
  std::optional<CheckedSlot> card_with_slot(const CardReader& read, std::string_view id,
                                            int64_t index);

  // Keeps `card`, just opened through this server, so that its fills never read the store.
  void keep_opened(const store::Card& card);

  // Drops card `id`, so that its next fill reads it again (its state changed here: closed).
  void forget(std::string_view id);

  size_t size();

 private:
  // The cards kept hold what never changes once a card is open, and its state when it was read:
  // no agent, no usage, and slots without their runs and scores.
  // The card `id` kept, or null once no other caller is reading it: this caller has then
  // claimed the read, and must end it with done_reading. Waits while another caller reads it.
  std::shared_ptr<const store::Card> find_or_claim(std::string_view id);
  // `card` without what may change or what a fill's check does not need: agent, usage, runs.
  static std::shared_ptr<const store::Card> checked_part(store::Card card);
  // Ends the read of card `id` claimed by find_or_claim, keeping `card` when it is not null.
  void done_reading(std::string_view id, std::shared_ptr<const store::Card> card);
  void keep(std::shared_ptr<const store::Card> card);  // with mutex_ held

  size_t capacity_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const store::Card>, std::less<>> cards_;
  // Ids in the order they were kept, oldest first; at most capacity_ (an id forgotten and kept
  // again appears twice, and the older entry's eviction then drops it early: only a miss).
  std::deque<std::string> order_;
  std::set<std::string, std::less<>> reading_;  // ids being read by a claimant
  std::condition_variable read_done_;           // a claimed read ended
};

}  // namespace gb::runs
