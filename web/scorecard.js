// One scorecard, /scorecards/{id}: who played (name and agent, as submitted), the card's status and
// dates, the usage its submitter reported, the per-game scores and overall, then every slot with
// its stored run's replay. The name and the agent's fields are someone's input: textContent only.
import { listGames } from './api.js';
import { formatNormalised } from './bars.js';
import {
  element, formatInterval, formatMean, formatWhen, gameNames, normalisedCell, normalisedInterval,
} from './card_cells.js';
import { fetchScorecard, fetchSuites, suiteBoardUrl } from './cards_api.js';
import { replayUrl } from './boards.js';

const STATUS_TEXT = {
  open: 'open: slots can still be filled; empty slots score 0 once it closes or expires',
  closed: 'closed: empty slots score 0',
  expired: 'expired: its deadline passed, empty slots score 0',
};

const BAR_LEGEND = 'Normalised: 0 plays like the random agent, 1 like our planner. Every bar shares one axis, '
  + 'from −0.5 to 1.5: the solid line is 0, the dashed line 1, the whisker the 95% interval; an arrowhead marks '
  + 'a score past the axis. Human-normalised is n/a while fewer than 10 people’s runs of the game exist.';

function idOfPage() {
  return decodeURIComponent(location.pathname.split('/')[2] || '');
}

function fact(list, term, value, key) {
  const dt = element('dt', {}, term);
  const dd = element('dd', { 'data-fact': key });
  if (value instanceof Node) dd.append(value);
  else dd.textContent = value;
  list.append(dt, dd);
}

// The submitter's report of what the card cost, or '' when it has none.
function usageText(usage) {
  if (!usage) return '';
  const parts = [];
  if (usage.promptTokens != null) parts.push(`${usage.promptTokens} prompt tokens`);
  if (usage.completionTokens != null) parts.push(`${usage.completionTokens} completion tokens`);
  if (usage.costUsd != null) parts.push(`$${Number(usage.costUsd).toFixed(4)}`);
  if (usage.seconds != null) parts.push(`${usage.seconds} s`);
  return parts.join(' · ');
}

function facts(card) {
  const list = element('dl', { class: 'card-facts' });
  const suite = element('a', { href: suiteBoardUrl(card.suite) }, card.suite);
  fact(list, 'Suite', suite, 'suite');
  fact(list, 'Name', card.name, 'name');
  const agent = card.agent || {};
  fact(list, 'Agent', agent.label || 'no label', 'agent');
  if (agent.model) fact(list, 'Model', agent.model, 'model');
  if (agent.harness) fact(list, 'Harness', agent.harness, 'harness');
  if (agent.notes) fact(list, 'Notes', agent.notes, 'notes');
  fact(list, 'Status', STATUS_TEXT[card.status] || card.status, 'status');
  fact(list, 'Opened (UTC)', formatWhen(card.openedAt), 'openedAt');
  if (card.closedAt) fact(list, 'Closed (UTC)', formatWhen(card.closedAt), 'closedAt');
  fact(list, 'Deadline (UTC)', formatWhen(card.deadline), 'deadline');
  const usage = usageText(card.usage);
  if (usage) fact(list, 'Usage (as reported)', usage, 'usage');
  return list;
}

function table(className, headings, rows) {
  const t = element('table', { class: `board-table ${className}` });
  const head = element('thead');
  const tr = element('tr');
  for (const text of headings) tr.append(element('th', { scope: 'col' }, text));
  head.append(tr);
  const body = element('tbody');
  body.append(...rows);
  t.append(head, body);
  const wrap = element('div', { class: 'table-wrap' });
  wrap.append(t);
  return wrap;
}

