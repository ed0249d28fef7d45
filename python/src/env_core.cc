// The per-game EnvCore implementations: the game's traits do all the work.
#include "env_core.h"

#include "games/all_games.h"
#include "gb_games/python.h"

namespace gb::py {
namespace {

// EnvCore over game G: one state on the heap; every method is the traits' own.
template <class G>
class EnvFor final : public EnvCore {
 public:
  const Layout& layout() const override {
    static const Layout l = layout_of<G>();
    return l;
  }
  void reset(uint32_t seed) override { *state_ = G::init(seed); }
  StepResult step(int a, int ticks) override { return step_state<G>(*state_, a, ticks); }
  void observe(uint8_t* board, int32_t* features) const override {
    Encoding<G>::observe(*state_, board, features);
  }
  void mask(int8_t* out) const override { fill_mask<G>(*state_, out); }
  std::string text() const override { return Encoding<G>::text(*state_); }
  int64_t score() const override { return G::score(*state_); }
  bool over() const override { return G::game_over(*state_); }
  std::string state_json() const override {
    JsonWriter w;
    G::encode_state(*state_, w);
    return w.take();
  }
  void load_state_json(std::string_view text) override {
    Issues issues;
    std::optional<JsonValue> v = parse_json(text, issues);
    auto decoded = std::make_unique<typename G::State>();
    if (!v || !G::decode_state(*v, *decoded, issues)) {
      std::string message = "Invalid state";
      for (const auto& i : issues.list()) message += "; " + i;
      if (issues.total() > issues.list().size()) {
        message += "; " + std::to_string(issues.total() - issues.list().size()) + " more";
      }
      throw BadState(message);
    }
    state_ = std::move(decoded);
  }
  std::string action_json(int a) const override {
    JsonWriter w;
    G::encode_action(Encoding<G>::action(a), w);
    return w.take();
  }
  std::unique_ptr<EnvCore> clone() const override {
    auto copy = std::make_unique<EnvFor<G>>();
    *copy->state_ = *state_;
    return copy;
  }

 private:
  // On the heap: a state may be tens of kilobytes.
  std::unique_ptr<typename G::State> state_ = std::make_unique<typename G::State>(G::init(0));
};

}  // namespace

std::unique_ptr<EnvCore> make_env_core(std::string_view slug) {
#define GB_ENV(game) \
  if (slug == game::Traits::info().slug) return std::make_unique<EnvFor<game::Traits>>();
  GB_ALL_GAMES(GB_ENV)
#undef GB_ENV
  return nullptr;
}

std::vector<std::string> known_slugs() {
#define GB_SLUG(game) std::string(game::Traits::info().slug),
  return {GB_ALL_GAMES(GB_SLUG)};
#undef GB_SLUG
}

}  // namespace gb::py
