#include "runs/slot_cache.h"

#include <utility>

namespace gb::runs {

std::optional<store::Card> SlotCache::card_with_slot(store::Store& store, std::string_view id,
                                                     int64_t index) {
  std::shared_ptr<const store::Card> kept = find(id);
  if (!kept) {
    std::optional<store::Card> read = store.card(id);
    if (!read) return std::nullopt;
    read->agent = {};
    read->usage_json.clear();
    for (store::CardSlot& slot : read->slots) {
      slot.run_id = 0;
      slot.score.reset();
    }
    kept = std::make_shared<const store::Card>(std::move(*read));
    keep(kept);
  }
  store::Card card;
  card.id = kept->id;
  card.suite = kept->suite;
  card.name = kept->name;
  card.name_key = kept->name_key;
  card.opened_at = kept->opened_at;
  card.deadline = kept->deadline;
  card.closed_at = kept->closed_at;
  // A card's slots are read in order of their indexes, 0 to n - 1.
  if (index >= 0 && static_cast<size_t>(index) < kept->slots.size() &&
      kept->slots[static_cast<size_t>(index)].index == index) {
    card.slots.push_back(kept->slots[static_cast<size_t>(index)]);
  }
  return card;
}

void SlotCache::forget(std::string_view id) {
  std::lock_guard lock(mutex_);
  if (auto it = cards_.find(id); it != cards_.end()) cards_.erase(it);
}

size_t SlotCache::size() {
  std::lock_guard lock(mutex_);
  return cards_.size();
}

std::shared_ptr<const store::Card> SlotCache::find(std::string_view id) {
  std::lock_guard lock(mutex_);
  auto it = cards_.find(id);
  return it == cards_.end() ? nullptr : it->second;
}

void SlotCache::keep(std::shared_ptr<const store::Card> card) {
  std::lock_guard lock(mutex_);
  order_.push_back(card->id);
  cards_[card->id] = std::move(card);
  while (order_.size() > capacity_) {
    if (auto it = cards_.find(order_.front()); it != cards_.end()) cards_.erase(it);
    order_.pop_front();
  }
}

}  // namespace gb::runs
