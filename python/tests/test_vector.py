"""VectorEnv: rows equal single envs of seed s+i, next-step autoreset, refusals, threads."""

import hashlib

import numpy as np
import pytest

import gameboard
from conftest import assert_obs_equal, pick_action


def rows_of(obs, i):
    return {"board": obs["board"][i], "features": obs["features"][i]}


def test_rows_match_single_envs_of_seed_s_plus_i(slug):
    n, seed = 5, 100
    vec = gameboard.VectorEnv(slug, n, seed=seed)
    singles = [gameboard.make(slug) for _ in range(n)]
    obs, infos = vec.reset()
    single_infos = []
    for i, env in enumerate(singles):
        o, info = env.reset(seed=seed + i)
        assert_obs_equal(rows_of(obs, i), o)
        single_infos.append(info)
    np.testing.assert_array_equal(infos["episode_seed"], np.arange(seed, seed + n))
    rng = np.random.default_rng(4)
    for _ in range(40):
        actions = np.array([pick_action(singles[i], single_infos[i]["action_mask"], rng)
                            for i in range(n)])
        obs, rewards, terms, truncs, infos = vec.step(actions)
        for i, env in enumerate(singles):
            if single_infos[i].get("done"):
                continue  # compared again only until the single env's game ends
            o, r, term, trunc, info = env.step(actions[i])
            assert_obs_equal(rows_of(obs, i), o)
            assert rewards[i] == r and terms[i] == term and truncs[i] == trunc
            np.testing.assert_array_equal(infos["action_mask"][i], info["action_mask"])
            assert infos["score"][i] == info["score"]
            info["done"] = term or trunc
            single_infos[i] = info


def test_next_step_autoreset_after_truncation_and_termination():
    n, seed = 3, 50
    vec = gameboard.VectorEnv("stormlark", n, seed=seed, max_steps=2)
    obs, infos = vec.reset()
    vent = vec.layout["action_names"].index("VENT")
    end = vec.layout["action_names"].index("END_RUN")
    # Env 0 ends its run at once (terminated); envs 1 and 2 vent twice (truncated at step 2).
    obs, rewards, terms, truncs, infos = vec.step([end, vent, vent])
    assert terms.tolist() == [True, False, False] and not truncs.any()
    obs, rewards, terms, truncs, infos = vec.step([vent, vent, vent])
    # Env 0 ignored its action and started episode 1: seed 50 + 0 + 1 * 3.
    assert infos["episode_seed"].tolist() == [53, 51, 52]
    assert terms.tolist() == [False, False, False] and truncs.tolist() == [False, True, True]
    assert rewards[0] == 0
    fresh, _ = gameboard.make("stormlark").reset(seed=53)
    assert_obs_equal(rows_of(obs, 0), fresh)
    obs, rewards, terms, truncs, infos = vec.step([end, end, end])
    assert infos["episode_seed"].tolist() == [53, 54, 55]
    assert terms.tolist() == [True, False, False] and not truncs.any()
    assert rewards[1] == rewards[2] == 0
    for i, s in ((1, 54), (2, 55)):
        fresh, _ = gameboard.make("stormlark").reset(seed=s)
        assert_obs_equal(rows_of(obs, i), fresh)


def test_refused_actions_in_a_batch(slug):
    vec = gameboard.VectorEnv(slug, 4, seed=9)
    obs, infos = vec.reset()
    before = obs["board"].copy(), obs["features"].copy()
    masks = infos["action_mask"].copy()
    illegal = [int(np.flatnonzero(m == 0)[0]) for m in masks]
    obs, rewards, terms, truncs, infos = vec.step(illegal)
    assert infos["refused"].tolist() == [1, 1, 1, 1]
    assert not rewards.any() and not terms.any() and not truncs.any()
    np.testing.assert_array_equal(obs["board"], before[0])
    np.testing.assert_array_equal(obs["features"], before[1])


def test_bad_actions_raise_value_error():
    vec = gameboard.VectorEnv("glimfall", 3, seed=0)
    vec.reset()
    for bad in ([0, 1], [0, 1, 4], [-1, 0, 0]):
        with pytest.raises(ValueError):
            vec.step(bad)
    with pytest.raises(ValueError):
        gameboard.VectorEnv("nosuchgame", 2)
    with pytest.raises(ValueError):
        gameboard.VectorEnv("glimfall", 0)


def run_digest(slug, num_threads, steps=120):
    vec = gameboard.VectorEnv(slug, 7, seed=300, num_threads=num_threads, max_steps=40)
    obs, infos = vec.reset()
    rng = np.random.default_rng(8)
    digest = hashlib.sha256()
    for _ in range(steps):
        actions = [pick_action(vec.layout, m, rng) for m in infos["action_mask"]]
        obs, rewards, terms, truncs, infos = vec.step(actions)
        for array in (obs["board"], obs["features"], rewards, terms, truncs,
                      infos["action_mask"], infos["refused"], infos["score"],
                      infos["episode_seed"]):
            digest.update(array.tobytes())
    return digest.hexdigest()


def test_results_do_not_depend_on_the_thread_count(slug):
    one = run_digest(slug, 1)
    assert run_digest(slug, 2) == one
    assert run_digest(slug, 3) == one
    assert run_digest(slug, 16) == one  # more threads than envs


def test_spaces_are_batched(slug):
    vec = gameboard.VectorEnv(slug, 6, seed=0)
    obs, _ = vec.reset()
    assert vec.observation_space["board"].shape == obs["board"].shape
    assert obs["board"].shape[0] == 6 and obs["features"].shape[0] == 6
    assert vec.single_action_space.n == vec.layout["actions"]
