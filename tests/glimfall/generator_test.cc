// The shaft generator: kinds and fields, pacing, fairness, motes and purity.
#include <map>
#include <vector>

#include "core/rng.h"
#include "glimfall/support.h"

namespace gb::glimfall {
namespace {

using namespace testing;

// Ribs 0..n-1 of a seed straight from the generator, as play spawns them.
std::vector<Rib> chain(uint32_t seed, int n) {
  std::vector<Rib> ribs;
  for (int i = 0; i < n; ++i) {
    const int64_t spawn = i < kLiveRibs ? 0 : ribs[i - kLiveRibs].arrive_tick;
    ribs.push_back(generate_rib(seed, i, i == 0 ? nullptr : &ribs.back(), spawn));
  }
  return ribs;
}

std::vector<Mote> motes_of(uint32_t seed, const std::vector<Rib>& ribs, int n) {
  std::array<Mote, kMaxMotesPerInterval> out{};
  const int made = generate_motes(seed, n, n == 0 ? nullptr : &ribs[n - 1], ribs[n], out);
  return {out.begin(), out.begin() + made};
}

int popcount(BracketMask m) {
  int n = 0;
  for (int b = 0; b < kBrackets; ++b) n += (m >> b) & 1u;
  return n;
}

// GF-69, GF-50, SPEC 5: over 1000 seeds and 200 ribs, every open bracket of rib n-1's arrival
// set has a bracket of rib n within floor(gap/6), without counting a bright break; the first rib
// is reachable from bracket 0 in 105 ticks.
TEST(GlimfallGenerator, FairnessOver1000Seeds_GF69_GF50) {
  for (uint32_t seed = 0; seed < 1000; ++seed) {
    const std::vector<Rib> ribs = chain(seed * 2654435761u, 200);
    ASSERT_TRUE(covers(BracketMask{1}, safe_open(ribs[0]), kFirstArrival / kTurnLock));
    for (size_t n = 1; n < ribs.size(); ++n) {
      const int64_t gap = ribs[n].arrive_tick - ribs[n - 1].arrive_tick;
      const int reach = static_cast<int>(gap / kTurnLock);
      ASSERT_TRUE(covers(arrival_open(ribs[n - 1]), safe_open(ribs[n]), reach))
          << "seed " << seed << " rib " << n;
    }
  }
}

// The same guarantee played out with the real engine: standing on any open bracket of rib n-1 just
// after it arrives, with the worst lock a thread can leave (5), heading straight for the nearest
// bracket of rib n's break threads rib n.
TEST(GlimfallGenerator, FairnessByPlay_GF69) {
  for (uint32_t seed = 1; seed <= 40; ++seed) {
    const std::vector<Rib> ribs = chain(seed, 163);
    for (size_t n = 1; n + 2 < ribs.size(); n = n == 30 ? 120 : n + 1) {  // Reach 1-4 and 13-17
      for (int from = 0; from < kBrackets; ++from) {
        if (!((arrival_open(ribs[n - 1]) >> from) & 1u)) continue;
        State s = init(seed);
        s.status = Status::kRunning;
        s.tick = ribs[n - 1].arrive_tick;
        s.ribs_descended = static_cast<int64_t>(n);
        s.reach = reach_of_rib(static_cast<int64_t>(n));
        s.rib_count = 0;
        s.ribs[s.rib_count] = ribs[n - 1];
        s.ribs[s.rib_count++].resolved = true;
        for (size_t k = n; k < n + 3; ++k) s.ribs[s.rib_count++] = ribs[k];
        s.mote_count = 0;
        s.bracket = static_cast<int8_t>(from);
        s.turn_lock = 5;
        int target = -1;
        for (int b = 0; b < kBrackets; ++b) {
          if (((safe_open(ribs[n]) >> b) & 1u) &&
              (target < 0 || angular_distance(from, b) < angular_distance(from, target))) {
            target = b;
          }
        }
        while (s.tick < ribs[n].arrive_tick) {
          if (s.turn_lock == 0 && s.bracket != target) {
            apply(s, rotate_action(wrap_bracket(target - s.bracket) <= 6 ? 1 : -1));
          }
          apply(s, tick_action());
        }
        ASSERT_EQ(count_events(s, EventType::kThread), 1)
            << "seed " << seed << " rib " << n << " from " << from;
      }
    }
  }
}

// GF-26, GF-28..GF-33, GF-Q06: fields per kind, -1 where not applicable, widths in range, every
// arrival set non-empty with stone unless a bloom.
TEST(GlimfallGenerator, KindFields_GF26_GF28_GF29_GF31_GF32_GF33_GFQ06) {
  for (uint32_t seed = 0; seed < 200; ++seed) {
    for (const Rib& r : chain(seed, 120)) {
      const BracketMask open = arrival_open(r);
      ASSERT_GT(popcount(open), 0);
      switch (r.kind) {
        case RibKind::kPlain:
        case RibKind::kTurn:
          EXPECT_GE(r.gap_w, 1);
          EXPECT_LT(popcount(open), 12);
          EXPECT_EQ(r.gap2_start, -1);
          EXPECT_EQ(r.bright_bracket, -1);
          if (r.kind == RibKind::kPlain) {
            EXPECT_EQ(r.turn_dir, -1);
            EXPECT_EQ(r.turn_every, -1);
          } else {
            EXPECT_TRUE(r.turn_dir == -1 || r.turn_dir == 1);
            EXPECT_GE(r.turn_every, 8);
            EXPECT_LE(r.turn_every, 20);
          }
          break;
        case RibKind::kSplit:
          EXPECT_GE(r.gap_w, 3);
          EXPECT_EQ(r.turn_dir, -1);
          EXPECT_EQ(r.turn_every, -1);
          EXPECT_EQ(r.bright_bracket, -1);
          // the bright break lies outside the wide break and does not touch it
          EXPECT_FALSE((break_mask(r.gap_start - 1, r.gap_w + 2) >> r.gap2_start) & 1u);
          EXPECT_EQ(popcount(open), r.gap_w + 1);
          break;
        case RibKind::kBloom:
          EXPECT_EQ(open, kAllOpen);
          EXPECT_EQ(r.gap_start, -1);
          EXPECT_EQ(r.gap_w, -1);
          EXPECT_EQ(r.turn_dir, -1);
          EXPECT_EQ(r.turn_every, -1);
          EXPECT_EQ(r.gap2_start, -1);
          EXPECT_GE(r.bright_bracket, 0);
          EXPECT_LT(r.bright_bracket, 12);
          break;
      }
    }
  }
}

// GF-70, GF-Q12: all four kinds appear, no turn in Reach 1, never two blooms in a row.
TEST(GlimfallGenerator, KindMix_GF70_GFQ12) {
  std::map<RibKind, int> seen;
  for (uint32_t seed = 0; seed < 300; ++seed) {
    const std::vector<Rib> ribs = chain(seed, 60);
    EXPECT_EQ(ribs[0].kind, RibKind::kPlain);
    for (size_t n = 0; n < ribs.size(); ++n) {
      ++seen[ribs[n].kind];
      if (n < 10) {
        EXPECT_NE(ribs[n].kind, RibKind::kTurn);
      }
      if (n > 0) {
        EXPECT_FALSE(ribs[n].kind == RibKind::kBloom && ribs[n - 1].kind == RibKind::kBloom);
      }
    }
  }
  for (RibKind k : {RibKind::kPlain, RibKind::kTurn, RibKind::kSplit, RibKind::kBloom}) {
    EXPECT_GT(seen[k], 500) << static_cast<int>(k);
  }
  EXPECT_GT(seen[RibKind::kPlain], seen[RibKind::kBloom]);  // blooms are the breathers
}

// GF-64, GF-66, GF-Q11, GF-Q14: rib 0 at 105, ids are indices, arrivals strictly increase, the
// mean gap shrinks Reach by Reach to its floor and never drops below 24; init ribs spawn at 0 and
// rib n+3 spawns at rib n's arrival.
TEST(GlimfallGenerator, Pacing_GF64_GF66_GFQ11_GFQ14) {
  std::map<int64_t, std::pair<int64_t, int64_t>> gap_by_reach;  // reach -> (sum, count)
  for (uint32_t seed = 0; seed < 300; ++seed) {
    const std::vector<Rib> ribs = chain(seed, 130);
    EXPECT_EQ(ribs[0].arrive_tick, 105);
    for (size_t n = 0; n < ribs.size(); ++n) {
      EXPECT_EQ(ribs[n].id, static_cast<int64_t>(n));
      EXPECT_EQ(ribs[n].spawn_tick, n < 3 ? 0 : ribs[n - 3].arrive_tick);
      if (n == 0) continue;
      const int64_t gap = ribs[n].arrive_tick - ribs[n - 1].arrive_tick;
      EXPECT_GE(gap, 24);
      auto& [sum, count] = gap_by_reach[reach_of_rib(static_cast<int64_t>(n))];
      sum += gap;
      ++count;
    }
  }
  double previous = 1e9;
  for (int64_t r = 1; r <= 10; ++r) {
    const auto [sum, count] = gap_by_reach[r];
    const double mean = static_cast<double>(sum) / static_cast<double>(count);
    EXPECT_LT(mean, previous) << "reach " << r;
    previous = mean;
  }
}

// GF-66: the ratchet never speeds up: a rotate at Reach 12 still locks for 6 ticks.
TEST(GlimfallGenerator, RatchetNeverSpeedsUp_GF66) {
  State s = init(5);
  s.status = Status::kRunning;
  s.reach = 12;
  s.ribs_descended = 110;
  apply(s, rotate_action(1));
  EXPECT_EQ(s.turn_lock, kTurnLock);
}

// GF-Q05, GF-30: a turn rib's anchor steps at spawnTick + k x turnEvery (k >= 1) up to and
// including arriveTick; the strip row equals the break stepped tick by tick.
TEST(GlimfallGenerator, TurnStepping_GFQ05_GF30) {
  Rib r;
  r.kind = RibKind::kTurn;
  r.gap_start = 10;
  r.gap_w = 2;
  r.turn_dir = 1;
  r.turn_every = 10;
  r.spawn_tick = 0;
  r.arrive_tick = 30;
  EXPECT_EQ(anchor_at(r, 9), 10);
  EXPECT_EQ(anchor_at(r, 10), 11);
  EXPECT_EQ(anchor_at(r, 29), 0);
  EXPECT_EQ(anchor_at(r, 30), 1);
  EXPECT_EQ(arrival_open(r), break_mask(1, 2));
  r.turn_dir = -1;
  EXPECT_EQ(anchor_at(r, 30), 7);
  for (uint32_t seed = 0; seed < 100; ++seed) {
    for (const Rib& t : chain(seed, 80)) {
      if (t.kind != RibKind::kTurn) continue;
      int anchor = t.gap_start;
      for (int64_t tick = t.spawn_tick + 1; tick <= t.arrive_tick; ++tick) {
        if ((tick - t.spawn_tick) % t.turn_every == 0) anchor = wrap_bracket(anchor + t.turn_dir);
      }
      ASSERT_EQ(arrival_open(t), break_mask(anchor, t.gap_w));
    }
  }
}

// GF-Q04: the break of width w at g is g..g+w-1 clockwise, wrapping past 11.
TEST(GlimfallGenerator, BreakOrientation_GFQ04_GF28) {
  EXPECT_EQ(break_mask(10, 4), BracketMask((1u << 10) | (1u << 11) | 1u | 2u));
  EXPECT_EQ(break_mask(3, 1), BracketMask(1u << 3));
}

// GF-47, GF-48, GF-49, GF-Q13: motes lie strictly between arrivals (interval 0 from tick 0), 6
// ticks apart; ordinary arcs close on the next break; rich arcs lead away and back; no interval
// mixes values; most motes are worth 10 and rich intervals exist.
TEST(GlimfallGenerator, MoteArcs_GF47_GF48_GF49_GFQ13) {
  int ten = 0, thirty = 0, rich_intervals = 0;
  for (uint32_t seed = 0; seed < 300; ++seed) {
    const std::vector<Rib> ribs = chain(seed, 60);
    for (int n = 0; n < 60; ++n) {
      const std::vector<Mote> ms = motes_of(seed, ribs, n);
      const int64_t lo = n == 0 ? 0 : ribs[n - 1].arrive_tick;
      ASSERT_FALSE(ms.empty());  // no interval is empty (gaps are at least 24 ticks)
      const BracketMask target = ribs[n].kind == RibKind::kBloom
                                     ? BracketMask(1u << ribs[n].bright_bracket)
                                     : safe_open(ribs[n]);
      auto dist_to_target = [&](int b) {
        int d = 12;
        for (int c = 0; c < 12; ++c) {
          if ((target >> c) & 1u) d = std::min(d, angular_distance(b, c));
        }
        return d;
      };
      for (size_t j = 0; j < ms.size(); ++j) {
        EXPECT_GT(ms[j].tick, lo);
        EXPECT_LT(ms[j].tick, ribs[n].arrive_tick);
        EXPECT_EQ(ms[j].id, 8 * n + static_cast<int64_t>(j));
        EXPECT_EQ(ms[j].value, ms[0].value);  // one kind per interval
        if (j > 0) {
          EXPECT_EQ(ms[j].tick - ms[j - 1].tick, 6);
          EXPECT_LE(angular_distance(ms[j].bracket, ms[j - 1].bracket), 1);
        }
      }
      if (ms[0].value == kMotePay) {
        ten += static_cast<int>(ms.size());
        for (size_t j = 1; j < ms.size(); ++j) {
          EXPECT_LE(dist_to_target(ms[j].bracket), dist_to_target(ms[j - 1].bracket));
        }
      } else {
        thirty += static_cast<int>(ms.size());
        ++rich_intervals;
        ASSERT_GE(ms.size(), 3u);
        EXPECT_GT(dist_to_target(ms[1].bracket), dist_to_target(ms[0].bracket));  // away
        int away = 0;
        for (const Mote& m : ms) away = std::max(away, angular_distance(m.bracket, ms[0].bracket));
        ASSERT_LT(static_cast<size_t>(2 * away), ms.size());
        EXPECT_EQ(ms[2 * away].bracket, ms[0].bracket);  // and back to the start
        EXPECT_LE(dist_to_target(ms.back().bracket), dist_to_target(ms[0].bracket));  // back
      }
    }
  }
  EXPECT_GT(ten, 2 * thirty);
  EXPECT_GT(rich_intervals, 100);
}

// GF-67, GF-68, GF-71: the shaft is a pure function of the seed: two runs with different actions
// see identical rib and mote fields for every id both contain, equal to the generator's.
TEST(GlimfallGenerator, ShaftIgnoresThePlayer_GF67_GF68_GF71) {
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    const std::vector<Rib> expected = chain(seed, 200);
    std::map<int64_t, Mote> motes_seen;
    for (int variant = 0; variant < 2; ++variant) {
      State s = init(seed);
      if (variant == 1) {
        for (int i = 0; i < 5; ++i) apply(s, rotate_action(1));  // a different start bracket
      }
      apply(s, start_action());
      uint64_t counter = 0;
      while (s.status == Status::kRunning && s.tick < 6000) {
        if (variant == 1 && s.turn_lock == 0) {
          apply(s, rotate_action(draw(seed, counter++) % 2 ? 1 : -1));
        }
        apply(s, tick_action(variant == 0 ? 1 : 7));
        for (int i = 0; i < s.rib_count; ++i) {
          Rib r = s.ribs[i];
          r.resolved = false;
          ASSERT_EQ(r, expected[r.id]) << "seed " << seed << " rib " << r.id;
        }
        for (int i = 0; i < s.mote_count; ++i) {
          Mote m = s.motes[i];
          m.state = MoteState::kPending;
          auto [it, fresh] = motes_seen.emplace(m.id, m);
          if (!fresh) {
            ASSERT_EQ(it->second, m) << "seed " << seed << " mote " << m.id;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace gb::glimfall
