// The leaderboard page, /leaderboard/{slug}: four boards (all time, today's challenge, people,
// agents), 20 entries a page, every entry linking to its replay. The board and the page live in
// the query (?board=daily&page=2), so every view has a link.
import { listGames } from './api.js';
import { fetchBoard, fetchDaily, raceUrl, replayUrl } from './boards.js';

const PAGE_SIZE = 20;
const BOARDS = {
  all: { kind: 'all', title: 'All time, people and agents' },
  daily: { kind: 'all', title: "Today's challenge: everyone on the same seed, today's runs only" },
  human: { kind: 'human', title: 'People' },
  agent: { kind: 'agent', title: 'Agents (the label is the submitter’s word)' },
};
const $ = (id) => document.getElementById(id);

function cell(text, attrs = {}) {
  const td = document.createElement('td');
  for (const [name, value] of Object.entries(attrs)) td.setAttribute(name, value);
  td.textContent = text;
  return td;
}

function slugOfPage() {
  return decodeURIComponent(location.pathname.split('/')[2] || '');
}

function row(entry) {
  const tr = document.createElement('tr');
  tr.dataset.id = String(entry.id);
  const link = document.createElement('a');
  link.href = replayUrl(entry.id);
  link.textContent = 'replay';
  const race = document.createElement('a');
  race.href = raceUrl(entry.slug || slugOfPage(), entry.seed, entry.id);
  race.className = 'race';
  race.textContent = 'Race';
  const replay = document.createElement('td');
  replay.append(link, ' ', race);
  const kind = entry.kind === 'agent' && entry.agent ? `agent (${entry.agent})` : entry.kind;
  tr.append(
    cell(String(entry.rank), { class: 'rank' }),
    cell(entry.name, { class: 'name' }),
    cell(kind),
    cell(String(entry.score), { class: 'score' }),
    cell(String(entry.length)),
    cell(String(entry.seed)),
    cell(entry.createdAt.replace('T', ' ').slice(0, 19)),
    replay,
  );
  return tr;
}

function pageLink(board, page) {
  const params = new URLSearchParams({ board });
  if (page > 1) params.set('page', String(page));
  return `?${params}`;
}

async function main() {
  const slug = decodeURIComponent(location.pathname.split('/')[2] || '');
  const params = new URLSearchParams(location.search);
  const board = BOARDS[params.get('board')] ? params.get('board') : 'all';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const info = (await listGames()).games.find((g) => g.slug === slug);
  if (!info) throw new Error(`No game "${slug}" on this server`);
  document.title = `${info.name} leaderboard · Gameboard`;
  $('title').textContent = `${info.name} leaderboard`;
  $('play-link').href = `/play/${slug}`;
  for (const link of $('boards').querySelectorAll('a')) {
    link.href = pageLink(link.dataset.board, 1);
    if (link.dataset.board === board) link.setAttribute('aria-current', 'page');
  }

  let note = BOARDS[board].title;
  let daily = null;
  if (board === 'daily') {
    const challenge = await fetchDaily(slug);
    daily = challenge.date;
    note += ` (seed ${challenge.seed}, ${challenge.date}). `;
    const play = document.createElement('a');
    play.href = `/play/${slug}?seed=${challenge.seed}`;
    play.textContent = 'Play it';
    $('board-note').append(note, play);
  } else {
    $('board-note').textContent = note;
  }

  const result = await fetchBoard(slug, {
    kind: BOARDS[board].kind,
    daily,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const body = $('entries');
  if (result.entries.length === 0) {
    body.replaceChildren(document.createElement('tr'));
    body.firstChild.append(cell(page > 1 ? 'No entries on this page.' : 'No verified runs yet.', { colspan: '8' }));
  } else {
    body.replaceChildren(...result.entries.map(row));
  }
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  $('page-note').textContent = `page ${page} of ${pages} · ${result.total} names`;
  if (page > 1) {
    $('prev').href = pageLink(board, page - 1);
    $('prev').hidden = false;
  }
  if (page < pages) {
    $('next').href = pageLink(board, page + 1);
    $('next').hidden = false;
  }
  document.body.dataset.ready = 'true';
}

main().catch((error) => {
  $('entries').replaceChildren(document.createElement('tr'));
  $('entries').firstChild.append(cell(`Could not load the board: ${error.message}`, { colspan: '8' }));
});
