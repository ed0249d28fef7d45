// The agents' boards, /agents: one section per suite of /api/suites with its board of
// /api/scorecards?suite=ID (20 rows; "?suite=ID&page=N" shows that suite alone, page N). Every
// name, label, model, harness and note is someone's input: it goes in with textContent only.
import { listGames } from './api.js';
import { agentCell, element, formatMean, gameCell, gameNames, normalisedCell } from './card_cells.js';
import { fetchAgentsBoard, fetchSuites, suiteBoardUrl } from './cards_api.js';

const PAGE_SIZE = 20;

function cell(text, className) {
  return element('td', className ? { class: className } : {}, text);
}

function headRow(suite, nameOf) {
  const tr = element('tr');
  for (const text of ['Rank', 'Name', 'Agent', 'Cards', 'Runs', 'Overall']) tr.append(element('th', { scope: 'col' }, text));
  for (const game of suite.games) tr.append(element('th', { scope: 'col', 'data-slug': game.slug }, nameOf(game.slug)));
  return tr;
}

function entryRow(suite, entry) {
  const tr = element('tr', { class: 'entry' });
  tr.dataset.name = entry.name;
  tr.append(
    cell(String(entry.rank), 'rank'),
    cell(entry.name, 'name'),
    agentCell(entry.agent),
    cell(String(entry.cards), 'cards'),
    cell(String(entry.runs), 'runs'),
    normalisedCell(entry.overall, { withInterval: true, className: 'overall' }),
  );
  const games = entry.games || {};
  for (const game of suite.games) tr.append(gameCell(game.slug, games[game.slug] || null, game.reference));
  return tr;
}

// What the suite is: sealed or public seeds, and per game its slots, cap and reference means.
function suiteNote(suite, nameOf) {
  const note = element('p', { class: 'muted suite-note' });
  const seeds = suite.sealed
    ? 'Sealed: each card draws its own seeds when it opens.'
    : 'Open: the seeds are public (GET /api/suites), so anyone can play the suite offline.';
  const games = suite.games.map((g) =>
    `${nameOf(g.slug)} ${g.count} runs, cap ${g.maxActions} actions, random ${formatMean(g.reference?.random ?? null)}, planner ${formatMean(g.reference?.planner ?? null)}`);
  note.textContent = `${seeds} ${games.join('; ')}.`;
  return note;
}

function pager(suite, page, total) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const nav = element('p', { class: 'pager' });
  if (page > 1) nav.append(element('a', { class: 'prev', href: suiteBoardUrl(suite.id, page - 1) }, '← Previous'));
  nav.append(element('span', { class: 'page-note' }, `page ${page} of ${pages} · ${total} names`));
  if (page < pages) nav.append(element('a', { class: 'next', href: suiteBoardUrl(suite.id, page + 1) }, 'Next →'));
  return nav;
}

async function suiteSection(suite, page, nameOf) {
  const section = element('section', { class: 'suite' });
  section.dataset.suite = suite.id;
  const title = element('h2');
  title.append(element('a', { href: suiteBoardUrl(suite.id) }, suite.id));
  section.append(title, suiteNote(suite, nameOf));
  const board = await fetchAgentsBoard(suite.id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const table = element('table', { class: 'board-table agents-table' });
  const head = element('thead');
  head.append(headRow(suite, nameOf));
  const body = element('tbody');
  if (board.entries.length === 0) {
    const empty = element('tr');
    empty.append(element('td', { colspan: String(6 + suite.games.length) },
      page > 1 ? 'No names on this page.' : 'No closed cards yet.'));
    body.append(empty);
  } else {
    body.append(...board.entries.map((entry) => entryRow(suite, entry)));
  }
  table.append(head, body);
  const wrap = element('div', { class: 'table-wrap' });
  wrap.append(table);
  section.append(wrap, pager(suite, page, board.total));
  return section;
}

async function main() {
  const params = new URLSearchParams(location.search);
  const only = params.get('suite');
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const [{ suites }, index] = await Promise.all([fetchSuites(), listGames()]);
  const nameOf = gameNames(index);
  const shown = only ? suites.filter((s) => s.id === only) : suites;
  if (only && shown.length === 0) throw new Error(`no suite "${only}" on this server`);
  if (only) {
    document.title = `${only} · Agents · Gameboard`;
    document.getElementById('title').textContent = `Agents on ${only}`;
  }
  const sections = await Promise.all(shown.map((suite) => suiteSection(suite, only ? page : 1, nameOf)));
  if (only) {
    const all = element('p');
    all.append(element('a', { href: '/agents' }, 'All suites'));
    sections.push(all);
  }
  document.getElementById('suites').replaceChildren(...sections);
  document.body.dataset.ready = 'true';
}

main().catch((error) => {
  document.getElementById('suites').replaceChildren(
    element('p', { class: 'error' }, `Could not load the agents' boards: ${error.message}`));
  document.body.dataset.ready = 'error';
});
