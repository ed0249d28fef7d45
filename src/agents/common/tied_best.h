// The greedy agents' choice: keep every candidate whose key is the greatest seen so far, in the
// order offered, then let the agent's own stream draw one of the tied.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "agents/common/agent.h"

namespace gb::agents {

// Key is compared with < and ==, e.g. a std::pair (points first, then what breaks the tie).
template <class Item, class Key>
class TiedBest {
 public:
  // Keeps `item` when `key` is greater than every key before it (dropping those) or equal to the
  // greatest; otherwise drops it.
  void offer(const Key& key, Item&& item) {
    if (!items_.empty() && key < key_) return;
    if (items_.empty() || key_ < key) {
      items_.clear();
      key_ = key;
    }
    items_.push_back(std::move(item));
  }

  // Answers one of the kept items, drawn from `rng`. Requires at least one offer kept.
  const Item& draw(AgentRng& rng) const {
    return items_[rng.below(static_cast<uint32_t>(items_.size()))];
  }

 private:
  std::vector<Item> items_;
  Key key_{};
};

}  // namespace gb::agents
