// The `gameboard._core` extension: thin pybind11 bindings over EnvCore and VectorCore. The
// Gymnasium-facing classes are Python (gameboard/__init__.py); this file converts types and
// releases the GIL around batch work, which touches no Python object.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <mutex>
#include <string>

#include "env_core.h"
#include "vector_core.h"

namespace py = pybind11;
using gb::py::EnvCore;
using gb::py::Layout;
using gb::py::VectorCore;

namespace {

// The layout as a dict: slug, actions, planes, height, width, features and the three name lists.
py::dict layout_dict(const Layout& l) {
  py::dict d;
  d["slug"] = l.slug;
  d["actions"] = l.actions;
  d["planes"] = l.planes;
  d["height"] = l.height;
  d["width"] = l.width;
  d["features"] = l.features;
  d["action_names"] = l.action_names;
  d["plane_names"] = l.plane_names;
  d["feature_names"] = l.feature_names;
  return d;
}

// Raises ValueError unless 0 <= a < actions.
void check_action(const Layout& l, int64_t a) {
  if (a < 0 || a >= l.actions) {
    throw py::value_error("action " + std::to_string(a) + " is outside Discrete(" +
                          std::to_string(l.actions) + ") of " + l.slug);
  }
}

// Raises ValueError unless `seed` fits the engines' uint32 seeds.
uint32_t checked_seed(int64_t seed) {
  if (seed < 0 || seed > 0xFFFFFFFFLL) {
    throw py::value_error("seed " + std::to_string(seed) + " is outside 0..4294967295");
  }
  return static_cast<uint32_t>(seed);
}

// A fresh (board, features) pair for the current state.
py::tuple observation(const EnvCore& c) {
  const Layout& l = c.layout();
  py::array_t<uint8_t> board({py::ssize_t{l.planes}, py::ssize_t{l.height}, py::ssize_t{l.width}});
  py::array_t<int32_t> features(py::ssize_t{l.features});
  c.observe(board.mutable_data(), features.mutable_data());
  return py::make_tuple(board, features);
}

// A fresh int8 mask of the legal action indices.
py::array_t<int8_t> mask(const EnvCore& c) {
  py::array_t<int8_t> out(py::ssize_t{c.layout().actions});
  c.mask(out.mutable_data());
  return out;
}

// The core for `slug`; raises ValueError for an unknown game.
std::unique_ptr<EnvCore> make_core(const std::string& slug) {
  auto core = gb::py::make_env_core(slug);
  if (!core) throw py::value_error("unknown game '" + slug + "'");
  return core;
}

// The Python face of VectorCore: owns the numpy arrays the core writes into.
class VectorBinding {
 public:
  VectorBinding(const std::string& slug, int num_envs, int num_threads, int64_t max_steps,
                int ticks_per_step) {
    if (num_envs < 1) throw py::value_error("num_envs must be at least 1");
    if (num_threads < 1) throw py::value_error("num_threads must be at least 1");
    if (max_steps < 0) throw py::value_error("max_steps must be positive or None");
    if (ticks_per_step < 1) throw py::value_error("ticks_per_step must be at least 1");
    gb::py::VectorConfig config{num_envs, num_threads, max_steps, ticks_per_step};
    core_ = gb::py::make_vector_core(slug, config);
    if (!core_) throw py::value_error("unknown game '" + slug + "'");
    const Layout& l = core_->layout();
    const py::ssize_t n = num_envs;
    board_ = py::array_t<uint8_t>(
        {n, py::ssize_t{l.planes}, py::ssize_t{l.height}, py::ssize_t{l.width}});
    features_ = py::array_t<int32_t>({n, py::ssize_t{l.features}});
    mask_ = py::array_t<int8_t>({n, py::ssize_t{l.actions}});
    reward_ = py::array_t<double>(n);
    terminated_ = py::array_t<bool>(n);
    truncated_ = py::array_t<bool>(n);
    refused_ = py::array_t<int8_t>(n);
    score_ = py::array_t<int64_t>(n);
    episode_seed_ = py::array_t<uint32_t>(n);
    buffers_ = {board_.mutable_data(),   features_.mutable_data(),   mask_.mutable_data(),
                reward_.mutable_data(),  terminated_.mutable_data(), truncated_.mutable_data(),
                refused_.mutable_data(), score_.mutable_data(),      episode_seed_.mutable_data()};
    num_envs_ = num_envs;
  }

  void reset(int64_t seed) {
    const uint32_t s = checked_seed(seed);
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(mutex_);
    core_->reset(s, buffers_);
  }

