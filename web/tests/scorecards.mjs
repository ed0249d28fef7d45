// The scorecard pages in Chromium against the real server: a card is opened on open-v1 (an agent
// label with markup is refused first), a few slots are filled with real runs (POST /api/runs with
// `scorecard` and `slot`), the card is closed; then /agents must list the name once with its agent,
// counts, and overall and per-game scores drawn as bars carrying the API's values, and
// /scorecards/{id} must show the card's facts, every slot, a replay link for each filled one (the
// viewer plays it, verified) and "empty" for the others. The server refuses markup in names and
// labels, so to check the pages escape whatever they are given, the test hands each page the real
// answer with markup put into its name and agent fields (a Playwright route): it must show as
// text, make no element and run no script. An unknown card shows its message. The bars themselves
// are checked for negative, past-the-axis and null scores.
import assert from 'node:assert/strict';
import { openPage } from './browser.mjs';
import { screenshot } from './page_helpers.mjs';

const NAME = 'Card e2e';
const AGENT = { label: 'x planner', model: 'm(1)', harness: 'h/1', notes: 'n!' };
// What the escaping checks put into the answers: each would make an element, or run a script, if
// a page parsed it as HTML.
const MARKUP = {
  name: '<b>n</b>',
  agent: { label: '<b>x</b>', model: '<img src=x onerror="window.pwned=1">', harness: '<i>h</i>', notes: '<script>' },
};
// The browser pages make a name's token themselves (boards.js); the test does the same.
const TOKEN = 'card-e2e-token-0123456789abcdef0123456789';

async function post(env, route, body) {
  const response = await fetch(`${env.base}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function get(env, route) {
  const response = await fetch(`${env.base}${route}`);
  return { status: response.status, body: await response.json() };
}

// Opens a card on open-v1, fills its first slot of each game with an empty run (a valid run of
// any game: the state after init, score 0) and one more Stormlark slot with a run of one action,
// then closes it. Answers the closed card as GET /api/scorecards/{id} gives it.
async function playACard(env) {
  const refused = await post(env, '/api/scorecards', { suite: 'open-v1', name: NAME, agent: { label: '<b>x</b>' } });
  assert.equal(refused.status, 400, 'the server refuses markup in a label');
  assert.match(refused.body.issues.join(' '), /^agent: character U\+003C/);
  const opened = await post(env, '/api/scorecards', { suite: 'open-v1', name: NAME, token: TOKEN, agent: AGENT });
  assert.equal(opened.status, 201, JSON.stringify(opened.body));
  const { id, slots } = opened.body;
  const token = opened.body.token || TOKEN;
  const submit = async (slot, actions) => {
    const run = await post(env, '/api/runs', {
      slug: slot.slug, seed: slot.seed, actions, name: NAME, token, kind: 'agent', agent: AGENT.label,
      scorecard: id, slot: slot.index,
    });
    assert.equal(run.status, 201, `slot ${slot.index}: ${JSON.stringify(run.body)}`);
  };
  const firsts = slots.filter((s, i) => slots.findIndex((t) => t.slug === s.slug) === i);
  for (const slot of firsts) await submit(slot, []);
  const stormlark = slots.find((s) => s.slug === 'stormlark' && !firsts.includes(s));
  await submit(stormlark, [{ type: 'VENT' }]);
  const closed = await post(env, `/api/scorecards/${id}/close`, {
    token, usage: { promptTokens: 1234, completionTokens: 56, costUsd: 0.5, seconds: 7 },
  });
  assert.equal(closed.status, 200, JSON.stringify(closed.body));
  const card = await get(env, `/api/scorecards/${id}`);
  assert.equal(card.status, 200);
  assert.equal(card.body.status, 'closed');
  return card.body;
}

// Takes the browser's log of an expected failed request (`status` for a path holding `part`) off
// the page errors: exactly one, or the test fails.
async function expectLoggedFailure(env, page, status, part) {
  const find = () => env.errors.findIndex((e) => e.includes(`status of ${status}`) && e.includes(part));
  for (let waited = 0; find() < 0 && waited < 2000; waited += 50) await page.waitForTimeout(50);
  const at = find();
  assert.ok(at >= 0, `the browser logged no ${status} for ${part}`);
  env.errors.splice(at, 1);
}

async function barValue(locator) {
  return locator.locator('svg.score-bar').first().getAttribute('data-value');
}

// The page fits a phone's width (390 px): wide tables scroll inside their own box.
async function fitsAPhone(page) {
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide at 390 px`);
}

function expectedValue(value) {
  return value === null || value === undefined ? 'null' : String(value);
}

// Hands the page the real answer of the API route matching `pattern`, with `change` applied to it.
async function withMarkup(page, pattern, change) {
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    change(body);
    await route.fulfill({ response, json: body });
  });
}

// Markup shown as text: no element made of it, no script run.
async function expectNoMarkup(page, scope) {
  assert.equal(await page.locator(`${scope} b, ${scope} i, ${scope} img, ${scope} script`).count(), 0,
    'no element is made of the input');
  assert.equal(await page.evaluate(() => window.pwned), undefined, 'no script ran');
}

