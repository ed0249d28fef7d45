#include "agents/stormlark/agents.h"

#include <array>
#include <vector>

#include "agents/common/option_agent.h"
#include "agents/common/prepared_children.h"
#include "agents/common/random_agent.h"
#include "agents/common/tied_best.h"

namespace gb::stormlark {
namespace {

using agents::Expansion;

constexpr std::array<ActionType, 4> kTurns = {ActionType::kVent, ActionType::kUp, ActionType::kDown,
                                              ActionType::kFire};

// One turn ahead: the accepted turn with the most points, then the most hull left; among equal
// turns the agent's stream draws one. At a Gate it always takes NEXT_REACH.
class GreedyAgent final : public agents::Agent<Traits> {
 public:
  explicit GreedyAgent(uint64_t seed) : rng_(seed) {}

  Action act(const State& s) override {
    if (s.phase == Phase::kReachClear) return Action{ActionType::kNextReach};
    agents::TiedBest<Action, std::pair<int64_t, int>> best;
    for (ActionType t : kTurns) {
      State next = s;
      if (apply(next, Action{t}).ok) best.offer({next.score, next.hull}, Action{t});
    }
    return best.draw(rng_);
  }

 private:
  agents::AgentRng rng_;
};

// The planner's view of Stormlark: every option is one action. With a child applier (remote
// play against a server with the batch route), a whole layer's children come from one call.
class PlannerDomain {
 public:
  explicit PlannerDomain(agents::ChildApplier<Traits>* applier) : applier_(applier) {}

  // With an applier: computes the children of every state of the layer at once.
  void prepare(const std::vector<const State*>& states) {
    prepared_.clear();
    if (applier_ == nullptr) return;
    std::vector<State> items;
    std::vector<Action> actions;
    std::vector<size_t> owner;
    std::vector<Action> options;
    for (size_t i = 0; i < states.size(); ++i) {
      options_of(*states[i], options);
      for (const Action& a : options) {
        items.push_back(*states[i]);
        actions.push_back(a);
        owner.push_back(i);
      }
    }
    std::vector<uint8_t> accepted;
    applier_->apply_all(items, actions, accepted);
    std::vector<std::vector<Expansion<Traits>>> children(states.size());
    for (size_t j = 0; j < items.size(); ++j) {
      // NEXT_REACH is kept even when refused, as expand does in process.
      if (accepted[j] || actions[j].type == ActionType::kNextReach) {
        children[owner[j]].push_back({{actions[j]}, std::move(items[j])});
      }
    }
    prepared_.set(states, std::move(children));
  }

  // Appends NEXT_REACH at a Gate, else each accepted turn.
  void expand(const State& s, std::vector<Expansion<Traits>>& out) {
    if (prepared_.take(s, out)) return;
    if (s.phase == Phase::kReachClear) {
      State next = s;
      apply(next, Action{ActionType::kNextReach});
      out.push_back({{Action{ActionType::kNextReach}}, next});
      return;
    }
    for (ActionType t : kTurns) {
      State next = s;
      if (apply(next, Action{t}).ok) out.push_back({{Action{t}}, next});
    }
  }
  // Points, with hull worth far more than any reach's points and charge a little.
  int64_t value(const State& s) const { return s.score + 10000 * s.hull + 20 * s.charge; }
  bool terminal(const State& s) const { return s.phase == Phase::kOver; }

 private:
  // The options expand tries on `s`, in its order.
  static void options_of(const State& s, std::vector<Action>& out) {
    out.clear();
    if (s.phase == Phase::kReachClear) {
      out.push_back(Action{ActionType::kNextReach});
      return;
    }
    for (ActionType t : kTurns) out.push_back(Action{t});
  }

  agents::ChildApplier<Traits>* applier_;
  agents::PreparedChildren<Traits> prepared_;
};

// Beam search over turns with `budget` simulated turns per move.
class PlannerAgent final : public agents::OptionAgent<Traits> {
 public:
  explicit PlannerAgent(int64_t budget) : budget_(budget) {}
  void use_child_applier(agents::ChildApplier<Traits>* applier) override { applier_ = applier; }

 protected:
  std::vector<Action> choose(const State& s) override {
    PlannerDomain domain(applier_);
    return agents::beam_search<Traits>(s, domain, budget_, kBeamWidth);
  }

 private:
  static constexpr size_t kBeamWidth = 16;
  int64_t budget_;
  agents::ChildApplier<Traits>* applier_ = nullptr;
};

}  // namespace

bool is_voluntary_end(const Action& a) {
  return a.type == ActionType::kEndRun;
}

std::unique_ptr<agents::Agent<Traits>> make_agent(std::string_view name,
                                                  const agents::AgentOptions& options) {
  if (name == "random") {
    return std::make_unique<agents::RandomAgent<Traits, is_voluntary_end>>(options.seed);
  }
  if (name == "greedy") return std::make_unique<GreedyAgent>(options.seed);
  if (name == "planner") {
    return std::make_unique<PlannerAgent>(options.budget > 0 ? options.budget
                                                             : kPlannerDefaultBudget);
  }
  return nullptr;
}

}  // namespace gb::stormlark
