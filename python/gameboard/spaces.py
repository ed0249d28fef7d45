"""Action and observation spaces: real Gymnasium spaces when Gymnasium imports, else plain
descriptions with the same attributes (n, shape, dtype, low, high, spaces) plus contains() and
sample()."""

import numpy as np

try:  # Gymnasium is optional: Debian does not package it.
    import gymnasium as _gym
except ImportError:  # pragma: no cover - depends on the machine
    _gym = None

INT32_MIN = int(np.iinfo(np.int32).min)
INT32_MAX = int(np.iinfo(np.int32).max)


class Discrete:
    """The actions 0..n-1 (the fallback of gymnasium.spaces.Discrete)."""

    def __init__(self, n):
        self.n = int(n)
        self.shape = ()
        self.dtype = np.dtype(np.int64)

    def contains(self, x):
        try:
            return 0 <= int(x) < self.n and int(x) == x
        except (TypeError, ValueError):
            return False

    def sample(self, rng=None, mask=None):
        """A uniform action; with an int8 mask, a uniform action among those marked 1."""
        rng = rng if rng is not None else np.random.default_rng()
        if mask is not None:
            legal = np.flatnonzero(np.asarray(mask))
            return int(rng.choice(legal)) if len(legal) else 0
        return int(rng.integers(self.n))

    def __repr__(self):
        return f"Discrete({self.n})"


class Box:
    """An array of fixed shape and dtype within [low, high] (the fallback of gymnasium's Box)."""

    def __init__(self, low, high, shape, dtype):
        self.low = low
        self.high = high
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)

    def contains(self, x):
        x = np.asarray(x)
        return (x.shape == self.shape and x.dtype == self.dtype
                and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))

    def __repr__(self):
        return f"Box({self.low}, {self.high}, {self.shape}, {self.dtype})"


class Dict:
    """Named sub-spaces (the fallback of gymnasium.spaces.Dict)."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]

    def contains(self, x):
        return (isinstance(x, dict) and set(x) == set(self.spaces)
                and all(s.contains(x[k]) for k, s in self.spaces.items()))

    def __repr__(self):
        return f"Dict({self.spaces!r})"


def have_gymnasium():
    """True when real Gymnasium spaces are in use."""
    return _gym is not None


def observation_space(layout, batch=None):
    """The Dict space {"board": uint8 [C,H,W], "features": int32 [K]}, with a leading batch axis
    when `batch` is given."""
    lead = () if batch is None else (int(batch),)
    board_shape = lead + (layout["planes"], layout["height"], layout["width"])
    feature_shape = lead + (layout["features"],)
    if _gym is not None:
        s = _gym.spaces
        return s.Dict({
            "board": s.Box(0, 255, board_shape, np.uint8),
            "features": s.Box(INT32_MIN, INT32_MAX, feature_shape, np.int32),
        })
    return Dict({
        "board": Box(0, 255, board_shape, np.uint8),
        "features": Box(INT32_MIN, INT32_MAX, feature_shape, np.int32),
    })


def action_space(layout, batch=None):
    """Discrete(actions), or MultiDiscrete([actions] * batch) for a batch (a fallback Box of
    int64 when Gymnasium is missing)."""
    n = layout["actions"]
    if batch is None:
        return _gym.spaces.Discrete(n) if _gym is not None else Discrete(n)
    if _gym is not None:
        return _gym.spaces.MultiDiscrete([n] * int(batch))
    return Box(0, n - 1, (int(batch),), np.int64)
