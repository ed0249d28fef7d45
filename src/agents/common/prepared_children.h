// The children a domain computed for a whole layer in `prepare` (see prepare_layer in
// option_agent.h), handed out again as beam_search expands that layer's states in order.
#pragma once

#include <vector>

#include "agents/common/option_agent.h"

namespace gb::agents {

template <class G>
class PreparedChildren {
 public:
  // Keeps `children[i]`, the options of `*states[i]`, for the expand calls that follow.
  void set(const std::vector<const typename G::State*>& states,
           std::vector<std::vector<Expansion<G>>> children) {
    states_ = states;
    children_ = std::move(children);
    cursor_ = 0;
  }

  void clear() { set({}, {}); }

  // When `s` is the next prepared state (the same object), appends its options to `out` and
  // returns true; otherwise returns false and the caller expands `s` itself.
  bool take(const typename G::State& s, std::vector<Expansion<G>>& out) {
    if (cursor_ >= states_.size() || states_[cursor_] != &s) return false;
    for (auto& e : children_[cursor_]) out.push_back(std::move(e));
    ++cursor_;
    return true;
  }

 private:
  std::vector<const typename G::State*> states_;
  std::vector<std::vector<Expansion<G>>> children_;
  size_t cursor_ = 0;
};

}  // namespace gb::agents
