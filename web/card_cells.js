// The pieces both scorecard pages build: table cells for an agent, a game's mean with its 95%
// interval and a normalised score with its bar. Data goes in with textContent and setAttribute only.
import { formatNormalised, normalisedBar } from './bars.js';

export function element(tag, attrs = {}, text = '') {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

// A mean with one decimal, or "n/a".
export function formatMean(value) {
  return value === null || value === undefined ? 'n/a' : value.toFixed(1);
}

// A 95% interval as "lo to hi" with one decimal, or "n/a" (one run has no interval).
export function formatInterval(ci95, digits = 1) {
  return ci95 ? `${ci95[0].toFixed(digits)} to ${ci95[1].toFixed(digits)}` : 'n/a';
}

// An ISO date as "YYYY-MM-DD HH:MM:SS" (UTC), or "" for none.
export function formatWhen(iso) {
  return iso ? String(iso).replace('T', ' ').slice(0, 19) : '';
}

// The agent's label (strong) and model, with the harness after them and the notes as the
// cell's tooltip; "no label" when the card named no agent.
export function agentCell(agent) {
  const td = element('td', { class: 'agent' });
  if (!agent || !agent.label) {
    td.append(element('span', { class: 'muted' }, 'no label'));
    return td;
  }
  td.append(element('strong', { class: 'agent-label' }, agent.label));
  if (agent.model) td.append(' ', element('span', { class: 'agent-model' }, agent.model));
  if (agent.harness) td.append(' ', element('span', { class: 'muted agent-harness' }, agent.harness));
  if (agent.notes) td.title = agent.notes;
  return td;
}

// A normalised score: its bar, then its value (and its interval below when `withInterval`).
export function normalisedCell(score, { withInterval = false, className = 'normalised' } = {}) {
  const td = element('td', { class: className });
  const value = score ? score.normalised ?? null : null;
  const ci95 = score ? score.ci95 ?? null : null;
  td.append(normalisedBar(value, ci95));
  td.append(' ', element('span', { class: 'value' }, formatNormalised(value)));
  if (withInterval && value !== null && ci95) {
    td.append(element('div', { class: 'muted interval' }, `95%: ${formatInterval(ci95, 2)}`));
  }
  return td;
}

// A game's 95% interval in normalised units: the same linear map as its mean, through the suite's
// reference means ({random, planner}); null without an interval or a usable reference.
export function normalisedInterval(ci95, reference) {
  if (!ci95 || !reference || reference.planner === reference.random) return null;
  const span = reference.planner - reference.random;
  return ci95.map((x) => (x - reference.random) / span);
}

// One game of a board row: the mean and its interval, then the normalised bar (with the interval
// as its whisker) and value.
export function gameCell(slug, stats, reference = null) {
  const td = element('td', { class: 'game' });
  td.dataset.slug = slug;
  if (!stats) {
    td.append(element('span', { class: 'muted' }, 'no runs'));
    return td;
  }
  const mean = element('div', { class: 'mean' });
  mean.append(element('span', { class: 'score' }, formatMean(stats.mean)));
  mean.append(' ', element('span', { class: 'muted interval' }, `(${formatInterval(stats.ci95)})`));
  const bar = element('div', { class: 'normalised' });
  bar.append(normalisedBar(stats.normalised ?? null, normalisedInterval(stats.ci95, reference)));
  bar.append(' ', element('span', { class: 'value' }, formatNormalised(stats.normalised ?? null)));
  td.append(mean, bar);
  return td;
}

// The display name of each game of /api/games by slug (the slug itself when unknown).
export function gameNames(index) {
  const names = new Map(index.games.map((g) => [g.slug, g.name]));
  return (slug) => names.get(slug) || slug;
}
