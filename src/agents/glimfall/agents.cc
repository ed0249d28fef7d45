#include "agents/glimfall/agents.h"

#include <vector>

#include "agents/common/option_agent.h"
#include "agents/common/prepared_children.h"
#include "agents/common/random_agent.h"
#include "agents/common/tied_best.h"
#include "agents/glimfall/macros.h"

namespace gb::glimfall {
namespace {

using agents::Expansion;

// One tick ahead: hold, or rotate either way, then tick once; most points, then most sparks;
// among equal choices the agent's stream draws one. Starts the run when waiting.
class GreedyAgent final : public agents::OptionAgent<Traits> {
 public:
  explicit GreedyAgent(uint64_t seed) : rng_(seed) {}

 protected:
  std::vector<Action> choose(const State& s) override {
    if (s.status == Status::kWaiting) return {start_action()};
    agents::TiedBest<std::vector<Action>, std::pair<int64_t, int>> best;
    for (int dir : {0, -1, 1}) {
      Expansion<Traits> e{{}, s};
      if (dir != 0) {
        if (!apply(e.state, rotate_action(dir)).ok) continue;
        e.actions.push_back(rotate_action(dir));
      }
      apply(e.state, tick_action(1));
      e.actions.push_back(tick_action(1));
      best.offer({e.state.score, e.state.sparks}, std::move(e.actions));
    }
    return best.draw(rng_);
  }

 private:
  agents::AgentRng rng_;
};

// The planner's view of Glimfall: hold or rotate, then tick to the next decision point. With a
// child applier (remote play against a server with the batch route), a whole layer's macros come
// from two calls (play_macros).
class PlannerDomain {
 public:
  explicit PlannerDomain(agents::ChildApplier<Traits>* applier) : applier_(applier) {}

  // With an applier: computes the macros of every state of the layer at once.
  void prepare(const std::vector<const State*>& states) {
    prepared_.clear();
    if (applier_ == nullptr) return;
    std::vector<std::vector<Expansion<Traits>>> children;
    play_macros(states, *applier_, children);
    prepared_.set(states, std::move(children));
  }

  void expand(const State& s, std::vector<Expansion<Traits>>& out) {
    if (prepared_.take(s, out)) return;
    for (int dir : {0, -1, 1}) {
      Expansion<Traits> e = play_macro(s, dir);
      if (!e.actions.empty()) out.push_back(std::move(e));
    }
  }
  int64_t value(const State& s) const { return s.score + 3000 * s.sparks + alignment_value(s); }
  bool terminal(const State& s) const { return s.status == Status::kDone; }

 private:
  agents::ChildApplier<Traits>* applier_;
  agents::PreparedChildren<Traits> prepared_;
};

// Beam search over macro-actions with `budget` simulated macros per decision.
class PlannerAgent final : public agents::OptionAgent<Traits> {
 public:
  explicit PlannerAgent(int64_t budget) : budget_(budget) {}
  void use_child_applier(agents::ChildApplier<Traits>* applier) override { applier_ = applier; }

 protected:
  std::vector<Action> choose(const State& s) override {
    if (s.status == Status::kWaiting) return {start_action()};
    PlannerDomain domain(applier_);
    return agents::beam_search<Traits>(s, domain, budget_, kBeamWidth);
  }

 private:
  static constexpr size_t kBeamWidth = 12;
  int64_t budget_;
  agents::ChildApplier<Traits>* applier_ = nullptr;
};

}  // namespace

bool is_voluntary_end(const Action&) {
  return false;
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

}  // namespace gb::glimfall
