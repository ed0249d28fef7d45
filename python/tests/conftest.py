"""Shared helpers of the package tests: the games, seeded random legal play, the CLI path."""

import os

import numpy as np
import pytest

import gameboard

SLUGS = gameboard.slugs()
# Actions that end a run at once: random play avoids them while others are legal, so playouts
# reach deep states.
ENDING = {"END_RUN", "endRun"}


def pick_action(env_or_layout, mask, rng):
    """A random legal action index (ending actions only when nothing else is legal), or a random
    index of the space when nothing is legal."""
    layout = env_or_layout if isinstance(env_or_layout, dict) else env_or_layout.layout
    legal = [int(i) for i in np.flatnonzero(mask)]
    keep = [i for i in legal if layout["action_names"][i] not in ENDING]
    choices = keep or legal or list(range(layout["actions"]))
    return int(rng.choice(choices))


def playout(env, seed, steps, rng_seed=0):
    """Resets `env` to `seed` and plays up to `steps` random legal actions; yields (obs, info)
    before each step and returns the action list."""
    rng = np.random.default_rng(rng_seed)
    obs, info = env.reset(seed=seed)
    actions = []
    for _ in range(steps):
        yield obs, info
        a = pick_action(env, info["action_mask"], rng)
        obs, _, terminated, truncated, info = env.step(a)
        actions.append(a)
        if terminated or truncated:
            break
    yield obs, info


def assert_obs_equal(a, b):
    assert set(a) == {"board", "features"} == set(b)
    np.testing.assert_array_equal(a["board"], b["board"])
    np.testing.assert_array_equal(a["features"], b["features"])


@pytest.fixture(params=SLUGS)
def slug(request):
    return request.param


@pytest.fixture(scope="session")
def cli_path():
    """The C++ `gameboard` CLI of the same build (ctest passes GAMEBOARD_CLI)."""
    path = os.environ.get("GAMEBOARD_CLI")
    if not path:
        here = os.path.dirname(os.path.abspath(__file__))
        path = os.path.join(here, "..", "..", "build", "release", "src", "cli", "gameboard")
    assert os.path.exists(path), f"the gameboard CLI is missing at {path}: build it first"
    return path
