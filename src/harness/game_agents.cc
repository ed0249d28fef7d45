#include "harness/game_agents.h"

#include <array>
#include <memory>
#include <stdexcept>

#include "agents/glimfall/agents.h"
#include "agents/silkspan/agents.h"
#include "agents/stormlark/agents.h"
#include "harness/remote_applier.h"
#include "harness/remote_stepper.h"

namespace gb::harness {
namespace {

// The adapter for one game. Agents: `make_agent(name, options)`; the end action appended at the
// cap: the game's voluntary end (when it has one).
template <class G, auto make_agent, auto end_action>
class AgentsFor final : public GameAgents {
 public:
  AgentsFor(std::string_view slug, int64_t max_actions, int64_t budget)
      : slug_(slug), max_actions_(max_actions), budget_(budget) {}

  std::string_view slug() const override { return slug_; }
  int64_t default_max_actions() const override { return max_actions_; }
  int64_t default_budget() const override { return budget_; }
  bool has_end_action() const override { return end_action().has_value(); }

  agents::RunResult run(uint32_t seed, const RunSettings& settings,
                        Transport* remote) const override {
    agents::AgentOptions options;
    options.seed = draw(settings.agent_seed, seed);
    options.budget = settings.budget;
    auto agent = make_agent(settings.agent, options);
    if (!agent) throw std::invalid_argument("unknown agent: " + settings.agent);
    int64_t cap = settings.max_actions > 0 ? settings.max_actions : max_actions_;
    if (remote) {
      RemoteStepper<G> stepper(*remote, std::string(slug_));
      RemoteChildApplier<G> applier(*remote, std::string(slug_));
      if (settings.remote_batch) agent->use_child_applier(&applier);
      return agents::play_run<G>(*agent, stepper, seed, cap, end_action());
    }
    agents::LocalStepper<G> stepper;
    return agents::play_run<G>(*agent, stepper, seed, cap, end_action());
  }

 private:
  std::string_view slug_;
  int64_t max_actions_;
  int64_t budget_;
};

std::optional<stormlark::Action> stormlark_end() {
  return stormlark::Action{stormlark::ActionType::kEndRun};
}
std::optional<glimfall::Action> glimfall_end() {
  return std::nullopt;
}
std::optional<silkspan::Action> silkspan_end() {
  return silkspan::Action{silkspan::ActionType::kEndRun};
}

// Run-length caps (agent actions): a Stormlark action is one turn (a reach is about 21); a
// Glimfall planner action is a rotate or a merged tick, a few per rib; a Silkspan planner action
// is a heading or a merged tick, about six per weave.
const AgentsFor<stormlark::Traits, stormlark::make_agent, stormlark_end> kStormlark(
    "stormlark", 2000, stormlark::kPlannerDefaultBudget);
const AgentsFor<glimfall::Traits, glimfall::make_agent, glimfall_end> kGlimfall(
    "glimfall", 1500, glimfall::kPlannerDefaultBudget);
const AgentsFor<silkspan::Traits, silkspan::make_agent, silkspan_end> kSilkspan(
    "silkspan", 600, silkspan::kPlannerDefaultBudget);

const auto kGames = std::to_array<const GameAgents*>({&kStormlark, &kGlimfall, &kSilkspan});

}  // namespace

std::span<const GameAgents* const> all_game_agents() {
  return kGames;
}

const GameAgents* find_game_agents(std::string_view slug) {
  for (const GameAgents* g : kGames) {
    if (g->slug() == slug) return g;
  }
  return nullptr;
}

bool is_agent_name(std::string_view name) {
  for (std::string_view n : kAgentNames) {
    if (n == name) return true;
  }
  return false;
}

}  // namespace gb::harness
