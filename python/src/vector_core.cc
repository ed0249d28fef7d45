// VectorCore for every game: one contiguous block of envs per thread, so results never depend
// on the thread count.
#include "vector_core.h"

#include <algorithm>
#include <thread>
#include <vector>

#include "core/rng.h"
#include "games/all_games.h"
#include "gb_games/python.h"

namespace gb::py {
namespace {

// VectorCore over game G: the states in one vector, stepped in place.
template <class G>
class VectorFor final : public VectorCore {
  using E = Encoding<G>;
  static constexpr int kBoard = E::kPlanes * E::kHeight * E::kWidth;

 public:
  explicit VectorFor(const VectorConfig& c)
      : config_(c),
        states_(static_cast<size_t>(c.num_envs)),
        elapsed_(static_cast<size_t>(c.num_envs)),
        episode_(static_cast<size_t>(c.num_envs)),
        pending_reset_(static_cast<size_t>(c.num_envs)) {}

  const Layout& layout() const override {
    static const Layout l = layout_of<G>();
    return l;
  }

  void reset(uint32_t seed, const VectorBuffers& out) override {
    base_seed_ = seed;
    run_blocks([&](int i) {
      episode_[i] = 0;
      start(i);
      clear_step_fields(i, out);
      write_row(i, out);
    });
  }

  void step(const int64_t* actions, const VectorBuffers& out) override {
    run_blocks([&](int i) {
      clear_step_fields(i, out);
      if (pending_reset_[i]) {
        ++episode_[i];
        start(i);
      } else {
        const StepResult r =
            step_state<G>(states_[i], static_cast<int>(actions[i]), config_.ticks_per_step);
        ++elapsed_[i];
        out.reward[i] = static_cast<double>(r.reward);
        out.refused[i] = r.refused ? 1 : 0;
        out.terminated[i] = r.over;
        out.truncated[i] = !r.over && config_.max_steps > 0 && elapsed_[i] >= config_.max_steps;
        pending_reset_[i] = out.terminated[i] || out.truncated[i];
      }
      write_row(i, out);
    });
  }

 private:
  // The game seed of env i's current episode: base + i + episode * num_envs (mod 2^32).
  uint32_t seed_of(int i) const {
    const uint64_t n = static_cast<uint64_t>(config_.num_envs);
    return static_cast<uint32_t>(base_seed_ + static_cast<uint64_t>(i) + episode_[i] * n);
  }
  // Starts env i's current episode.
  void start(int i) {
    states_[i] = G::init(seed_of(i));
    elapsed_[i] = 0;
    pending_reset_[i] = false;
  }
  // Zeroes env i's reward and flags (a reset or an autoreset reports none).
  static void clear_step_fields(int i, const VectorBuffers& out) {
    out.reward[i] = 0;
    out.terminated[i] = false;
    out.truncated[i] = false;
    out.refused[i] = 0;
  }
  // Writes env i's observation, mask, score and seed rows.
  void write_row(int i, const VectorBuffers& out) const {
    E::observe(states_[i], out.board + static_cast<size_t>(i) * kBoard,
               out.features + static_cast<size_t>(i) * E::kFeatures);
    fill_mask<G>(states_[i], out.mask + static_cast<size_t>(i) * E::kActions);
    out.score[i] = G::score(states_[i]);
    out.episode_seed[i] = seed_of(i);
  }
  // Runs body(i) for every env: thread t takes the t-th contiguous block.
  template <class F>
  void run_blocks(F&& body) {
    const int n = config_.num_envs;
    const int t = std::min(config_.num_threads, n);
    const int chunk = (n + t - 1) / t;
    auto block = [&](int b) {
      const int end = std::min(n, (b + 1) * chunk);
      for (int i = b * chunk; i < end; ++i) body(i);
    };
    std::vector<std::thread> workers;
    for (int b = 1; b < t; ++b) workers.emplace_back(block, b);
    block(0);
    for (auto& w : workers) w.join();
  }

  VectorConfig config_;
  uint32_t base_seed_ = 0;
  std::vector<typename G::State> states_;
  std::vector<int64_t> elapsed_;
  std::vector<uint64_t> episode_;
  std::vector<char> pending_reset_;  // not vector<bool>: threads write neighbouring entries
};

// engine_random_play for game G.
template <class G>
int64_t random_play(int64_t steps, uint32_t seed) {
  int64_t total = 0;
  uint32_t game = seed;
  auto s = std::make_unique<typename G::State>(G::init(game));
  typename G::ActionList legal;
  for (int64_t k = 0; k < steps; ++k) {
    G::legal_actions(*s, legal);
    const auto count = static_cast<uint64_t>(legal.end() - legal.begin());
    if (G::game_over(*s) || count == 0) {
      total += G::score(*s);
      *s = G::init(++game);
      continue;
    }
    const uint32_t pick = below(draw(seed, static_cast<uint64_t>(k)), static_cast<uint32_t>(count));
    G::apply(*s, *(legal.begin() + pick));
  }
  return total + G::score(*s);
}

}  // namespace

std::unique_ptr<VectorCore> make_vector_core(std::string_view slug, const VectorConfig& c) {
#define GB_VECTOR(game) \
  if (slug == game::Traits::info().slug) return std::make_unique<VectorFor<game::Traits>>(c);
  GB_ALL_GAMES(GB_VECTOR)
#undef GB_VECTOR
  return nullptr;
}

int64_t engine_random_play(std::string_view slug, int64_t steps, uint32_t seed) {
#define GB_RANDOM_PLAY(game) \
  if (slug == game::Traits::info().slug) return random_play<game::Traits>(steps, seed);
  GB_ALL_GAMES(GB_RANDOM_PLAY)
#undef GB_RANDOM_PLAY
  return -1;
}

}  // namespace gb::py
