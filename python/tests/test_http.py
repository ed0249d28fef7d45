"""The package against the real HTTP server (`gameboard serve`): the same init state, the same
state after each action when Python's state_json() is posted, the same legal set, text and
refusal reasons."""

import http.client
import json
import subprocess

import numpy as np
import pytest

import gameboard
from conftest import pick_action


@pytest.fixture(scope="module")
def server(cli_path, tmp_path_factory):
    data_dir = tmp_path_factory.mktemp("data")  # the server's run store, away from the sources
    proc = subprocess.Popen([cli_path, "serve", "--port", "0", "--data-dir", str(data_dir)],
                            stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        while line and not line.startswith("Serving on"):  # "Serving on http://127.0.0.1:PORT"
            line = proc.stdout.readline()
        assert line.startswith("Serving on"), line
        conn = http.client.HTTPConnection("127.0.0.1", int(line.strip().rsplit(":", 1)[1]),
                                          timeout=10)

        def call(method, path, body=None):
            conn.request(method, path, body=None if body is None else json.dumps(body),
                         headers={"Content-Type": "application/json"})
            response = conn.getresponse()
            return response.status, json.loads(response.read())

        yield call
        conn.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_states_match_the_http_api_step_by_step(slug, server):
    env = gameboard.make(slug)
    _, info = env.reset(seed=5)
    status, answer = server("GET", f"/api/games/{slug}/init?seed=5")
    assert status == 200 and answer["state"] == json.loads(env.state_json())
    rng = np.random.default_rng(5)
    for _ in range(40):
        legal = sorted(gameboard_index(env, a) for a in answer["legalActions"])
        assert legal == env.legal_actions()
        assert answer["observation"]["text"] == env.render()
        if not legal:
            break
        a = pick_action(env, info["action_mask"], rng)
        body = {"state": json.loads(env.state_json()), "action": json.loads(env.action_json(a))}
        _, _, _, _, info = env.step(a)
        status, answer = server("POST", f"/api/games/{slug}/action", body)
        assert status == 200 and answer["ok"]
        assert answer["state"] == json.loads(env.state_json())
        assert answer["score"] == info["score"]


def test_refusals_match_the_http_api(slug, server):
    env = gameboard.make(slug)
    _, info = env.reset(seed=8)
    state = json.loads(env.state_json())
    for a in np.flatnonzero(info["action_mask"] == 0):
        _, _, _, _, step_info = env.step(int(a))
        body = {"state": state, "action": json.loads(env.action_json(int(a)))}
        status, answer = server("POST", f"/api/games/{slug}/action", body)
        assert status == 200 and answer["ok"] is False
        assert answer["reason"] == step_info["refused"]
        assert answer["state"] == state == json.loads(env.state_json())


def gameboard_index(env, action):
    """The index of an HTTP action object in env's action space (by its JSON)."""
    text = json.dumps(action, separators=(",", ":"))
    for i in range(env.action_space.n):
        if env.action_json(i) == text:
            return i
    # Glimfall's and Silkspan's tick may carry an optional count: match on the type.
    names = [json.loads(env.action_json(i)) for i in range(env.action_space.n)]
    return next(i for i, n in enumerate(names) if n == {"type": action["type"]})