  // Validates every action with the GIL held, then steps without it.
  void step(py::array_t<int64_t, py::array::c_style | py::array::forcecast> actions) {
    if (actions.ndim() != 1 || actions.shape(0) != num_envs_) {
      throw py::value_error("actions must have shape (" + std::to_string(num_envs_) + ",)");
    }
    const int64_t* a = actions.data();
    for (int i = 0; i < num_envs_; ++i) check_action(core_->layout(), a[i]);
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(mutex_);
    core_->step(a, buffers_);
  }

  const Layout& layout() const { return core_->layout(); }
  py::array board() const { return board_; }
  py::array features() const { return features_; }
  py::array mask() const { return mask_; }
  py::array reward() const { return reward_; }
  py::array terminated() const { return terminated_; }
  py::array truncated() const { return truncated_; }
  py::array refused() const { return refused_; }
  py::array score() const { return score_; }
  py::array episode_seed() const { return episode_seed_; }

 private:
  std::unique_ptr<VectorCore> core_;
  int num_envs_ = 0;
  py::array_t<uint8_t> board_;
  py::array_t<int32_t> features_;
  py::array_t<int8_t> mask_;
  py::array_t<double> reward_;
  py::array_t<bool> terminated_, truncated_;
  py::array_t<int8_t> refused_;
  py::array_t<int64_t> score_;
  py::array_t<uint32_t> episode_seed_;
  gb::py::VectorBuffers buffers_;
  std::mutex mutex_;  // Python threads may call reset/step at once while the GIL is released
};

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "Native core of the gameboard package (use gameboard.make / gameboard.VectorEnv).";
  m.def("slugs", &gb::py::known_slugs, "Every game slug, in registry order.");
  m.def(
      "engine_random_play",
      [](const std::string& slug, int64_t steps, int64_t seed) {
        const uint32_t s = checked_seed(seed);
        int64_t total = 0;
        {
          py::gil_scoped_release release;
          total = gb::py::engine_random_play(slug, steps, s);
        }
        if (total < 0) throw py::value_error("unknown game '" + slug + "'");
        return total;
      },
      "Plays `steps` random legal actions in C++ (the benchmark baseline); returns the summed "
      "score.");

  py::class_<EnvCore>(m, "Core")
      .def(py::init(&make_core), py::arg("slug"))
      .def_property_readonly("layout", [](const EnvCore& c) { return layout_dict(c.layout()); })
      .def("reset", [](EnvCore& c, int64_t seed) { c.reset(checked_seed(seed)); })
      .def(
          "step_observe",
          [](EnvCore& c, int64_t a, int ticks) {
            check_action(c.layout(), a);
            gb::py::StepResult r = c.step(static_cast<int>(a), ticks);
            return py::make_tuple(observation(c), mask(c), r.refused, r.reason, r.reward, r.over,
                                  c.score());
          },
          "step, then (observation, mask, refused, reason, reward, over, score) in one call")
      .def("observe", &observation)
      .def("mask", &mask)
      .def("text", &EnvCore::text)
      .def("score", &EnvCore::score)
      .def("over", &EnvCore::over)
      .def("state_json", &EnvCore::state_json)
      .def("load_state_json",
           [](EnvCore& c, const std::string& text) {
             try {
               c.load_state_json(text);
             } catch (const gb::py::BadState& e) {
               throw py::value_error(e.what());
             }
           })
      .def("action_json",
           [](const EnvCore& c, int64_t a) {
             check_action(c.layout(), a);
             return c.action_json(static_cast<int>(a));
           })
      .def("clone", &EnvCore::clone);

  py::class_<VectorBinding>(m, "VectorCore")
      .def(py::init<const std::string&, int, int, int64_t, int>(), py::arg("slug"),
           py::arg("num_envs"), py::arg("num_threads"), py::arg("max_steps"),
           py::arg("ticks_per_step"))
      .def_property_readonly("layout",
                             [](const VectorBinding& v) { return layout_dict(v.layout()); })
      .def("reset", &VectorBinding::reset)
      .def("step", &VectorBinding::step)
      .def_property_readonly("board", &VectorBinding::board)
      .def_property_readonly("features", &VectorBinding::features)
      .def_property_readonly("mask", &VectorBinding::mask)
      .def_property_readonly("reward", &VectorBinding::reward)
      .def_property_readonly("terminated", &VectorBinding::terminated)
      .def_property_readonly("truncated", &VectorBinding::truncated)
      .def_property_readonly("refused", &VectorBinding::refused)
      .def_property_readonly("score", &VectorBinding::score)
      .def_property_readonly("episode_seed", &VectorBinding::episode_seed);
}
