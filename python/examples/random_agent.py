"""A random agent: plays one game of each kind with uniformly random legal actions, leaving out
the actions that end the run at once while others are legal.

    PYTHONPATH=build/release/python /usr/bin/python3 python/examples/random_agent.py
"""

import numpy as np

import gameboard

ENDING = {"END_RUN", "endRun"}


def play(slug, seed, max_steps=2000):
    """Plays game `seed` of `slug` with random legal actions; returns (score, steps)."""
    env = gameboard.make(slug, max_steps=max_steps)
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    steps = 0
    while True:
        legal = [int(a) for a in np.flatnonzero(info["action_mask"])]
        keep = [a for a in legal if env.layout["action_names"][a] not in ENDING] or legal
        action = int(rng.choice(keep))
        obs, reward, terminated, truncated, info = env.step(action)
        steps += 1
        if terminated or truncated:
            return info["score"], steps


if __name__ == "__main__":
    for slug in gameboard.slugs():
        score, steps = play(slug, seed=1)
        print(f"{slug}: score {score} after {steps} steps")
