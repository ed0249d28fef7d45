"""A tiny vectorised rollout: 64 games stepped together in C++ with random legal actions, using
the batched masks; counts finished episodes and their mean score.

    PYTHONPATH=build/release/python /usr/bin/python3 python/examples/vector_rollout.py
"""

import numpy as np

import gameboard


def rollout(slug, num_envs=64, steps=500, seed=0):
    vec = gameboard.VectorEnv(slug, num_envs, seed=seed, num_threads=2, max_steps=400)
    rng = np.random.default_rng(seed)
    obs, infos = vec.reset()
    finished = []
    for _ in range(steps):
        # A random legal action per env: the argmax of random numbers over the mask.
        noise = rng.random(infos["action_mask"].shape) * infos["action_mask"]
        actions = noise.argmax(axis=1)
        obs, rewards, terminated, truncated, infos = vec.step(actions)
        done = terminated | truncated
        finished.extend(infos["score"][done].tolist())
    return finished


if __name__ == "__main__":
    for slug in gameboard.slugs():
        scores = rollout(slug)
        mean = sum(scores) / len(scores) if scores else 0.0
        print(f"{slug}: {len(scores)} episodes finished, mean score {mean:.1f}")
