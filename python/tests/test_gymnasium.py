"""Both sides of the optional Gymnasium dependency: real spaces and registration with it, the
plain fallbacks without it. Exactly one of the two tests runs, depending on the machine."""

import importlib.util

import pytest

import gameboard
from gameboard import spaces

HAVE_GYMNASIUM = importlib.util.find_spec("gymnasium") is not None


@pytest.mark.skipif(HAVE_GYMNASIUM, reason="Gymnasium is installed: its branch is tested")
def test_fallback_spaces_without_gymnasium():
    assert not spaces.have_gymnasium()
    env = gameboard.make("stormlark")
    assert isinstance(env.action_space, spaces.Discrete)
    assert isinstance(env.observation_space, spaces.Dict)
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    assert env.action_space.contains(3) and not env.action_space.contains(6)
    assert env.action_space.contains(env.action_space.sample(mask=info["action_mask"]))
    with pytest.raises(ImportError):
        importlib.import_module("gameboard.gym")


@pytest.mark.skipif(not HAVE_GYMNASIUM, reason="Gymnasium is not installed")
def test_registration_with_gymnasium():  # pragma: no cover - needs Gymnasium
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    import gameboard.gym

    assert "gameboard/Stormlark-v0" in gameboard.gym.ENV_IDS
    for env_id in gameboard.gym.ENV_IDS:
        env = gymnasium.make(env_id)
        assert isinstance(env.action_space, gymnasium.spaces.Discrete)
        check_env(env.unwrapped, skip_render_check=True)
