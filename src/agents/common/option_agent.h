// Agents that decide over options: short action sequences (a turn, a move then a wait, a few
// ticks) simulated on a copy of the state with the exact engine. The chosen
// option is queued and played one action per `act`, re-checked against the engine each time.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <limits>
#include <vector>

#include "agents/common/agent.h"

namespace gb::agents {

// One option and the state it leads to.
template <class G>
struct Expansion {
  std::vector<typename G::Action> actions;
  typename G::State state;
};

// True when the engine accepts `a` on `s` (tried on a copy; payloads such as a tick count need
// not appear verbatim in the legal list).
template <class G>
bool accepts(const typename G::State& s, const typename G::Action& a) {
  typename G::State copy = s;
  return G::apply(copy, a).ok;
}

// An agent that plays queued options: when the queue is empty or its next action is no longer
// legal, it asks `choose` for a fresh option.
template <class G>
class OptionAgent : public Agent<G> {
 public:
  typename G::Action act(const typename G::State& s) final {
    if (queue_.empty() || !accepts<G>(s, queue_.front())) {
      queue_.clear();
      for (const auto& a : choose(s)) queue_.push_back(a);
    }
    typename G::Action next = queue_.front();
    queue_.pop_front();
    return next;
  }

 protected:
  // Returns a non-empty option whose first action is legal in `s`.
  virtual std::vector<typename G::Action> choose(const typename G::State& s) = 0;

 private:
  std::deque<typename G::Action> queue_;
};

// Tells `domain` the non-terminal states of a layer, in the order they will be expanded (a
// prefix of them when the budget runs out), when it has the optional `prepare` hook: a domain
// can then compute all their children at once (a batch request) before expand asks for them.
template <class G, class Domain, class Nodes>
void prepare_layer(Domain& domain, const Nodes& nodes) {
  if constexpr (requires(std::vector<const typename G::State*> states) {
                  domain.prepare(states);
                }) {
    std::vector<const typename G::State*> states;
    for (const auto& n : nodes) {
      if (!domain.terminal(n.state)) states.push_back(&n.state);
    }
    domain.prepare(states);
  }
}

// Beam search over options. Domain provides:
//   void expand(const State&, std::vector<Expansion<G>>&)   appends the options from a state
//   int64_t value(const State&)                             higher is better
//   bool terminal(const State&)                             nothing to expand
//   void prepare(const std::vector<const State*>&)          optional, see prepare_layer
// Every expanded option counts one against `budget`. The first layer is always expanded in
// full. Returns the first option of the root child whose line is best in the deepest layer that
// was expanded completely; ties go to the earlier root option. Requires a non-terminal root with
// at least one option.
template <class G, class Domain>
std::vector<typename G::Action> beam_search(const typename G::State& root, Domain& domain,
                                            int64_t budget, size_t width) {
  struct Node {
    typename G::State state;
    size_t first;
    int64_t value;
  };
  std::vector<Expansion<G>> children;
  struct RootNode {
    const typename G::State& state;
  };
  prepare_layer<G>(domain, std::vector<RootNode>{{root}});
  domain.expand(root, children);
  std::vector<std::vector<typename G::Action>> firsts;
  std::vector<Node> beam;
  for (auto& c : children) {
    beam.push_back({c.state, firsts.size(), domain.value(c.state)});
    firsts.push_back(std::move(c.actions));
  }
  int64_t spent = static_cast<int64_t>(firsts.size());
  constexpr int64_t kNone = std::numeric_limits<int64_t>::min();
  std::vector<int64_t> best(firsts.size(), kNone);
  auto score_layer = [&](const std::vector<Node>& layer) {
    std::fill(best.begin(), best.end(), kNone);
    for (const Node& n : layer) best[n.first] = std::max(best[n.first], n.value);
  };
  auto by_value = [](const Node& a, const Node& b) { return a.value > b.value; };
  score_layer(beam);
  std::stable_sort(beam.begin(), beam.end(), by_value);
  if (beam.size() > width) beam.resize(width);
  while (spent < budget) {
    prepare_layer<G>(domain, beam);
    std::vector<Node> next;
    bool complete = true;
    bool grew = false;
    for (const Node& n : beam) {
      if (domain.terminal(n.state)) {
        next.push_back(n);
        continue;
      }
      if (spent >= budget) {
        complete = false;
        break;
      }
      children.clear();
      domain.expand(n.state, children);
      spent += static_cast<int64_t>(children.size());
      for (auto& c : children) {
        int64_t v = domain.value(c.state);
        next.push_back({std::move(c.state), n.first, v});
        grew = true;
      }
    }
    if (!complete || !grew) break;
    score_layer(next);
    std::stable_sort(next.begin(), next.end(), by_value);
    if (next.size() > width) next.resize(width);
    beam = std::move(next);
  }
  size_t pick = 0;
  for (size_t i = 1; i < best.size(); ++i) {
    if (best[i] > best[pick]) pick = i;
  }
  return firsts[pick];
}

}  // namespace gb::agents
