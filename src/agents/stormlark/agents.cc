#include "agents/stormlark/agents.h"

#include <array>
#include <vector>

#include "agents/common/option_agent.h"
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

// The planner's view of Stormlark: every option is one action.
struct PlannerDomain {
  // Appends NEXT_REACH at a Gate, else each accepted turn.
  void expand(const State& s, std::vector<Expansion<Traits>>& out) const {
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
};

// Beam search over turns with `budget` simulated turns per move.
class PlannerAgent final : public agents::OptionAgent<Traits> {
 public:
  explicit PlannerAgent(int64_t budget) : budget_(budget) {}

 protected:
  std::vector<Action> choose(const State& s) override {
    PlannerDomain domain;
    return agents::beam_search<Traits>(s, domain, budget_, kBeamWidth);
  }

 private:
  static constexpr size_t kBeamWidth = 16;
  int64_t budget_;
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
