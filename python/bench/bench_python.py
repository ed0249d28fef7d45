"""Benchmark (not a test) of the Python package, per game, in one run:
  engine   the C++ engine's own random-play rate on one core (gameboard.engine_random_play)
  vector   VectorEnv at 256 envs, one thread, random legal actions chosen in numpy from the masks
  single   Env.step with random legal actions (observation dict, mask, info per step)
  http     stepping over the HTTP API (state carried, keep-alive), when the CLI is given
Prints steps/s and the ratios to the engine's rate; docs/performance.md keeps the ratios.

    PYTHONPATH=build/release/python /usr/bin/python3 python/bench/bench_python.py \
        [--cli build/release/src/cli/gameboard] [--seconds 2]
"""

import argparse
import http.client
import json
import subprocess
import tempfile
import time

import numpy as np

import gameboard


def timed_rate(run, min_seconds):
    """Calls run() (which returns how many steps it made) until min_seconds pass; steps/s."""
    steps, start = 0, time.perf_counter()
    while True:
        steps += run()
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return steps / elapsed


def engine_rate(slug, seconds):
    seeds = iter(range(1 << 30))

    def run():
        gameboard.engine_random_play(slug, 20000, next(seeds))
        return 20000

    return timed_rate(run, seconds)


def vector_rate(slug, seconds, num_envs=256):
    """Env-steps/s of the whole loop (numpy action choice included), and of vec.step alone."""
    vec = gameboard.VectorEnv(slug, num_envs, seed=1, num_threads=1)
    rng = np.random.default_rng(0)
    _, infos = vec.reset()
    in_step, steps = 0.0, 0

    def run():
        nonlocal infos, in_step, steps
        steps += 20 * num_envs
        for _ in range(20):
            actions = (rng.random(infos["action_mask"].shape) * infos["action_mask"]).argmax(1)
            start = time.perf_counter()
            _, _, _, _, infos = vec.step(actions)
            in_step += time.perf_counter() - start
        return 20 * num_envs

    rate = timed_rate(run, seconds)
    return rate, steps / in_step


def single_rate(slug, seconds):
    env = gameboard.make(slug)
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=1)
    seeds = iter(range(2, 1 << 30))

    def run():
        nonlocal info
        for _ in range(500):
            legal = np.flatnonzero(info["action_mask"])
            _, _, terminated, truncated, info = env.step(legal[rng.integers(len(legal))])
            if terminated or truncated:
                _, info = env.reset(seed=next(seeds))
        return 500

    return timed_rate(run, seconds)


def http_rate(slug, seconds, port):
    conn = http.client.HTTPConnection("127.0.0.1", port)
    rng = np.random.default_rng(0)
    seeds = iter(range(1, 1 << 30))

    def request(method, path, body=None):
        conn.request(method, path, body=body, headers={"Content-Type": "application/json"})
        return json.loads(conn.getresponse().read())

    answer = request("GET", f"/api/games/{slug}/init?seed={next(seeds)}")

    def run():
        nonlocal answer
        for _ in range(50):
            if answer["gameOver"] or not answer["legalActions"]:
                answer = request("GET", f"/api/games/{slug}/init?seed={next(seeds)}")
            legal = answer["legalActions"]
            action = legal[rng.integers(len(legal))]
            body = json.dumps({"state": answer["state"], "action": action})
            answer = request("POST", f"/api/games/{slug}/action", body)
        return 50

    return timed_rate(run, seconds)


def start_server(cli):
    data_dir = tempfile.mkdtemp(prefix="gameboard-bench-")  # its run store, thrown away
    server = subprocess.Popen([cli, "serve", "--port", "0", "--data-dir", data_dir],
                              stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    while line and not line.startswith("Serving on"):  # "Serving on http://127.0.0.1:PORT"
        line = server.stdout.readline()
    return server, int(line.strip().rsplit(":", 1)[1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", help="the gameboard CLI, for the HTTP comparison")
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    args = parser.parse_args()
    server, port = start_server(args.cli) if args.cli else (None, None)
    try:
        print(f"{'game':10} {'engine/s':>11} {'vector256/s':>11} {'(step only)':>11} "
              f"{'single/s':>9} {'http/s':>7}  vector/engine (step only) single/engine "
              "single_overhead_us vector/http single/http")
        for slug in gameboard.slugs():
            e = engine_rate(slug, args.seconds)
            v, v_step = vector_rate(slug, args.seconds)
            s = single_rate(slug, args.seconds)
            h = http_rate(slug, args.seconds, port) if port else float("nan")
            print(f"{slug:10} {e:11.0f} {v:11.0f} {v_step:11.0f} {s:9.0f} {h:7.0f}  "
                  f"{v / e:13.2f} {v_step / e:11.2f} {s / e:13.3f} {1e6 / s - 1e6 / e:18.1f} "
                  f"{v / h:11.0f} {s / h:11.1f}", flush=True)
    finally:
        if server:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
