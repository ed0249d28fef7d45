#include "harness/game_agents.h"

#include <array>
#include <memory>
#include <stdexcept>

#include "core/json_writer.h"
#include "games/all_games.h"
#include "gb_games/agents.h"
#include "harness/remote_applier.h"
#include "harness/remote_stepper.h"

namespace gb::harness {
namespace {

// The adapter for one game G of the list: its agents (`make_agent`), run cap (`kRunCap`),
// planner budget (`kPlannerDefaultBudget`) and end action (`end_action`), all from
// agents/<slug>/agents.h.
template <class G, auto make_agent, auto end_action>
class AgentsFor final : public GameAgents {
 public:
  AgentsFor(int64_t max_actions, int64_t budget)
      : slug_(G::info().slug), max_actions_(max_actions), budget_(budget) {}

  std::string_view slug() const override { return slug_; }
  int64_t default_max_actions() const override { return max_actions_; }
  int64_t default_budget() const override { return budget_; }
  bool has_end_action() const override { return end_action().has_value(); }
  std::string end_action_json() const override {
    if (!end_action()) return "";
    JsonWriter w;
    G::encode_action(*end_action(), w);
    return std::string(w.str());
  }

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

#define GB_AGENTS(slug)                                                       \
  const AgentsFor<slug::Traits, slug::make_agent, slug::end_action> k_##slug( \
      slug::kRunCap, slug::kPlannerDefaultBudget);
GB_ALL_GAMES(GB_AGENTS)
#undef GB_AGENTS

#define GB_AGENTS_ADDRESS(slug) &k_##slug,
const auto kGames = std::to_array<const GameAgents*>({GB_ALL_GAMES(GB_AGENTS_ADDRESS)});
#undef GB_AGENTS_ADDRESS

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