async function checkAgentsPage(env, card) {
  const board = (await get(env, '/api/scorecards?suite=open-v1')).body;
  const entry = board.entries.find((e) => e.name === NAME);
  assert.ok(entry, 'the closed card is on the board');
  const page = await openPage(env.context, env.errors, { width: 1280, height: 900 });
  await page.goto(`${env.base}/`);
  await page.click('a[href="/agents"]');
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(new URL(page.url()).pathname, '/agents');
  const suites = (await get(env, '/api/suites')).body.suites.map((s) => s.id);
  assert.deepEqual(await page.locator('section.suite').evaluateAll((all) => all.map((s) => s.dataset.suite)), suites);
  const row = page.locator(`section[data-suite="open-v1"] tr.entry[data-name="${NAME}"]`);
  assert.equal(await row.count(), 1);
  assert.equal(await row.locator('.rank').textContent(), String(entry.rank));
  assert.equal(await row.locator('.agent-label').textContent(), AGENT.label);
  assert.equal(await row.locator('.agent-model').textContent(), AGENT.model);
  assert.equal(await row.locator('.agent-harness').textContent(), AGENT.harness);
  assert.equal(await row.locator('td.agent').getAttribute('title'), AGENT.notes);
  assert.equal(await row.locator('.cards').textContent(), String(entry.cards));
  assert.equal(await row.locator('.runs').textContent(), String(entry.runs));
  assert.equal(await barValue(row.locator('td.overall')), expectedValue(entry.overall.normalised));
  for (const [slug, stats] of Object.entries(card.games)) {
    const cell = row.locator(`td.game[data-slug="${slug}"]`);
    assert.equal(await barValue(cell), expectedValue(entry.games[slug].normalised), slug);
    assert.equal(await cell.locator('.mean .score').textContent(), entry.games[slug].mean.toFixed(1), slug);
    assert.equal(stats.n, entry.games[slug].n, `${slug}: one card, the same runs`);
  }
  await screenshot(env, page, 'agents');
  await fitsAPhone(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await withMarkup(page, '**/api/scorecards?*', (answer) => {
    for (const e of answer.entries) Object.assign(e, { name: MARKUP.name, agent: MARKUP.agent });
  });
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  const marked = page.locator(`section[data-suite="open-v1"] tr.entry`).first();
  assert.equal(await marked.locator('.name').textContent(), MARKUP.name);
  assert.equal(await marked.locator('.agent-label').textContent(), MARKUP.agent.label);
  assert.equal(await marked.locator('.agent-model').textContent(), MARKUP.agent.model);
  assert.equal(await marked.locator('.agent-harness').textContent(), MARKUP.agent.harness);
  assert.equal(await marked.locator('td.agent').getAttribute('title'), MARKUP.agent.notes);
  await expectNoMarkup(page, 'main');
  await page.close();
}

async function checkCardPage(env, card) {
  const page = await openPage(env.context, env.errors, { width: 1280, height: 900 });
  await page.goto(`${env.base}/scorecards/${encodeURIComponent(card.id)}`);
  await page.waitForSelector('body[data-ready="true"]');
  const fact = (key) => page.locator(`.card-facts [data-fact="${key}"]`).textContent();
  assert.equal(await fact('name'), NAME);
  assert.equal(await fact('agent'), AGENT.label);
  assert.equal(await fact('model'), AGENT.model);
  assert.equal(await fact('harness'), AGENT.harness);
  assert.equal(await fact('notes'), AGENT.notes);
  assert.equal(await fact('suite'), 'open-v1');
  assert.match(await fact('status'), /^closed/);
  assert.equal(await fact('closedAt'), card.closedAt.replace('T', ' ').slice(0, 19));
  assert.equal(await fact('usage'), '1234 prompt tokens · 56 completion tokens · $0.5000 · 7 s');
  for (const slug of Object.keys(card.games)) {
    const row = page.locator(`tr.game-row[data-slug="${slug}"]`);
    assert.equal(await barValue(row), expectedValue(card.games[slug].normalised), slug);
    assert.equal(await row.locator('.n').textContent(), String(card.games[slug].n));
  }
  assert.equal(await barValue(page.locator('tr.overall-row')), expectedValue(card.overall.normalised));
  const rows = page.locator('tr.slot');
  assert.equal(await rows.count(), card.slots.length, 'every slot is listed');
  for (const slot of card.slots) {
    const row = page.locator(`tr.slot[data-index="${slot.index}"]`);
    if (slot.runId === null) {
      assert.equal(await row.getAttribute('data-filled'), 'false');
      assert.equal((await row.locator('.run').textContent()).trim(), 'empty');
    } else {
      assert.equal(await row.locator('.run a').getAttribute('href'), `/replay/${slot.runId}`);
      assert.equal(await row.locator('.score').textContent(), String(slot.score));
    }
  }
  const filled = card.slots.filter((s) => s.runId !== null);
  assert.equal(filled.length, 4, 'the card holds the runs the test stored');
  await screenshot(env, page, 'scorecard');
  await fitsAPhone(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  if (env.wasm) {
    // The Stormlark run of one action opens in the viewer, verified.
    const vent = filled.find((s) => s.slug === 'stormlark' && s.runId === Math.max(...filled.map((f) => f.runId)));
    await page.click(`tr.slot[data-index="${vent.index}"] .run a`);
    await page.waitForURL(`**/replay/${vent.runId}`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    assert.equal(await page.locator('#verified').getAttribute('data-verified'), 'true');
  }

  const marked = await openPage(env.context, env.errors, { width: 1280, height: 900 });
  await withMarkup(marked, `**/api/scorecards/${card.id}`, (answer) => {
    Object.assign(answer, { name: MARKUP.name, agent: MARKUP.agent });
  });
  await marked.goto(`${env.base}/scorecards/${encodeURIComponent(card.id)}`);
  await marked.waitForSelector('body[data-ready="true"]');
  const markedFact = (key) => marked.locator(`.card-facts [data-fact="${key}"]`).textContent();
  assert.equal(await markedFact('name'), MARKUP.name);
  assert.equal(await markedFact('agent'), MARKUP.agent.label);
  assert.equal(await markedFact('model'), MARKUP.agent.model);
  assert.equal(await markedFact('harness'), MARKUP.agent.harness);
  assert.equal(await markedFact('notes'), MARKUP.agent.notes);
  assert.match(await marked.title(), /<b>n<\/b>/);
  await expectNoMarkup(marked, 'main');
  await marked.close();

  await page.goto(`${env.base}/scorecards/no-such-card-42`);
  await page.waitForSelector('body[data-ready="missing"]');
  assert.equal(await page.locator('.missing').textContent(), 'There is no scorecard "no-such-card-42" on this server.');
  await expectLoggedFailure(env, page, 404, '/api/scorecards/no-such-card-42');
  await page.close();
}

export async function scorecardPages(env) {
  const card = await playACard(env);
  await checkAgentsPage(env, card);
  await checkCardPage(env, card);
}

// The bars on their own, in the page: a score in the axis, below 0, past either end, and null.
export async function normalisedBars(env) {
  const page = await openPage(env.context, env.errors, { width: 800, height: 600 });
  // A page of the server's origin that calls no API, so the module loads as the pages load it (a
  // text page: the browser would ask for a favicon the server does not have).
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await page.goto(`${env.base}/llms.txt`);
  const drawn = await page.evaluate(async () => {
    const { normalisedBar } = await import('/web/bars.js');
    const geometry = (value, ci95 = null) => {
      const svg = normalisedBar(value, ci95);
      const fill = svg.querySelector('.fill');
      const zero = Number(svg.querySelector('.zero').getAttribute('x1'));
      const one = Number(svg.querySelector('.one').getAttribute('x1'));
      return {
        value: svg.dataset.value,
        label: svg.getAttribute('aria-label'),
        fill: fill ? { x: Number(fill.getAttribute('x')), width: Number(fill.getAttribute('width')), negative: fill.classList.contains('negative') } : null,
        zero,
        one,
        arrows: svg.querySelectorAll('.past').length,
        whisker: svg.querySelectorAll('.ci line').length,
        none: svg.querySelector('.none')?.textContent ?? null,
        track: Number(svg.querySelector('.track').getAttribute('width')) + Number(svg.querySelector('.track').getAttribute('x')),
      };
    };
    return {
      half: geometry(0.5, [0.25, 0.75]),
      one: geometry(1),
      negative: geometry(-0.25),
      far: geometry(2.5, [2, 3]),
      low: geometry(-3),
      none: geometry(null),
    };
  });
  const { half, one, negative, far, low, none } = drawn;
  assert.equal(half.value, '0.5');
  assert.equal(half.fill.x, half.zero);
  assert.ok(Math.abs(half.fill.width - (half.one - half.zero) / 2) < 1e-9, 'half way from 0 to 1');
  assert.equal(half.whisker, 3);
  assert.match(half.label, /normalised score 0\.50, 95% interval 0\.25 to 0\.75/);
  assert.ok(Math.abs(one.fill.x + one.fill.width - one.one) < 1e-9, 'a score of 1 ends on the planner line');
  assert.equal(one.arrows, 0);
  assert.ok(negative.fill.negative && negative.fill.x < negative.zero, 'below 0 the bar runs left');
  assert.ok(Math.abs(negative.fill.x + negative.fill.width - negative.zero) < 1e-9);
  assert.equal(far.arrows, 1, 'past the axis: an arrowhead');
  assert.ok(far.fill.x + far.fill.width <= far.track + 1e-9, 'the bar stays inside the axis');
  assert.equal(low.arrows, 1);
  assert.ok(low.fill.negative && low.fill.x >= 0);
  assert.equal(none.value, 'null');
  assert.equal(none.fill, null);
  assert.equal(none.none, 'n/a');
  assert.equal(none.label, 'normalised score: n/a');
  await page.close();
}
