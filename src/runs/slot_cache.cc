#include "runs/slot_cache.h"

#include <utility>

namespace gb::runs {

namespace {

// Slot `index` of `card` (read in order of their indexes, 0 to n - 1), or null.
const store::CardSlot* slot_at(const store::Card& card, int64_t index) {
  if (index < 0 || static_cast<size_t>(index) >= card.slots.size()) return nullptr;
  const store::CardSlot& slot = card.slots[static_cast<size_t>(index)];
  return slot.index == index ? &slot : nullptr;
}

}  // namespace

std::optional<CheckedSlot> read_checked_slot(store::Store& store, std::string_view id,
                                             int64_t index) {
  std::optional<store::Card> card = store.card_with_slot(id, index);
  if (!card) return std::nullopt;
  auto shared = std::make_shared<const store::Card>(std::move(*card));
  // The store answers the card with that slot alone, or with none.
  const store::CardSlot* slot = shared->slots.empty() ? nullptr : &shared->slots.front();
  return CheckedSlot{std::move(shared), slot};
}

std::optional<CheckedSlot> SlotCache::card_with_slot(store::Store& store, std::string_view id,
                                                     int64_t index) {
  return card_with_slot([&store](std::string_view card) { return store.card_terms(card); }, id,
                        index);
}

std::optional<CheckedSlot> SlotCache::card_with_slot(const CardReader& read, std::string_view id,
                                                     int64_t index) {
  std::shared_ptr<const store::Card> kept = find_or_claim(id);
  if (!kept) {
    // This reader claimed the read: it ends it on every path, so that a waiting one goes on.
    std::shared_ptr<const store::Card> found;
    struct EndRead {
      SlotCache& cache;
      std::string_view id;
      std::shared_ptr<const store::Card>& found;
      ~EndRead() { cache.done_reading(id, found); }
    } end_read{*this, id, found};
    std::optional<store::Card> read_card = read(id);
    if (!read_card) return std::nullopt;
    found = checked_part(std::move(*read_card));
    kept = found;
  }
  const store::CardSlot* slot = slot_at(*kept, index);
  return CheckedSlot{std::move(kept), slot};
}

void SlotCache::keep_opened(const store::Card& card) {
  std::shared_ptr<const store::Card> kept = checked_part(card);
  std::lock_guard lock(mutex_);
  keep(std::move(kept));
}

std::shared_ptr<const store::Card> SlotCache::checked_part(store::Card card) {
  card.agent = {};
  card.usage_json.clear();
  for (store::CardSlot& slot : card.slots) {
    slot.run_id = 0;
    slot.score.reset();
  }
  return std::make_shared<const store::Card>(std::move(card));
}

void SlotCache::forget(std::string_view id) {
  std::lock_guard lock(mutex_);
  if (auto it = cards_.find(id); it != cards_.end()) cards_.erase(it);
}

size_t SlotCache::size() {
  std::lock_guard lock(mutex_);
  return cards_.size();
}

std::shared_ptr<const store::Card> SlotCache::find_or_claim(std::string_view id) {
  std::unique_lock lock(mutex_);
  for (;;) {
    if (auto it = cards_.find(id); it != cards_.end()) return it->second;
    if (reading_.find(id) == reading_.end()) {
      reading_.emplace(id);
      return nullptr;
    }
    read_done_.wait(lock);
  }
}

void SlotCache::done_reading(std::string_view id, std::shared_ptr<const store::Card> card) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = reading_.find(id); it != reading_.end()) reading_.erase(it);
    if (card) keep(std::move(card));
  }
  read_done_.notify_all();
}

void SlotCache::keep(std::shared_ptr<const store::Card> card) {
  order_.push_back(card->id);
  cards_[card->id] = std::move(card);
  while (order_.size() > capacity_) {
    if (auto it = cards_.find(order_.front()); it != cards_.end()) cards_.erase(it);
    order_.pop_front();
  }
}

}  // namespace gb::runs
