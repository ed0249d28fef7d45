// The scorecards API as the pages use it (SPEC section 14): the suites, a suite's agents' board
// and one card. Everything these answer is someone's data: the pages show it with textContent only.

async function getJson(url) {
  const response = await fetch(url);
  const body = await response.json().catch(() => ({}));
  return { status: response.status, body };
}

function failure({ status, body }) {
  return new Error(`${status} ${body.error || 'error'}`);
}

// Answers {suites:[{id, sealed, games:[{slug, count, maxActions, seeds?, reference}]}]}.
export async function fetchSuites() {
  const answer = await getJson('/api/suites');
  if (answer.status !== 200) throw failure(answer);
  return answer.body;
}

// Answers one page of a suite's agents' board: {suite, total, entries:[...]}.
export async function fetchAgentsBoard(suite, { limit = 20, offset = 0 } = {}) {
  const params = new URLSearchParams({ suite, limit: String(limit), offset: String(offset) });
  const answer = await getJson(`/api/scorecards?${params}`);
  if (answer.status !== 200) throw failure(answer);
  return answer.body;
}

// Answers the card `id`, or null when the server has no such card (404); throws on other errors.
export async function fetchScorecard(id) {
  const answer = await getJson(`/api/scorecards/${encodeURIComponent(id)}`);
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw failure(answer);
  return answer.body;
}

// Where a card is shown, and where a suite's board is.
export function scorecardUrl(id) {
  return `/scorecards/${encodeURIComponent(id)}`;
}

export function suiteBoardUrl(suite, page = 1) {
  const params = new URLSearchParams({ suite });
  if (page > 1) params.set('page', String(page));
  return `/agents?${params}`;
}
