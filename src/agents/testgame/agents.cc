#include "agents/testgame/agents.h"

#include <vector>

#include "agents/common/option_agent.h"
#include "agents/common/random_agent.h"

namespace gb::testgame {
namespace {

using agents::Expansion;

// Start, then the largest take the pile allows, else a tick.
class GreedyAgent final : public agents::Agent<Traits> {
 public:
  Action act(const State& s) override {
    ActionList legal;
    legal_actions(s, legal);
    if (!s.started) return Action{ActionType::kStart, 0, false};
    Action best{ActionType::kTick, 1, false};
    for (const Action& a : legal) {
      if (a.type == ActionType::kTake && (best.type != ActionType::kTake || a.count > best.count)) {
        best = a;
      }
    }
    return best;
  }
};

// The planner's view: every legal action but endRun is an option; the value is the score.
class PlannerDomain {
 public:
  // Appends one option per legal action other than endRun.
  void expand(const State& s, std::vector<Expansion<Traits>>& out) {
    ActionList legal;
    legal_actions(s, legal);
    for (const Action& a : legal) {
      if (is_voluntary_end(a)) continue;
      State next = s;
      apply(next, a);
      out.push_back({{a}, next});
    }
  }
  int64_t value(const State& s) const { return s.score; }
  bool terminal(const State& s) const { return game_over(s); }
};

class PlannerAgent final : public agents::OptionAgent<Traits> {
 public:
  explicit PlannerAgent(int64_t budget) : budget_(budget > 0 ? budget : kPlannerDefaultBudget) {}

 protected:
  std::vector<Action> choose(const State& s) override {
    PlannerDomain domain;
    return agents::beam_search<Traits>(s, domain, budget_, 4);
  }

 private:
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
  if (name == "greedy") return std::make_unique<GreedyAgent>();
  if (name == "planner") return std::make_unique<PlannerAgent>(options.budget);
  return nullptr;
}

}  // namespace gb::testgame
