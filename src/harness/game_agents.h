// The agents of every game behind one type-erased face, keyed by slug like the registry: the
// harness asks for (game, agent, seed, budget) and gets a finished run back.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "agents/common/run.h"
#include "harness/transport.h"

namespace gb::harness {

// The agent names every game offers, in the order `eval --help` lists them.
inline constexpr std::string_view kAgentNames[] = {"random", "greedy", "planner"};

// How to play one run. The agent's own seed is draw(agent_seed, game seed): a fixed agent seed
// gives every game seed a different, reproducible agent stream.
struct RunSettings {
  std::string agent;
  uint64_t agent_seed = 0;
  int64_t budget = 0;       // planner: simulated options per decision; 0 = default
  int64_t max_actions = 0;  // the run-length cap; 0 = the game's default
  // Remote mode: let a planner expand through the server's batch route when it offers one.
  bool remote_batch = true;
};

class GameAgents {
 public:
  virtual ~GameAgents() = default;
  virtual std::string_view slug() const = 0;
  // The cap used when RunSettings::max_actions is 0.
  virtual int64_t default_max_actions() const = 0;
  // True when the game has an end action that the cap appends.
  virtual bool has_end_action() const = 0;
  // The end action as compact JSON (what the cap appends), or "" when the game has none.
  virtual std::string end_action_json() const = 0;
  // The planner's budget when RunSettings::budget is 0.
  virtual int64_t default_budget() const = 0;
  // Plays one run in process, or through `remote` when it is not null. Throws agents::RunError
  // on a refused action or a transport failure, std::invalid_argument on an unknown agent.
  virtual agents::RunResult run(uint32_t seed, const RunSettings& settings,
                                Transport* remote) const = 0;
};

// Every game with agents, in registry order.
std::span<const GameAgents* const> all_game_agents();

// The game with this slug, or nullptr.
const GameAgents* find_game_agents(std::string_view slug);

// True when `name` is one of kAgentNames.
bool is_agent_name(std::string_view name);

}  // namespace gb::harness
