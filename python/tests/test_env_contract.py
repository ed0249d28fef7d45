"""The assertions of Gymnasium's check_env, written out (Gymnasium is not installable here)."""

import numpy as np
import pytest

import gameboard
from conftest import assert_obs_equal, pick_action, playout


def test_spaces_shapes_and_dtypes(slug):
    env = gameboard.make(slug)
    layout = env.layout
    assert env.action_space.n == layout["actions"] == len(layout["action_names"])
    board_space = env.observation_space["board"]
    feature_space = env.observation_space["features"]
    assert board_space.shape == (layout["planes"], layout["height"], layout["width"])
    assert len(layout["plane_names"]) == layout["planes"]
    assert feature_space.shape == (layout["features"],) == (len(layout["feature_names"]),)
    assert board_space.dtype == np.uint8 and feature_space.dtype == np.int32
    for obs, info in playout(env, seed=11, steps=120):
        assert env.observation_space.contains(obs)
        assert obs["board"].shape == board_space.shape and obs["board"].dtype == np.uint8
        assert obs["features"].shape == feature_space.shape and obs["features"].dtype == np.int32
        assert info["action_mask"].dtype == np.int8
        assert info["action_mask"].shape == (layout["actions"],)


def test_reset_is_deterministic_for_a_seed(slug):
    a, b = gameboard.make(slug), gameboard.make(slug)
    obs_a, info_a = a.reset(seed=42)
    a.step(pick_action(a, info_a["action_mask"], np.random.default_rng(1)))
    obs_a, info_a = a.reset(seed=42)
    obs_b, info_b = b.reset(seed=42)
    assert_obs_equal(obs_a, obs_b)
    assert a.state_json() == b.state_json()
    np.testing.assert_array_equal(info_a["action_mask"], info_b["action_mask"])
    assert info_a["seed"] == 42
    states = set()
    for s in range(5):
        a.reset(seed=s)
        states.add(a.state_json())
    assert len(states) == 5, "different seeds must give different games"


def test_reset_without_seed_draws_from_the_env_generator(slug):
    a, b = gameboard.make(slug), gameboard.make(slug)
    seeds_a = [a.reset()[1]["seed"] for _ in range(4)]
    seeds_b = [b.reset()[1]["seed"] for _ in range(4)]
    assert seeds_a == seeds_b and len(set(seeds_a)) == 4
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.reset()[1]["seed"] == b.reset()[1]["seed"] != 9


def test_step_returns_the_five_tuple(slug):
    env = gameboard.make(slug)
    _, info = env.reset(seed=3)
    result = env.step(pick_action(env, info["action_mask"], np.random.default_rng(0)))
    assert isinstance(result, tuple) and len(result) == 5
    obs, reward, terminated, truncated, info = result
    assert isinstance(obs, dict) and isinstance(reward, float)
    assert isinstance(terminated, bool) and isinstance(truncated, bool)
    assert isinstance(info, dict) and "action_mask" in info and "score" in info


def test_every_action_of_the_space_is_accepted_or_refused_without_raising(slug):
    """Along a playout, each action index is tried on a clone: a masked-out one is refused
    (info["refused"], reward 0, state and observation unchanged); a legal one is accepted."""
    env = gameboard.make(slug)
    tried = refused = 0
    for obs, info in playout(env, seed=5, steps=60):
        before = env.state_json()
        for a in range(env.action_space.n):
            probe = env.clone()
            obs2, reward, _, _, info2 = probe.step(a)
            tried += 1
            if info["action_mask"][a]:
                assert "refused" not in info2, (a, info2)
            else:
                refused += 1
                assert isinstance(info2["refused"], str) and info2["refused"]
                assert reward == 0.0
                assert probe.state_json() == before
                assert_obs_equal(obs2, obs)
        assert env.state_json() == before
    assert refused > 0 and tried > refused


def test_mask_equals_the_legal_set(slug):
    env = gameboard.make(slug)
    for _, info in playout(env, seed=8, steps=150):
        assert env.legal_actions() == [int(i) for i in np.flatnonzero(info["action_mask"])]
        assert set(np.unique(info["action_mask"])) <= {0, 1}


def test_actions_outside_the_space_raise_value_error(slug):
    env = gameboard.make(slug)
    env.reset(seed=1)
    before = env.state_json()
    for bad in (-1, env.action_space.n, 1.5, "UP"):
        with pytest.raises(ValueError):
            env.step(bad)
    assert env.state_json() == before
    env.step(np.int64(0))  # numpy integers are actions


def test_seeds_outside_uint32_raise_value_error(slug):
    env = gameboard.make(slug)
    for bad in (-1, 2**32):
        with pytest.raises(ValueError):
            env.reset(seed=bad)
    env.reset(seed=2**32 - 1)


def test_max_steps_truncates(slug):
    env = gameboard.make(slug, max_steps=3)
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(0)
    flags = []
    for _ in range(3):
        _, _, terminated, truncated, info = env.step(pick_action(env, info["action_mask"], rng))
        flags.append((terminated, truncated))
        if terminated:
            break
    assert flags[-1] == (False, True) or flags[-1][0]
    assert all(f == (False, False) for f in flags[:-1])


def test_render_is_the_observation_text(slug):
    """The picture's shape per game (test_http compares it with the API's observation.text)."""
    env = gameboard.make(slug)
    env.reset(seed=4)
    lines = env.render().splitlines()
    layout = env.layout
    if slug == "stormlark":
        assert [len(line) for line in lines] == [layout["width"]] * layout["height"]
    elif slug == "silkspan":
        assert [len(line) for line in lines[:-1]] == [layout["width"]] * layout["height"]
        assert lines[-1].startswith("moves:")
    elif slug == "glimfall":
        assert lines[0].startswith("waiting tick 0") and lines[1].startswith("G")
    else:
        assert lines and all(line.strip() for line in lines)


def test_reward_is_the_score_gained(slug):
    env = gameboard.make(slug)
    total = 0.0
    rng = np.random.default_rng(3)
    _, info = env.reset(seed=21)
    for _ in range(300):
        _, reward, terminated, _, info = env.step(pick_action(env, info["action_mask"], rng))
        total += reward
        assert info["score"] == env.score
        if terminated:
            break
    assert total == env.score


def test_ticks_per_step_repeats_the_tick():
    for slug in ("glimfall", "silkspan"):
        fast = gameboard.make(slug, ticks_per_step=5)
        slow = gameboard.make(slug)
        fast.reset(seed=6)
        slow.reset(seed=6)
        names = fast.layout["action_names"]
        clock = fast.layout["feature_names"].index("tick")
        before = fast.step(names.index("start"))[0]["features"][clock]
        slow.step(names.index("start"))
        after = fast.step(names.index("tick"))[0]["features"][clock]
        for _ in range(5):
            slow.step(names.index("tick"))
        assert after - before == 5
        assert fast.state_json() == slow.state_json()
