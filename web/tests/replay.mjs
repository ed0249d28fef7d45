// Re-scores a downloaded replay through the API: init with its seed, then every action in order.

// POSTs `body` as JSON; answers the parsed answer, or throws on an HTTP error status.
export async function postJson(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

// Answers the last answer after replaying; throws when the server refuses any recorded action.
export async function rescore(baseUrl, replay) {
  const init = await fetch(`${baseUrl}/api/games/${replay.slug}/init?seed=${replay.seed}`);
  let answer = await init.json();
  for (const [i, action] of replay.actions.entries()) {
    const next = await postJson(`${baseUrl}/api/games/${replay.slug}/action`, { state: answer.state, action });
    if (!next.ok) throw new Error(`action ${i} ${JSON.stringify(action)} refused: ${next.reason}`);
    answer = next;
  }
  return answer;
}
