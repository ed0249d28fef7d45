"""clone() independence, the state JSON round trip, and equality with the C++ library's replay
of the same (seed, actions) through the HTTP API's JSON path."""

import json
import subprocess

import numpy as np
import pytest

import gameboard
from conftest import assert_obs_equal, pick_action, playout


def fnv1a64(data):
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & ((1 << 64) - 1)
    return f"{h:016x}"


def test_clone_is_independent(slug):
    env = gameboard.make(slug)
    rng = np.random.default_rng(2)
    for _ in playout(env, seed=13, steps=20):
        pass
    before = env.state_json()
    copy = env.clone()
    assert copy.state_json() == before
    actions = []
    _, _, _, _, info = copy.step(0)
    actions.append(0)
    for _ in range(30):
        a = pick_action(copy, info["action_mask"], rng)
        _, _, terminated, _, info = copy.step(a)
        actions.append(a)
        if terminated:
            break
    assert env.state_json() == before, "stepping a clone changed the original"
    for a in actions:
        env.step(a)
    assert env.state_json() == copy.state_json(), "the same actions diverged"


def test_state_json_round_trips(slug):
    env, other = gameboard.make(slug), gameboard.make(slug)
    for obs, info in playout(env, seed=17, steps=200):
        text = env.state_json()
        obs2, info2 = other.from_state_json(text)
        assert other.state_json() == text
        assert_obs_equal(obs, obs2)
        np.testing.assert_array_equal(info["action_mask"], info2["action_mask"])
        assert other.render() == env.render()
    _, info = other.from_state_json(json.loads(env.state_json()))  # a parsed dict works too
    assert other.state_json() == env.state_json()
    assert info["seed"] == 17 and info["steps"] == 0


def test_a_bad_state_raises_value_error_with_the_issues(slug):
    env = gameboard.make(slug)
    env.reset(seed=3)
    good = env.state_json()
    state = json.loads(good)
    state["score"] = -5
    with pytest.raises(ValueError, match="Invalid state.*score"):
        env.from_state_json(json.dumps(state))
    for text in ("not json", "[]", "{}"):
        with pytest.raises(ValueError):
            env.from_state_json(text)
    assert env.state_json() == good, "a refused state changed the env"


def random_legal_game(slug, seed, steps):
    env = gameboard.make(slug)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    actions = []
    for _ in range(steps):
        if not info["action_mask"].any():
            break
        a = pick_action(env, info["action_mask"], rng)
        actions.append(json.loads(env.action_json(a)))
        _, _, terminated, _, info = env.step(a)
        assert "refused" not in info
        if terminated:
            break
    return env, actions


@pytest.mark.parametrize("seed", [1, 77])
def test_same_final_state_as_the_cpp_library(slug, seed, cli_path, tmp_path):
    """The CLI replays the same (seed, actions) through the registry's JSON path (what the HTTP
    API runs) and prints the final score and the fnv1a64 of the final state JSON."""
    env, actions = random_legal_game(slug, seed, steps=400)
    assert len(actions) > 5
    replay = tmp_path / "replay.json"
    replay.write_text(json.dumps({"slug": slug, "seed": seed, "actions": actions,
                                  "score": env.score}))
    out = subprocess.run([cli_path, "replay", str(replay)], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert f"score {env.score}" in lines, out.stdout
    assert f"state hash {fnv1a64(env.state_json().encode())}" in lines, out.stdout
