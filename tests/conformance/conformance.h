// The shared conformance suite every game runs (DESIGN.md example 6).
//
// Seeded random and greedy playouts (or any action source, check_playout_with) check, on every
// step: replay determinism, JSON round-trip identity (bytes and state), that refused actions leave
// the state unchanged, that the legal set equals the accepted set over the game's candidate
// actions, and that the score never falls. A game may add its own per-step invariant (for example
// an RNG budget) by defining
//   static std::string step_invariant_violation(const State& before, const Action& a,
//                                               const State& after);  // "" when it holds
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/game.h"
#include "core/rng.h"

namespace gb::conformance {

enum class Policy { kRandom, kGreedy };

template <GameTraits G>
std::string encode(const typename G::State& s) {
  JsonWriter w;
  G::encode_state(s, w);
  return w.take();
}

template <GameTraits G>
bool same_action(const typename G::Action& a, const typename G::Action& b) {
  JsonWriter wa, wb;
  G::encode_action(a, wa);
  G::encode_action(b, wb);
  return wa.str() == wb.str();
}

// Picks an action from the legal set: uniformly at random (seeded), or greedily by the score after
// one step, preferring actions that do not end the run, first listed on ties.
template <GameTraits G>
typename G::Action choose(const typename G::State& s, Policy policy, uint64_t policy_seed,
                          uint64_t& counter) {
  typename G::ActionList legal;
  G::legal_actions(s, legal);
  std::vector<typename G::Action> options(legal.begin(), legal.end());
  if (policy == Policy::kRandom) {
    return options[gb::below(draw(policy_seed, counter++), static_cast<uint32_t>(options.size()))];
  }
  size_t best = 0;
  int64_t best_value = INT64_MIN;
  for (size_t i = 0; i < options.size(); ++i) {
    typename G::State next = s;
    G::apply(next, options[i]);
    int64_t value = G::score(next) * 2 + (G::game_over(next) ? 0 : 1);
    if (value > best_value) {
      best_value = value;
      best = i;
    }
  }
  return options[best];
}

// Checks that decode(encode(s)) re-encodes to the same bytes and is the same state in memory
// (so nothing lives outside the JSON, and equal games compare equal).
template <GameTraits G>
void expect_round_trip(const typename G::State& s) {
  std::string text = encode<G>(s);
  Issues issues;
  auto parsed = parse_json(text, issues);
  ASSERT_TRUE(parsed) << text;
  typename G::State back{};
  bool ok = G::decode_state(*parsed, back, issues);
  ASSERT_TRUE(ok) << (issues.list().empty() ? "" : issues.list()[0]) << "\n" << text;
  ASSERT_EQ(encode<G>(back), text);
  ASSERT_TRUE(back == s) << "decoded state differs in memory from the engine's\n" << text;
}

// Checks that every legal action is accepted, every other candidate is refused with a reason, and
// that a refusal changes nothing.
template <GameTraits G>
void expect_legal_equals_accepted(const typename G::State& s) {
  typename G::ActionList legal, candidates;
  G::legal_actions(s, legal);
  G::candidate_actions(s, candidates);
  const std::string before = encode<G>(s);
  for (const auto& a : legal) {
    typename G::State copy = s;
    ASSERT_TRUE(G::apply(copy, a).ok) << "legal action refused in " << before;
  }
  for (const auto& a : candidates) {
    bool listed = false;
    for (const auto& l : legal) listed = listed || same_action<G>(a, l);
    if (listed) continue;
    typename G::State copy = s;
    Outcome o = G::apply(copy, a);
    ASSERT_FALSE(o.ok) << "unlisted action accepted in " << before;
    ASSERT_FALSE(o.reason.empty());
    ASSERT_EQ(encode<G>(copy), before) << "refusal changed the state (" << o.reason << ")";
  }
}

// Plays one run from `seed`, taking each action from `next_action(state)`, and checks every
// invariant on every step. Returns the actions played.
template <GameTraits G, class NextAction>
std::vector<typename G::Action> check_playout_with(uint32_t seed, NextAction next_action,
                                                   int max_steps, bool probe_every_step = true) {
  typename G::State s = G::init(seed);
  std::vector<typename G::Action> actions;
  std::vector<std::string> trace{encode<G>(s)};
  for (int step = 0; step < max_steps && !G::game_over(s); ++step) {
    if (probe_every_step || step % 16 == 0) {
      expect_round_trip<G>(s);
      expect_legal_equals_accepted<G>(s);
      if (::testing::Test::HasFatalFailure()) return actions;
    }
    typename G::Action a = next_action(s);
    typename G::State before = s;
    Outcome o = G::apply(s, a);
    EXPECT_TRUE(o.ok) << "a legal action was refused: " << o.reason;
    EXPECT_GE(G::score(s), G::score(before)) << "score fell";
    if constexpr (requires { G::step_invariant_violation(before, a, s); }) {
      EXPECT_EQ(G::step_invariant_violation(before, a, s), "");
    }
    actions.push_back(a);
    trace.push_back(encode<G>(s));
    if (::testing::Test::HasFailure()) return actions;
  }
  expect_round_trip<G>(s);
  // Replay determinism: the same (seed, actions) gives the same state after every step.
  typename G::State r = G::init(seed);
  EXPECT_EQ(encode<G>(r), trace[0]);
  for (size_t i = 0; i < actions.size(); ++i) {
    EXPECT_TRUE(G::apply(r, actions[i]).ok);
    if (encode<G>(r) != trace[i + 1]) {
      ADD_FAILURE() << "replay diverged at action " << i;
      break;
    }
  }
  return actions;
}

// Plays one seeded run with `policy` (see choose) and checks every invariant on every step.
template <GameTraits G>
std::vector<typename G::Action> check_playout(uint32_t seed, Policy policy, int max_steps,
                                              bool probe_every_step = true) {
  uint64_t counter = 0;
  auto next_action = [&](const typename G::State& s) {
    return choose<G>(s, policy, seed * 7919ULL + 1, counter);
  };
  return check_playout_with<G>(seed, next_action, max_steps, probe_every_step);
}

}  // namespace gb::conformance
