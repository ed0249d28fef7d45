#include "mcp/held_cache.h"

namespace gb::mcp {

size_t CachedGame::bytes() const {
  return sizeof(CachedGame) + game.actions_json.size() + game.id.size() +
         (session ? session->state_bytes() : 0);
}

std::unique_ptr<CachedGame> HeldCache::take(const store::Store* store, std::string_view id) {
  std::lock_guard lock(mutex_);
  auto found = by_id_.find(std::string(id));
  if (found == by_id_.end()) return nullptr;
  std::unique_ptr<CachedGame> entry = std::move(*found->second);
  order_.erase(found->second);
  by_id_.erase(found);
  bytes_ -= entry->bytes();
  if (entry->store != store) return nullptr;
  return entry;
}

void HeldCache::put(std::unique_ptr<CachedGame> entry) {
  if (!entry || !entry->session) return;
  std::lock_guard lock(mutex_);
  if (auto found = by_id_.find(entry->game.id); found != by_id_.end()) {
    CachedGame& held = **found->second;
    if (held.store == entry->store && held.game.length >= entry->game.length) return;
    bytes_ -= held.bytes();
    order_.erase(found->second);
    by_id_.erase(found);
  }
  bytes_ += entry->bytes();
  std::string id = entry->game.id;
  order_.push_front(std::move(entry));
  by_id_.emplace(std::move(id), order_.begin());
  evict_locked();
}

void HeldCache::evict_locked() {
  while (!order_.empty() && (order_.size() > max_games_ || bytes_ > max_bytes_)) {
    bytes_ -= order_.back()->bytes();
    by_id_.erase(order_.back()->game.id);
    order_.pop_back();
  }
}

size_t HeldCache::size() const {
  std::lock_guard lock(mutex_);
  return order_.size();
}

size_t HeldCache::bytes() const {
  std::lock_guard lock(mutex_);
  return bytes_;
}

void HeldCache::clear() {
  std::lock_guard lock(mutex_);
  order_.clear();
  by_id_.clear();
  bytes_ = 0;
}

HeldCache& held_cache() {
  static HeldCache cache(kMaxCachedGames, kMaxCachedBytes);
  return cache;
}

}  // namespace gb::mcp
