#!/usr/bin/env python3
"""A bounded HTTP fuzzing client for the soak: real states from play, mutated, posted to the
server on loopback. Exits non-zero on any 5xx or a dropped server. Standard library only.
Usage: fuzz_client.py PORT SECONDS"""
import http.client
import json
import random
import sys
import time

port, seconds = int(sys.argv[1]), float(sys.argv[2])
rng = random.Random(0x50AC)
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)


def call(method, path, body=None):
    conn.request(method, path, body=body, headers={"Content-Type": "application/json"})
    r = conn.getresponse()
    return r.status, r.read()


games = [g["slug"] for g in json.loads(call("GET", "/api/games")[1])["games"]]
states = []
for slug in games:
    for seed in range(1, 4):
        answer = json.loads(call("GET", f"/api/games/{slug}/init?seed={seed}")[1])
        for _ in range(20):
            if answer["gameOver"]:
                break
            action = rng.choice(answer["legalActions"])
            states.append((slug, answer["state"], action))
            status, body = call("POST", f"/api/games/{slug}/action",
                                json.dumps({"state": answer["state"], "action": action}))
            answer = json.loads(body)


def mutate(value, depth=0):
    """Returns a randomly damaged copy of a JSON value."""
    roll = rng.random()
    if isinstance(value, dict) and value and roll < 0.7:
        key = rng.choice(list(value))
        copy = dict(value)
        if rng.random() < 0.2:
            del copy[key]
        else:
            copy[key] = mutate(copy[key], depth + 1)
        return copy
    if isinstance(value, list) and value and roll < 0.7:
        copy = list(value)
        i = rng.randrange(len(copy))
        choice = rng.random()
        if choice < 0.2:
            copy.pop(i)
        elif choice < 0.4:
            copy.append(copy[i])
        else:
            copy[i] = mutate(copy[i], depth + 1)
        return copy
    return rng.choice([None, True, -1, 0, 2**53, 2**64, 1.5, "x", [], {}, "\u0000", -10**20,
                       [[[[[[]]]]]], "9" * 400])


sent = errors = 0
deadline = time.monotonic() + seconds
while time.monotonic() < deadline:
    slug, state, action = rng.choice(states)
    body = {"state": mutate(state), "action": mutate(action) if rng.random() < 0.3 else action}
    text = json.dumps(body)
    if rng.random() < 0.05:
        text = text[: rng.randrange(len(text))]
    try:
        status, _ = call("POST", f"/api/games/{slug}/action", text)
    except (ConnectionError, http.client.HTTPException):
        conn.close()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        status = call("GET", "/healthz")[0]  # the server must still be there
    sent += 1
    if status >= 500:
        errors += 1
print(f"fuzz_client: {sent} requests, {errors} server errors")
sys.exit(1 if errors else 0)
