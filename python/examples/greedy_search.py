"""A greedy one-step search: tries every legal action on a clone() and keeps the best reward
(ties: the first such action that does not end the run, so the search never quits early).

    PYTHONPATH=build/release/python /usr/bin/python3 python/examples/greedy_search.py
"""

import numpy as np

import gameboard

ENDING = {"END_RUN", "endRun"}


def greedy_action(env, legal):
    """The legal action whose one-step reward is highest."""
    names = env.layout["action_names"]
    best, best_key = legal[0], None
    for action in legal:
        probe = env.clone()
        _, reward, terminated, _, _ = probe.step(action)
        key = (reward, not (terminated or names[action] in ENDING))
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


def play(slug, seed, max_steps=1500):
    env = gameboard.make(slug, max_steps=max_steps)
    _, info = env.reset(seed=seed)
    while True:
        legal = [int(a) for a in np.flatnonzero(info["action_mask"])]
        _, _, terminated, truncated, info = env.step(greedy_action(env, legal))
        if terminated or truncated:
            return info["score"]


if __name__ == "__main__":
    for slug in gameboard.slugs():
        print(f"{slug}: greedy score {play(slug, seed=1)}")
