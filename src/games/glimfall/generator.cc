// The shaft generator: rib n and the motes of interval n (the stretch rib n closes) drawn from
// draw(seed, 64n + k), ribs at k = 0..15 and motes at k = 32..47. Rib n reads only rib n-1 (itself
// a function of the seed), never anything the player influences, so the shaft is a pure function
// of (seed, index) (SPEC 2, SPEC 5).
#include <algorithm>

#include "core/rng.h"
#include "games/glimfall/glimfall.h"

namespace gb::glimfall {
namespace {

constexpr uint64_t kCountersPerIndex = 64;
constexpr uint64_t kMoteCounterOffset = 32;
constexpr int kGapBase = 84;       // mean arrival gap of Reach 1 (ticks)
constexpr int kGapStep = 6;        // the gap shrinks this much per Reach ...
constexpr int kGapBaseFloor = 30;  // ... down to this mean
constexpr int kGapJitter = 6;      // each gap is the mean +-6
constexpr int kGapFloor = 24;      // never below: 4 brackets of ratchet between arrivals
constexpr int kArcSpacing = 6;     // ticks between consecutive arc motes (one ratchet step)
constexpr uint32_t kRichIntervalPm = 200;

// Per mille of the kinds for a rib of Reach r: bloom 100 (never twice in a row), split 150,
// turn 0 in Reach 1 then 150 + 50(r-2) up to 350, plain the rest (GF-Q12).
RibKind draw_kind(RngCursor& rng, int64_t reach, const Rib* prev) {
  const uint32_t x = rng.below(1000);
  const uint32_t turn_pm =
      reach <= 1 ? 0 : static_cast<uint32_t>(std::min<int64_t>(350, 150 + 50 * (reach - 2)));
  if (x < 100) return prev && prev->kind == RibKind::kBloom ? RibKind::kPlain : RibKind::kBloom;
  if (x < 250) return RibKind::kSplit;
  if (x < 250 + turn_pm) return RibKind::kTurn;
  return RibKind::kPlain;
}

// The arrival gap before a rib of Reach r (GF-Q11).
int64_t draw_gap(RngCursor& rng, int64_t reach) {
  const int64_t base = std::max<int64_t>(kGapBaseFloor, kGapBase - kGapStep * (reach - 1));
  const int64_t jitter = static_cast<int64_t>(rng.below(2 * kGapJitter + 1)) - kGapJitter;
  return std::max<int64_t>(kGapFloor, base + jitter);
}

// Finds the first break (anchor a, a+1, ... then width w, w+1, ...) whose brackets lie within
// `reach` of every bracket of `from`. A width-11 break covers anything at reach >= 1.
void make_fair(BracketMask from, int reach, int max_w, int& anchor, int& w) {
  for (; w <= max_w; ++w) {
    for (int shift = 0; shift < kBrackets; ++shift) {
      if (covers(from, break_mask(anchor + shift, w), reach)) {
        anchor = wrap_bracket(anchor + shift);
        return;
      }
    }
  }
  w = max_w;
}

// The bracket of `set` nearest to `b` (ties: the lowest index).
int nearest_in(BracketMask set, int b) {
  int best = -1;
  for (int c = 0; c < kBrackets; ++c) {
    if (((set >> c) & 1u) && (best < 0 || angular_distance(b, c) < angular_distance(b, best))) {
      best = c;
    }
  }
  return best;
}

// The angular distance from b to the nearest bracket of `set`.
int distance_to(BracketMask set, int b) {
  return angular_distance(b, nearest_in(set, b));
}

}  // namespace

int64_t reach_of_rib(int64_t n) {
  return 1 + n / kRibsPerReach;
}

Rib generate_rib(uint32_t seed, int64_t n, const Rib* prev, int64_t spawn_tick) {
  uint64_t counter = static_cast<uint64_t>(n) * kCountersPerIndex;
  RngCursor rng(seed, counter);
  const int64_t reach = reach_of_rib(n);
  Rib r;
  r.id = n;
  r.spawn_tick = spawn_tick;
  const int64_t gap = prev ? draw_gap(rng, reach) : kFirstArrival;
  r.arrive_tick = (prev ? prev->arrive_tick : 0) + gap;
  r.kind = prev ? draw_kind(rng, reach, prev) : RibKind::kPlain;
  const int small_w =
      2 + static_cast<int>(rng.below(3)) - (reach >= 4 ? 1 : 0);  // 2..4, 1..3 from Reach 4
  const int wide_w = 3 + static_cast<int>(rng.below(3));          // 3..5
  int anchor = static_cast<int>(rng.below(kBrackets));
  const int dir = rng.below(2) == 0 ? -1 : 1;
  const int every = 8 + static_cast<int>(rng.below(13));  // 8..20
  const uint64_t bright_bits = draw(seed, counter++);
  if (r.kind == RibKind::kBloom) {
    r.gap_start = -1;
    r.gap_w = -1;
    r.bright_bracket = static_cast<int8_t>(anchor);
    return r;
  }
  const BracketMask from = prev ? arrival_open(*prev) : BracketMask{1};  // the start bracket 0
  const int fair_reach = static_cast<int>(gap / kTurnLock);
  int w = r.kind == RibKind::kSplit ? wide_w : small_w;
  make_fair(from, fair_reach, r.kind == RibKind::kSplit ? 9 : kBrackets - 1, anchor, w);
  r.gap_w = static_cast<int8_t>(w);
  r.gap_start = static_cast<int8_t>(anchor);
  if (r.kind == RibKind::kSplit) {
    // The bright break: one bracket outside the wide break and not touching it.
    const auto room = static_cast<uint32_t>(kBrackets - w - 2);
    r.gap2_start = static_cast<int8_t>(
        wrap_bracket(anchor + w + 1 + static_cast<int>(below(bright_bits, room))));
  } else if (r.kind == RibKind::kTurn) {
    r.turn_dir = static_cast<int8_t>(dir);
    r.turn_every = static_cast<int16_t>(every);
    const int64_t steps = (r.arrive_tick - r.spawn_tick) / every;
    r.gap_start = static_cast<int8_t>(wrap_bracket(anchor - dir * (steps % kBrackets)));
  }
  return r;
}

int generate_motes(uint32_t seed, int64_t n, const Rib* prev, const Rib& next,
                   std::array<Mote, kMaxMotesPerInterval>& out) {
  uint64_t counter = static_cast<uint64_t>(n) * kCountersPerIndex + kMoteCounterOffset;
  RngCursor rng(seed, counter);
  const bool rich = prev != nullptr && rng.chance(kRichIntervalPm);
  const int away = 1 + static_cast<int>(rng.below(2));      // rich: 1..2 steps away
  const int ordinary = 2 + static_cast<int>(rng.below(3));  // ordinary: 2..4 motes
  const BracketMask target =
      next.kind == RibKind::kBloom ? BracketMask(1u << next.bright_bracket) : safe_open(next);
  int p = 0;  // the arc starts where the Glim can stand: the start bracket, or rib n-1's open
              // bracket nearest the next break
  if (prev) {
    const BracketMask from = arrival_open(*prev);
    int best_d = kBrackets;
    for (int b = 0; b < kBrackets; ++b) {
      if (!((from >> b) & 1u)) continue;
      const int d = distance_to(target, b);
      if (d < best_d) {
        best_d = d;
        p = b;
      }
    }
  }
  const int q = nearest_in(target, p);
  const int d = angular_distance(p, q);
  const int s = wrap_bracket(q - p) <= kBrackets / 2 ? 1 : -1;
  // A rich arc needs a first step that leads away from the break; without one (the Glim would
  // start inside a wider break, or 6 brackets from it) the interval is ordinary.
  const int here = distance_to(target, p);
  const int away_dir = distance_to(target, wrap_bracket(p - s)) > here   ? -s
                       : distance_to(target, wrap_bracket(p + s)) > here ? s
                                                                         : 0;
  std::array<int, kMaxMotesPerInterval> positions{};
  int count = 0;
  if (rich && away_dir != 0) {
    for (int j = 0; j <= 2 * away; ++j) {
      positions[count++] = wrap_bracket(p + away_dir * std::min(j, 2 * away - j));
    }
    if (d > 0) positions[count++] = wrap_bracket(p + s);
  } else {
    for (int j = 0; j < ordinary; ++j) positions[count++] = wrap_bracket(p + s * std::min(j, d));
  }
  const bool is_rich = rich && away_dir != 0;
  const int64_t base_tick = prev ? prev->arrive_tick : 0;
  int made = 0;
  for (int j = 0; j < count; ++j) {
    const int64_t t = base_tick + kArcSpacing * (j + 1);
    if (t >= next.arrive_tick) break;
    out[made++] = Mote{.id = 8 * n + j,
                       .bracket = static_cast<int8_t>(positions[j]),
                       .tick = t,
                       .value = static_cast<int8_t>(is_rich ? kRichMotePay : kMotePay),
                       .state = MoteState::kPending};
  }
  return made;
}

namespace {

// Keeps the kKeptResolvedRibs most recent resolved ribs (the lowest ids go first).
void prune_ribs(State& s) {
  int resolved = 0;
  for (int i = 0; i < s.rib_count; ++i) resolved += s.ribs[i].resolved ? 1 : 0;
  int drop = std::max(0, resolved - kKeptResolvedRibs);
  int kept = 0;
  for (int i = 0; i < s.rib_count; ++i) {
    if (drop > 0 && s.ribs[i].resolved) {
      --drop;
      continue;
    }
    s.ribs[kept++] = s.ribs[i];
  }
  for (int i = kept; i < s.rib_count; ++i) s.ribs[i] = Rib{};
  s.rib_count = static_cast<uint8_t>(kept);
}

}  // namespace

void prune_motes(State& s) {
  int finished = 0;
  for (int i = 0; i < s.mote_count; ++i) finished += s.motes[i].state != MoteState::kPending;
  int drop = std::max(0, finished - kKeptFinishedMotes);
  int kept = 0;
  for (int i = 0; i < s.mote_count; ++i) {
    if (drop > 0 && s.motes[i].state != MoteState::kPending) {
      --drop;
      continue;
    }
    s.motes[kept++] = s.motes[i];
  }
  for (int i = kept; i < s.mote_count; ++i) s.motes[i] = Mote{};
  s.mote_count = static_cast<uint8_t>(kept);
}

void spawn_next_rib(State& s, int64_t spawn_tick) {
  prune_ribs(s);
  prune_motes(s);
  if (s.rib_count >= kMaxRibs) return;  // unreachable for a validated state
  const bool first = s.rib_count == 0;
  const Rib prev = first ? Rib{} : s.ribs[s.rib_count - 1];
  const int64_t n = first ? s.ribs_descended : prev.id + 1;
  const Rib rib = generate_rib(s.seed, n, first ? nullptr : &prev, spawn_tick);
  s.ribs[s.rib_count++] = rib;
  std::array<Mote, kMaxMotesPerInterval> motes{};
  const int made = generate_motes(s.seed, n, first ? nullptr : &prev, rib, motes);
  for (int j = 0; j < made && s.mote_count < kMaxMotes; ++j) s.motes[s.mote_count++] = motes[j];
}

State init(uint32_t seed) {
  State s;
  s.seed = seed;
  for (int i = 0; i < kLiveRibs; ++i) spawn_next_rib(s, 0);
  return s;
}

}  // namespace gb::glimfall
