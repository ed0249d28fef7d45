"""gameboard: the game engines as Gymnasium-style environments (SPEC.md section 11).

    import gameboard
    env = gameboard.make(gameboard.slugs()[0])  # any slug of gameboard.slugs()
    obs, info = env.reset(seed=7)
    obs, reward, terminated, truncated, info = env.step(0)

Observations are {"board": uint8 [C,H,W], "features": int32 [K]}; docs/python.md lists every
plane, feature and action index per game.
"""

import json as _json
import operator as _operator

import numpy as _np

from . import _core
from . import spaces as _spaces

try:  # With Gymnasium, Env is a real gymnasium.Env (gymnasium.make requires it).
    import gymnasium as _gym
    _EnvBase = _gym.Env
except ImportError:  # pragma: no cover - depends on the machine
    _gym = None
    _EnvBase = object

__all__ = ["Env", "VectorEnv", "make", "slugs", "engine_random_play"]

_MASK64 = (1 << 64) - 1


def slugs():
    """Every game slug, in registry order."""
    return list(_core.slugs())


def engine_random_play(slug, steps, seed=0):
    """Plays `steps` random legal actions in C++ with no observation (the benchmark baseline);
    returns the summed score."""
    return _core.engine_random_play(slug, int(steps), int(seed))


def _check_seed(seed):
    """`seed` as an int in 0..2^32-1; ValueError otherwise."""
    seed = int(seed)
    if not 0 <= seed <= 0xFFFFFFFF:
        raise ValueError(f"seed {seed} is outside 0..4294967295")
    return seed


def _check_options(max_steps, ticks_per_step):
    """ValueError unless max_steps is None or >= 1 and ticks_per_step >= 1."""
    if max_steps is not None and int(max_steps) < 1:
        raise ValueError("max_steps must be a positive integer or None")
    if int(ticks_per_step) < 1:
        raise ValueError("ticks_per_step must be a positive integer")


class Env(_EnvBase):
    """One game with the Gymnasium contract. Build it with gameboard.make(slug)."""

    metadata = {"render_modes": ["ansi"]}
    spec = None

    def __init__(self, slug, max_steps=None, ticks_per_step=1, render_mode=None, _core_env=None):
        _check_options(max_steps, ticks_per_step)
        if render_mode not in (None, "ansi"):
            raise ValueError("render_mode must be None or 'ansi'")
        if _core_env is None:
            _core_env = _core.Core(slug)
            _core_env.reset(0)
        self._core = _core_env
        self.layout = self._core.layout
        self.slug = self.layout["slug"]
        self.max_steps = None if max_steps is None else int(max_steps)
        self.ticks_per_step = int(ticks_per_step)
        self.render_mode = render_mode
        self.action_space = _spaces.action_space(self.layout)
        self.observation_space = _spaces.observation_space(self.layout)
        self._generator = 0   # SplitMix64 state drawing seeds for reset() without one
        self._elapsed = 0     # step calls since the last reset
        self._seed = 0        # the game seed being played (read from the state after loading)

    # -- Gymnasium contract ------------------------------------------------------------------

    def reset(self, seed=None, options=None):
        """Starts game `seed` (0..2^32-1), or the next seed of the env's own generator when None.
        A given seed also reseeds that generator. `options` is accepted and ignored.
        Returns (obs, info)."""
        if seed is not None:
            seed = _check_seed(seed)
        if _gym is not None:  # seeds gymnasium.Env.np_random, as check_env expects
            super().reset(seed=seed)
        if seed is not None:
            self._generator = seed
        else:
            seed = self._draw_seed()
        self._core.reset(seed)
        self._seed = seed
        self._elapsed = 0
        return self._observation(), self._info()

    def step(self, action):
        """Applies action index `action`. A refused action leaves the state unchanged, pays 0 and
        sets info["refused"] to the engine's reason; it never raises for an action of the space.
        Returns (obs, reward, terminated, truncated, info)."""
        (board, features), mask, refused, reason, reward, over, score = self._core.step_observe(
            self._action_index(action), self.ticks_per_step)
        self._elapsed += 1
        terminated = bool(over)
        truncated = (not terminated and self.max_steps is not None
                     and self._elapsed >= self.max_steps)
        info = {"action_mask": mask, "score": score, "seed": self._seed, "steps": self._elapsed}
        if refused:
            info["refused"] = reason
        return {"board": board, "features": features}, float(reward), terminated, truncated, info

    def render(self):
        """The game's ASCII observation text (the HTTP API's observation.text)."""
        return self._core.text()

    def close(self):
        """Nothing to release."""

    # -- Search and interchange --------------------------------------------------------------

    def clone(self):
        """An independent copy: same state, step count and seed generator."""
        other = Env(self.slug, self.max_steps, self.ticks_per_step, self.render_mode,
                    _core_env=self._core.clone())
        other._generator, other._elapsed, other._seed = self._generator, self._elapsed, self._seed
        return other

    def legal_actions(self):
        """The legal action indices, ascending."""
        return [int(i) for i in _np.flatnonzero(self._core.mask())]

    def action_mask(self):
        """int8 [actions]: 1 for the legal action indices."""
        return self._core.mask()

    def state_json(self):
        """The current state as the HTTP API's state JSON (compact text)."""
        return self._core.state_json()

    def from_state_json(self, state):
        """Loads a state (JSON text, or an already parsed dict) after the game codec's full
        validation; a bad state raises ValueError listing the issues and changes nothing.
        Restarts the step count. Returns (obs, info)."""
        text = state if isinstance(state, str) else _json.dumps(state, separators=(",", ":"))
        self._core.load_state_json(text)
        self._elapsed = 0
        self._seed = _json.loads(self._core.state_json())["seed"]
        return self._observation(), self._info()

    def action_json(self, action):
        """The HTTP API's JSON text for action index `action`."""
        return self._core.action_json(self._action_index(action))

    @property
    def score(self):
        return self._core.score()

    @property
    def unwrapped(self):
        return self

    # -- Internals ---------------------------------------------------------------------------

    def _draw_seed(self):
        """The next SplitMix64 output of the env's generator, cut to 32 bits."""
        self._generator = (self._generator + 0x9E3779B97F4A7C15) & _MASK64
        z = self._generator
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return (z ^ (z >> 31)) & 0xFFFFFFFF

    def _action_index(self, action):
        """`action` as a Python int (any integer type); ValueError for anything else."""
        try:
            return _operator.index(action)
        except TypeError:
            raise ValueError(f"action {action!r} is not an integer index") from None

    def _observation(self):
        """A fresh observation dict of the current state."""
        board, features = self._core.observe()
        return {"board": board, "features": features}

    def _info(self):
        """The info dict of reset and from_state_json."""
        return {"action_mask": self._core.mask(), "score": self._core.score(),
                "seed": self._seed, "steps": self._elapsed}


