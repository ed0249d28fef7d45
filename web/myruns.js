// "Your runs": every finished run of this browser (game, seed, score, date and the replay), kept in
// localStorage under one key, newest first, listed on the lobby and the play page with a link to
// the replay viewer (/replay?mine=KEY) and "Submit" for those not on a board yet.
import { savedName, submitMessage, submitRun } from './boards.js';

const STORE_KEY = 'gameboard.runs';
const KEEP = 40; // most runs kept; the oldest go first (and when storage is full)

// Every stored run, newest first: [{key, slug, seed, score, date, actions, submitted?}].
export function myRuns() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE_KEY) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

// Writes `list`, dropping the oldest runs while the browser says it is full.
function writeRuns(list) {
  let kept = list.slice(0, KEEP);
  while (kept.length) {
    try {
      localStorage.setItem(STORE_KEY, JSON.stringify(kept));
      return true;
    } catch {
      kept = kept.slice(0, -1);
    }
  }
  return false;
}

// Keeps a finished run ({slug, seed, actions, score}); answers its key.
export function keepRun(replay) {
  const key = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  const entry = { key, ...replay, date: new Date().toISOString(), submitted: null };
  writeRuns([entry, ...myRuns()]);
  return key;
}

export function findRun(key) {
  return myRuns().find((r) => r.key === key) || null;
}

// Marks run `key` as stored on the boards (`body` is the POST /api/runs answer).
export function markSubmitted(key, body) {
  writeRuns(myRuns().map((r) => (r.key === key ? { ...r, submitted: { id: body.id, rank: body.rank } } : r)));
}

function element(tag, attrs = {}, text = '') {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

// The submit form of one stored run: a name and a button; on success the row says so.
function submitForm(run, cell) {
  const form = element('form', { class: 'submit-mine' });
  const name = element('input', { name: 'name', maxlength: '24', required: '', placeholder: 'name', 'aria-label': 'Name' });
  name.value = savedName();
  const button = element('button', { type: 'submit' }, 'Submit');
  const result = element('span', { class: 'submit-result', role: 'status' });
  form.append(name, button);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!name.value.trim()) return;
    button.disabled = true;
    result.textContent = 'Verifying…';
    try {
      const replay = { slug: run.slug, seed: run.seed, actions: run.actions, score: run.score };
      const answer = await submitRun(replay, name.value.trim());
      result.textContent = submitMessage(answer);
      result.dataset.status = String(answer.status);
      if (answer.status === 201 || answer.status === 200) {
        markSubmitted(run.key, answer.body);
        form.remove();
        return;
      }
    } catch (error) {
      result.textContent = `Could not submit: ${error.message}`;
    }
    button.disabled = false;
  });
  cell.append(form, result);
}

// Fills `list` (an <ol>) with the stored runs of `slug`, newest first; empty: a short line.
export function showMyRuns(list, slug) {
  const runs = myRuns().filter((r) => r.slug === slug);
  if (!runs.length) {
    list.replaceChildren(element('li', { class: 'muted' }, 'No runs on this browser yet.'));
    return;
  }
  list.replaceChildren(
    ...runs.map((run) => {
      const item = element('li', { 'data-key': run.key });
      item.append(element('span', { class: 'score' }, String(run.score)));
      item.append(element('span', { class: 'muted' }, ` seed ${run.seed} · ${run.date.slice(0, 16).replace('T', ' ')} `));
      item.append(element('a', { class: 'mine-replay', href: `/replay?mine=${encodeURIComponent(run.key)}` }, 'Replay'));
      if (run.submitted) {
        item.append(element('span', { class: 'muted on-board' }, ` on the board (rank ${run.submitted.rank})`));
      } else {
        submitForm(run, item);
      }
      return item;
    }),
  );
}
