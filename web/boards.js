// The leaderboard API as the pages use it (SPEC section 8), and the names this browser owns:
// each name's token is made here (256 random bits) before the first submission and kept in
// localStorage, so a retry after a lost answer still holds the name.

const NAME_KEY = 'gameboard.player';
const TOKENS_KEY = 'gameboard.tokens';

async function readJson(response) {
  const body = await response.json().catch(() => ({}));
  return { status: response.status, body, retryAfter: response.headers.get('Retry-After') };
}

export async function fetchBoard(slug, { kind = 'all', daily = null, limit = 20, offset = 0 } = {}) {
  const params = new URLSearchParams({ kind, limit: String(limit), offset: String(offset) });
  if (daily) params.set('daily', daily);
  const answer = await readJson(await fetch(`/api/leaderboard/${encodeURIComponent(slug)}?${params}`));
  if (answer.status !== 200) throw new Error(`${answer.status} ${answer.body.error || 'error'}`);
  return answer.body;
}

export async function fetchDaily(slug) {
  const answer = await readJson(await fetch(`/api/daily/${encodeURIComponent(slug)}`));
  if (answer.status !== 200) throw new Error(`${answer.status} ${answer.body.error || 'error'}`);
  return answer.body;
}

// The name last used on this browser, or ''.
export function savedName() {
  try {
    return localStorage.getItem(NAME_KEY) || '';
  } catch {
    return '';
  }
}

function tokens() {
  try {
    return JSON.parse(localStorage.getItem(TOKENS_KEY) || '{}');
  } catch {
    return {};
  }
}

function newToken() {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// The token this browser holds for `name` (names are owned case-insensitively), made on first use.
function tokenFor(name) {
  const key = name.trim().toLowerCase();
  const all = tokens();
  if (!all[key]) {
    all[key] = newToken();
    try {
      localStorage.setItem(TOKENS_KEY, JSON.stringify(all));
    } catch {
      // Without storage the name still works for this page's life.
    }
  }
  return all[key];
}

// Submits a finished run ({slug, seed, actions, score}) as a person's run under `name`.
// Answers {status, body, retryAfter}: 201/200 stored (body.rank), 400 invalid (body.issues),
// 403 the name is someone else's, 429/503 try again later.
export async function submitRun(replay, name) {
  try {
    localStorage.setItem(NAME_KEY, name.trim());
  } catch {
    // Remembering the name is a convenience only.
  }
  const response = await fetch('/api/runs', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...replay, name, kind: 'human', token: tokenFor(name) }),
  });
  return readJson(response);
}

// Where an entry's replay is shown.
export function replayUrl(id) {
  return `/replay/${encodeURIComponent(id)}`;
}

// What the server said about a submission, for a person.
export function submitMessage({ status, body, retryAfter }) {
  if (status === 201) return `Verified and stored: rank ${body.rank} on the people's board.`;
  if (status === 200) return `Already stored: rank ${body.rank} on the people's board.`;
  if (status === 403) return 'That name belongs to someone else (or to another browser): pick another.';
  if (status === 400) return `Refused: ${(body.issues || []).join('; ') || body.error}`;
  if (status === 429 || status === 503) return `The server is busy: try again in ${retryAfter || 'a few'} s.`;
  return `The server answered ${status}: ${body.error || 'error'}`;
}

// Where a race against run `id` (of `seed`) is played.
export function raceUrl(slug, seed, id) {
  return `/play/${encodeURIComponent(slug)}?seed=${seed}&ghost=${encodeURIComponent(id)}`;
}
