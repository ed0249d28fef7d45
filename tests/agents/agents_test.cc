// Every agent sends only actions the engine accepts and that the legal set lists (by type), and
// replays itself exactly from the same agent seed; the planner beats greedy on a few seeds.
#include <gtest/gtest.h>

#include <algorithm>

#include "agents/glimfall/agents.h"
#include "agents/silkspan/agents.h"
#include "agents/stormlark/agents.h"
#include "games/all_games.h"
#include "harness/game_agents.h"

namespace gb {
namespace {

// Plays `steps` actions of `agent_name` from `seed` and checks each against the engine.
template <class G, class Make>
void expect_only_legal(Make make, std::string_view agent_name, uint32_t seed, int steps,
                       int64_t budget) {
  agents::AgentOptions options{seed * 7919ULL, budget};
  auto agent = make(agent_name, options);
  ASSERT_NE(agent, nullptr);
  typename G::State s = G::init(seed);
  for (int i = 0; i < steps && !G::game_over(s); ++i) {
    typename G::Action a = agent->act(s);
    typename G::ActionList legal;
    G::legal_actions(s, legal);
    bool listed =
        std::any_of(legal.begin(), legal.end(), [&](const auto& l) { return l.type == a.type; });
    ASSERT_TRUE(listed) << agent_name << " seed " << seed << " step " << i;
    Outcome o = G::apply(s, a);
    ASSERT_TRUE(o.ok) << agent_name << " seed " << seed << " step " << i << ": " << o.reason;
  }
}

TEST(Agents, StormlarkAgentsSendOnlyLegalActions) {
  for (std::string_view name : {"random", "greedy", "planner"}) {
    for (uint32_t seed = 1; seed <= 6; ++seed) {
      expect_only_legal<stormlark::Traits>(stormlark::make_agent, name, seed, 400, 32);
    }
  }
}

TEST(Agents, GlimfallAgentsSendOnlyLegalActions) {
  for (std::string_view name : {"random", "greedy", "planner"}) {
    for (uint32_t seed = 1; seed <= 6; ++seed) {
      expect_only_legal<glimfall::Traits>(glimfall::make_agent, name, seed, 400, 32);
    }
  }
}

TEST(Agents, SilkspanAgentsSendOnlyLegalActions) {
  for (std::string_view name : {"random", "greedy", "planner"}) {
    for (uint32_t seed = 1; seed <= 3; ++seed) {
      expect_only_legal<silkspan::Traits>(silkspan::make_agent, name, seed, 200, 16);
    }
  }
}

TEST(Agents, UnknownAgentNameGivesNull) {
  EXPECT_EQ(stormlark::make_agent("oracle", {}), nullptr);
  EXPECT_EQ(silkspan::make_agent("", {}), nullptr);
}

// The same (game, agent, agent seed, seed, budget) plays the same run; a different agent seed
// changes the random agent's run.
TEST(Agents, SameAgentSeedSameRun) {
  for (const harness::GameAgents* game : harness::all_game_agents()) {
    for (std::string_view name : harness::kAgentNames) {
      harness::RunSettings settings{std::string(name), 5, 16, 300};
      agents::RunResult a = game->run(11, settings, nullptr);
      agents::RunResult b = game->run(11, settings, nullptr);
      EXPECT_EQ(a.actions_json, b.actions_json) << game->slug() << " " << name;
      EXPECT_EQ(a.score, b.score);
      EXPECT_EQ(a.actions_digest, b.actions_digest);
    }
    harness::RunSettings one{"random", 1, 0, 300};
    harness::RunSettings two{"random", 2, 0, 300};
    EXPECT_NE(game->run(11, one, nullptr).actions_digest,
              game->run(11, two, nullptr).actions_digest)
        << game->slug();
  }
}

// The cap ends every run: max_actions agent actions, plus the end action in games that have one
// (Glimfall has none and simply stops).
TEST(Agents, CapEndsTheRunWithTheEndAction) {
  for (const harness::GameAgents* game : harness::all_game_agents()) {
    if (is_test_game(game->slug())) continue;  // its toy runs end before any cap
    harness::RunSettings settings{"planner", 0, 16, 25};
    agents::RunResult r = game->run(3, settings, nullptr);
    ASSERT_EQ(r.end_reason, "cap") << game->slug();
    if (!game->has_end_action()) {
      EXPECT_EQ(r.length, 25) << game->slug();
    } else {
      EXPECT_EQ(r.length, 26) << game->slug();
      bool ends = r.actions_json.ends_with(R"({"type":"END_RUN"}])") ||
                  r.actions_json.ends_with(R"({"type":"endRun"}])");
      EXPECT_TRUE(ends) << r.actions_json;
    }
  }
}

// The planner's reason to exist: it beats greedy on the same seeds even at a small budget.
TEST(Agents, PlannerBeatsGreedyOnEveryGame) {
  for (const harness::GameAgents* game : harness::all_game_agents()) {
    if (is_test_game(game->slug())) continue;  // its toy agents are not measured
    int64_t greedy = 0;
    int64_t planner = 0;
    for (uint32_t seed = 1; seed <= 2; ++seed) {
      greedy += game->run(seed, {"greedy", 0, 0, 200}, nullptr).score;
      planner += game->run(seed, {"planner", 0, 24, 200}, nullptr).score;
    }
    EXPECT_GT(planner, greedy) << game->slug();
  }
}

}  // namespace
}  // namespace gb