function gamesTable(card, nameOf, references) {
  const rows = Object.entries(card.games || {}).map(([slug, stats]) => {
    const tr = element('tr', { class: 'game-row' });
    tr.dataset.slug = slug;
    const ci = normalisedInterval(stats.ci95, references.get(slug));
    tr.append(
      element('th', { scope: 'row' }, nameOf(slug)),
      element('td', { class: 'n' }, String(stats.n)),
      element('td', { class: 'score' }, formatMean(stats.mean)),
      element('td', { class: 'interval' }, formatInterval(stats.ci95)),
      normalisedCell({ normalised: stats.normalised ?? null, ci95: ci }),
      element('td', { class: 'human' }, formatNormalised(stats.humanNormalised ?? null)),
    );
    return tr;
  });
  const overall = element('tr', { class: 'overall-row' });
  overall.append(
    element('th', { scope: 'row' }, 'Overall'),
    element('td', { colspan: '3', class: 'muted' }, 'mean of the games’ normalised scores'),
    normalisedCell(card.overall, { withInterval: true, className: 'overall' }),
    element('td'),
  );
  rows.push(overall);
  return table('games-table', ['Game', 'Runs', 'Mean', '95% interval', 'Normalised', 'Human-normalised'], rows);
}

function slotRow(slot, nameOf) {
  const tr = element('tr', { class: 'slot' });
  tr.dataset.index = String(slot.index);
  const run = element('td', { class: 'run' });
  if (slot.runId !== null && slot.runId !== undefined) {
    run.append(element('a', { href: replayUrl(slot.runId) }, 'replay'));
    tr.dataset.filled = 'true';
  } else {
    run.append(element('span', { class: 'muted' }, 'empty'));
    tr.dataset.filled = 'false';
  }
  tr.append(
    element('td', { class: 'rank' }, String(slot.index)),
    element('td', { class: 'slug' }, nameOf(slot.slug)),
    element('td', { class: 'seed' }, String(slot.seed)),
    element('td', {}, String(slot.maxActions)),
    element('td', { class: 'score' }, slot.score === null || slot.score === undefined ? '' : String(slot.score)),
    run,
  );
  return tr;
}

function missing(id) {
  document.title = 'No such scorecard · Gameboard';
  document.getElementById('title').textContent = 'No such scorecard';
  const text = element('p', { class: 'error missing' }, `There is no scorecard "${id}" on this server.`);
  const back = element('p');
  back.append(element('a', { href: '/agents' }, 'The agents’ boards'));
  document.getElementById('card').replaceChildren(text, back);
  document.body.dataset.ready = 'missing';
}

// The suites' reference means by slug for `suite` (for the normalised intervals); empty when the
// suites cannot be read, which only drops the whiskers.
async function referencesOf(suite) {
  try {
    const found = (await fetchSuites()).suites.find((s) => s.id === suite);
    return new Map((found ? found.games : []).map((g) => [g.slug, g.reference]));
  } catch {
    return new Map();
  }
}

async function main() {
  const id = idOfPage();
  const [card, index] = await Promise.all([fetchScorecard(id), listGames()]);
  if (!card) return missing(id);
  const nameOf = gameNames(index);
  const references = await referencesOf(card.suite);
  document.title = `Scorecard ${card.id} · ${card.name} · Gameboard`;
  document.getElementById('title').textContent = `Scorecard ${card.id}`;
  const slots = card.slots || [];
  const filled = slots.filter((s) => s.runId !== null && s.runId !== undefined).length;
  document.getElementById('card').replaceChildren(
    facts(card),
    element('h2', {}, 'Scores'),
    gamesTable(card, nameOf, references),
    element('p', { class: 'muted bar-legend' }, BAR_LEGEND),
    element('h2', {}, 'Slots'),
    element('p', { class: 'muted slots-note' }, `${filled} of ${slots.length} slots filled. Each filled slot holds a run the server replayed and scored.`),
    table('slots-table', ['Slot', 'Game', 'Seed', 'Cap', 'Score', 'Run'], slots.map((slot) => slotRow(slot, nameOf))),
  );
  document.body.dataset.ready = 'true';
}

main().catch((error) => {
  document.getElementById('card').replaceChildren(
    element('p', { class: 'error' }, `Could not load the scorecard: ${error.message}`));
  document.body.dataset.ready = 'error';
});
