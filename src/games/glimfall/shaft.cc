// Rib geometry: breaks as bracket masks, a turn rib's stepping anchor, arrival sets and the
// fairness cover test.
#include <algorithm>

#include "games/glimfall/glimfall.h"

namespace gb::glimfall {

BracketMask break_mask(int g, int w) {
  BracketMask m = 0;
  for (int i = 0; i < w && i < kBrackets; ++i)
    m |= static_cast<BracketMask>(1u << wrap_bracket(g + i));
  return m;
}

int anchor_at(const Rib& r, int64_t t) {
  if (r.kind != RibKind::kTurn || r.turn_every <= 0) return r.gap_start;
  const int64_t at = t < r.spawn_tick ? r.spawn_tick : (t > r.arrive_tick ? r.arrive_tick : t);
  const int64_t steps = (at - r.spawn_tick) / r.turn_every;
  return wrap_bracket(r.gap_start + r.turn_dir * (steps % kBrackets));
}

BracketMask arrival_open(const Rib& r) {
  switch (r.kind) {
    case RibKind::kPlain:
      return break_mask(r.gap_start, r.gap_w);
    case RibKind::kTurn:
      return break_mask(anchor_at(r, r.arrive_tick), r.gap_w);
    case RibKind::kSplit:
      return static_cast<BracketMask>(break_mask(r.gap_start, r.gap_w) | (1u << r.gap2_start));
    case RibKind::kBloom:
      return kAllOpen;
  }
  return 0;
}

BracketMask safe_open(const Rib& r) {
  if (r.kind == RibKind::kSplit) return break_mask(r.gap_start, r.gap_w);
  return arrival_open(r);
}

bool covers(BracketMask from, BracketMask to, int reach) {
  for (int b = 0; b < kBrackets; ++b) {
    if (!((from >> b) & 1u)) continue;
    bool near = false;
    for (int c = 0; c < kBrackets && !near; ++c) {
      near = ((to >> c) & 1u) && angular_distance(b, c) <= reach;
    }
    if (!near) return false;
  }
  return true;
}

int nearest_live_rib(const State& s) {
  int best = -1;
  for (int i = 0; i < s.rib_count; ++i) {
    if (s.ribs[i].resolved) continue;
    if (best < 0 || s.ribs[i].arrive_tick < s.ribs[best].arrive_tick) best = i;
  }
  return best;
}

int live_rib_count(const State& s) {
  int n = 0;
  for (int i = 0; i < s.rib_count; ++i) n += s.ribs[i].resolved ? 0 : 1;
  return n;
}

int pending_mote_count(const State& s) {
  int n = 0;
  for (int i = 0; i < s.mote_count; ++i) n += s.motes[i].state == MoteState::kPending ? 1 : 0;
  return n;
}

int brackets_reachable(const State& s) {
  if (s.status == Status::kWaiting) return 6;
  const int i = nearest_live_rib(s);
  if (s.status == Status::kDone || i < 0) return 0;
  const int64_t t = s.ribs[i].arrive_tick - s.tick;
  const int64_t lock = s.turn_lock;
  if (t - 1 < lock) return 0;
  return static_cast<int>(std::min<int64_t>(6, 1 + (t - 1 - lock) / kTurnLock));
}

}  // namespace gb::glimfall
