#include "agents/silkspan/agents.h"

#include <vector>

#include "agents/common/option_agent.h"
#include "agents/common/random_agent.h"
#include "agents/common/tied_best.h"
#include "agents/silkspan/weaves.h"

namespace gb::silkspan {
namespace {

using agents::Expansion;

// The option outside a running panel: start, or nextStage at the interstitial.
std::vector<Action> between_panels(const State& s) {
  if (s.status == Status::kWaiting) return {Action{ActionType::kStart}};
  return {Action{ActionType::kNextStage}};
}

// One spinner step ahead: for each heading, set it and tick to the next step; most points, then
// most spools; among equal headings the agent's stream draws one.
class GreedyAgent final : public agents::OptionAgent<Traits> {
 public:
  explicit GreedyAgent(uint64_t seed) : rng_(seed) {}

 protected:
  std::vector<Action> choose(const State& s) override {
    if (s.status != Status::kRunning) return between_panels(s);
    agents::TiedBest<std::vector<Action>, std::pair<int64_t, int>> best;
    for (int dir = 0; dir < 4; ++dir) {
      Expansion<Traits> e = play_one_step(s, dir);
      if (e.actions.empty()) continue;
      best.offer({e.state.score, e.state.spools}, std::move(e.actions));
    }
    return best.draw(rng_);
  }

 private:
  agents::AgentRng rng_;
};

// The planner's view of Silkspan: whole weaves and short walks as options.
class PlannerDomain {
 public:
  explicit PlannerDomain(agents::AgentRng& rng) : rng_(rng) {}

  // Appends kExcursions sampled excursions and one walk per open direction; outside a running
  // panel, the one action that continues.
  void expand(const State& s, std::vector<Expansion<Traits>>& out) {
    if (s.status != Status::kRunning) {
      State next = s;
      std::vector<Action> actions = between_panels(s);
      apply(next, actions[0]);
      out.push_back({std::move(actions), next});
      return;
    }
    int open[4];
    int open_count = 0;
    for (int dir = 0; dir < 4; ++dir) {
      if (classify_step(s, dir) != StepKind::kOffGrid) open[open_count++] = dir;
    }
    for (int i = 0; i < kExcursions; ++i) {
      int d1 = open_count > 0 ? open[rng_.below(static_cast<uint32_t>(open_count))]
                              : static_cast<int>(rng_.below(4));
      int a = 1 + static_cast<int>(rng_.below(20));
      int d2 = (d1 + (rng_.below(2) == 0 ? 1 : 3)) % 4;
      int b = 2 + static_cast<int>(rng_.below(30));
      add(play_excursion(s, d1, a, d2, b, kLegLimit), out);
    }
    for (int dir = 0; dir < 4; ++dir) {
      if (classify_step(s, dir) == StepKind::kWalk) {
        add(play_walk(s, dir, 2 + static_cast<int>(rng_.below(10))), out);
      }
    }
  }

  // Points, with a spool worth more than any weave and an open thread a risk.
  int64_t value(const State& s) const {
    return s.score + 20000 * s.spools - (weaving(s) ? 2000 : 0);
  }
  bool terminal(const State& s) const { return s.status == Status::kOver; }

 private:
  static constexpr int kExcursions = 20;
  static constexpr int kLegLimit = 60;

  static void add(Expansion<Traits>&& e, std::vector<Expansion<Traits>>& out) {
    if (!e.actions.empty()) out.push_back(std::move(e));
  }
  agents::AgentRng& rng_;
};

// Beam search over weaves with `budget` simulated options per decision.
class PlannerAgent final : public agents::OptionAgent<Traits> {
 public:
  PlannerAgent(uint64_t seed, int64_t budget) : rng_(seed), budget_(budget) {}

 protected:
  std::vector<Action> choose(const State& s) override {
    if (s.status != Status::kRunning) return between_panels(s);
    PlannerDomain domain(rng_);
    return agents::beam_search<Traits>(s, domain, budget_, kBeamWidth);
  }

 private:
  static constexpr size_t kBeamWidth = 4;
  agents::AgentRng rng_;
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
    return std::make_unique<PlannerAgent>(
        options.seed, options.budget > 0 ? options.budget : kPlannerDefaultBudget);
  }
  return nullptr;
}

}  // namespace gb::silkspan
