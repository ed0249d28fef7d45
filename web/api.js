// The game API as the pages use it: every move goes to the server, which owns the rules.

async function readJson(response) {
  const body = await response.json();
  if (!response.ok) {
    const issues = body.issues ? `: ${body.issues.join('; ')}` : '';
    throw new Error(`${response.status} ${body.error || 'error'}${issues}`);
  }
  return body;
}

export async function listGames() {
  return readJson(await fetch('/api/games'));
}

// Starts a run; `seed` null lets the server draw one (it comes back in state.seed).
export async function initGame(slug, seed) {
  const query = seed === null ? '' : `?seed=${seed}`;
  return readJson(await fetch(`/api/games/${encodeURIComponent(slug)}/init${query}`));
}

// Sends one action with the carried state; answers {ok, reason?, state, observation, ...}.
export async function sendAction(slug, state, action) {
  const response = await fetch(`/api/games/${encodeURIComponent(slug)}/action`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ state, action }),
  });
  return readJson(response);
}