def make(slug, max_steps=None, ticks_per_step=1, render_mode=None):
    """An Env for game `slug`: truncated after `max_steps` step calls when given; a tick action
    runs `ticks_per_step` ticks (stopping at game over)."""
    return Env(slug, max_steps=max_steps, ticks_per_step=ticks_per_step, render_mode=render_mode)


class VectorEnv:
    """num_envs games stepped together in C++ (GIL released), with Gymnasium's next-step
    autoreset: env i of seed s plays game s + i, and its k-th autoreset plays s + i + k*num_envs.

    The arrays returned by reset() and step() are preallocated and overwritten by the next call:
    copy them to keep them."""

    def __init__(self, slug, num_envs, seed=0, num_threads=1, max_steps=None, ticks_per_step=1):
        _check_options(max_steps, ticks_per_step)
        self._seed = _check_seed(seed)
        self._core = _core.VectorCore(slug, int(num_envs), int(num_threads),
                                      0 if max_steps is None else int(max_steps),
                                      int(ticks_per_step))
        self.layout = self._core.layout
        self.slug = self.layout["slug"]
        self.num_envs = int(num_envs)
        self.num_threads = int(num_threads)
        self.single_action_space = _spaces.action_space(self.layout)
        self.single_observation_space = _spaces.observation_space(self.layout)
        self.action_space = _spaces.action_space(self.layout, batch=self.num_envs)
        self.observation_space = _spaces.observation_space(self.layout, batch=self.num_envs)
        self._obs = {"board": self._core.board, "features": self._core.features}

    def reset(self, seed=None, options=None):
        """Starts every env (env i plays seed + i; the constructor's seed when None).
        Returns (obs, infos)."""
        if seed is not None:
            self._seed = _check_seed(seed)
        self._core.reset(self._seed)
        return self._obs, self._infos()

    def step(self, actions):
        """Steps every env with actions[i] (int64 [num_envs]). Returns (obs, rewards,
        terminations, truncations, infos); infos["refused"][i] is 1 when env i's action was
        refused (state unchanged, reward 0)."""
        self._core.step(_np.asarray(actions, dtype=_np.int64))
        return (self._obs, self._core.reward, self._core.terminated, self._core.truncated,
                self._infos())

    def close(self):
        """Nothing to release."""

    def _infos(self):
        """The batched info dict (the core's preallocated arrays)."""
        return {"action_mask": self._core.mask, "refused": self._core.refused,
                "score": self._core.score, "episode_seed": self._core.episode_seed}
