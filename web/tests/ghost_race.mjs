// Ghost races in Chromium: a golden planner run of each game is stored (POST /api/runs), then
// /play/{slug}?seed=N&ghost=ID races it. At several points (paused, so nothing moves while the test
// reads) the ghost the page holds must be byte for byte the state the ghost's replay reaches at the
// player's turn (Stormlark) or tick (Glimfall, Silkspan), computed here independently with the
// WebAssembly engine under Node, and the counters must show both scores and their gap. Then the
// refusals: another seed, an unknown run, a hidden run and a run the engine refuses each give
// their notice and play goes on.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { openPage } from './browser.mjs';
import { counter, waitForCounter } from './page_helpers.mjs';
import { postJson } from './replay.mjs';
import { golden } from './touch.mjs';

const CLOCK = { stormlark: 'turn', glimfall: 'ticks run', silkspan: 'ticks run' };

// Stores `replay` as a run of `kind` under `name`; answers its id.
export async function storeRun(base, replay, name, kind = 'human') {
  const body = { slug: replay.slug, seed: replay.seed, actions: replay.actions, name, kind };
  if (kind === 'agent') body.agent = 'planner';
  return (await postJson(`${base}/api/runs`, body)).id;
}

// The state JSON the ghost's replay reaches at clock `target`, stepped here one action (and one
// single tick) at a time: a turn game applies actions while its turn is below the target; a tick
// game applies every action up to `target` ticks run, ticks one by one.
function referenceAt(engine, replay, target) {
  const game = engine.open(replay.slug, replay.seed);
  const field = CLOCK[replay.slug];
  let clock = field === 'turn' ? game.answer().state.turn : 0;
  try {
    for (const action of replay.actions) {
      if (game.over) break;
      if (field === 'turn') {
        if (clock >= target) break;
        assert.equal(game.step(action).ok, true);
        clock = game.answer().state.turn;
        continue;
      }
      if (action.type !== 'tick') {
        if (clock > target) break;
        assert.equal(game.step(action).ok, true);
        continue;
      }
      if (clock >= target) break;
      const count = action.count ?? 1;
      let i = 0;
      for (; i < count && clock < target && !game.over; i += 1) {
        assert.equal(game.step({ type: 'tick' }).ok, true);
        clock += 1;
      }
      if (i < count) break;
    }
    return { state: game.stateJson(), score: game.score };
  } finally {
    game.close();
  }
}

// Pauses the page (P), reads the run, the ghost and the counters in one go, and resumes.
async function sample(page, turnBased) {
  const paused = turnBased || (await page.evaluate(() => window.gameboardPage.run.over));
  if (!paused) {
    await page.keyboard.press('p');
    await page.waitForSelector('#banner:has-text("Paused")');
  }
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const seen = await page.evaluate(() => {
    const { run, ghost } = window.gameboardPage;
    const text = (id) => document.querySelector(`#counters [data-counter="${id}"] dd`).textContent;
    return {
      clock: run.game.tickRate ? run.ticksElapsed : run.answer.state.turn,
      over: run.over,
      score: run.answer.score,
      ghostState: ghost().local.stateJson(),
      ghostScore: ghost().answer.score,
      shown: { score: text('score'), ghost: text('ghost'), gap: text('gap') },
    };
  });
  if (!paused) await page.keyboard.press('p');
  return seen;
}

// Checks one sample against the reference at the player's clock.
function checkSample(engine, replay, seen, where) {
  const clock = seen.clock;
  const expected = referenceAt(engine, replay, clock);
  assert.equal(seen.ghostState, expected.state, `${where}: the ghost at ${CLOCK[replay.slug]} ${clock} is its replay's state`);
  assert.equal(seen.ghostScore, expected.score);
  assert.equal(seen.shown.score, String(seen.score), `${where}: your score shown`);
  assert.equal(seen.shown.ghost, String(expected.score), `${where}: the ghost's score shown`);
  const gap = seen.score - expected.score;
  assert.equal(seen.shown.gap, gap > 0 ? `+${gap}` : String(gap), `${where}: the gap shown`);
  return clock;
}

async function openRace(env, slug, query) {
  const page = await openPage(env.context, env.errors, { width: 1280, height: 720 });
  await page.goto(`${env.base}/play/${slug}${query}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  return page;
}

// Stormlark: a few turns of moves and vents, the ghost checked after each of several turns.
async function stormlarkRace(env) {
  const replay = golden('stormlark-planner-1');
  const id = await storeRun(env.base, replay, 'ghostlark');
  const page = await openRace(env, 'stormlark', `?seed=${replay.seed}&ghost=${id}`);
  assert.equal(await page.evaluate(() => document.body.dataset.ghost), 'racing');
  const clocks = [];
  for (const [i, key] of ['v', 'ArrowDown', 'v', 'Space', 'v', 'ArrowUp', 'v', 'v'].entries()) {
    await page.keyboard.press(key);
    await waitForCounter(page, 'turn', (t) => Number(t) === i + 1, String(i + 1));
    if (i % 2 === 1) clocks.push(checkSample(env.engine, replay, await sample(page, true), `stormlark turn ${i + 1}`));
  }
  assert.deepEqual(clocks, [2, 4, 6, 8]);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#game-over:not([hidden])');
  assert.equal(await page.locator('#same-seed').getAttribute('href'), `/play/stormlark?seed=${replay.seed}&ghost=${id}`, 'Race again');
  await page.close();
}

// A real-time game: start, let the clock run (at ?speed=3), check the ghost at four ticks.
async function tickRace(env, name, minTicks) {
  const replay = golden(name);
  const id = await storeRun(env.base, replay, `ghost${replay.slug}`);
  const page = await openRace(env, replay.slug, `?seed=${replay.seed}&ghost=${id}&speed=3`);
  assert.equal(await page.evaluate(() => document.body.dataset.ghost), 'racing');
  await page.keyboard.press('Enter');
  const clocks = [];
  for (let i = 1; i <= 4; i += 1) {
    await page.waitForFunction((n) => window.gameboardPage.run.ticksElapsed >= n || window.gameboardPage.run.over, minTicks * i, { timeout: 20000 });
    clocks.push(checkSample(env.engine, replay, await sample(page, false), `${replay.slug} sample ${i}`));
  }
  assert.ok(clocks[3] > clocks[0], `the clock moved between samples (${clocks})`);
  await page.close();
}

// Opens a race that must be refused with `notice`; then play goes on (a Stormlark turn).
// `prepare(page)` runs before the page loads (a route).
async function refused(env, query, notice, prepare = async () => {}) {
  const page = await openPage(env.context, env.errors, { width: 1280, height: 720 });
  await prepare(page);
  await page.goto(`${env.base}/play/stormlark${query}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  await page.waitForSelector(`#notice:has-text("${notice}")`);
  assert.equal(await page.evaluate(() => document.body.dataset.ghost), 'refused');
  assert.equal(await page.locator('#counters [data-counter="ghost"]').count(), 0, 'no ghost counter');
  await page.keyboard.press('v');
  await waitForCounter(page, 'turn', (t) => t === '1', '1');
  await page.close();
}

async function refusals(env) {
  const replay = golden('stormlark-planner-2');
  const id = await storeRun(env.base, replay, 'ghostrefused');
  await refused(env, `?seed=${replay.seed + 40}&ghost=${id}`, `is of seed ${replay.seed}, not seed ${replay.seed + 40}`);
  await refused(env, '?seed=1&ghost=987654321', 'is unknown or hidden');
  const hidden = await storeRun(env.base, golden('stormlark-greedy-3'), 'ghosthidden');
  const hide = spawnSync(env.binary, ['runs', 'hide', String(hidden), '--data-dir', env.dataDir], { encoding: 'utf8' });
  assert.equal(hide.status, 0, `gameboard runs hide: ${hide.stderr}`);
  await refused(env, `?seed=3&ghost=${hidden}`, 'is unknown or hidden');
  // A run this engine refuses (as a run stored under other rules could be): its answer is given
  // a NEXT_REACH away from any Gate as its second action.
  const stored = await (await fetch(`${env.base}/api/runs/${id}`)).json();
  const bad = { ...stored, actions: [stored.actions[0], { type: 'NEXT_REACH' }, ...stored.actions.slice(1)] };
  await refused(env, `?seed=${replay.seed}&ghost=${id}`, 'this engine refuses its action 2 (not_at_gate)', (page) =>
    page.route((url) => url.pathname === `/api/runs/${id}`, (route) => route.fulfill({ json: bad })));
}

export const ghostScenarios = [
  ['ghost: stormlark races a stored run turn by turn', stormlarkRace],
  ['ghost: glimfall races a stored run tick by tick', (env) => tickRace(env, 'glimfall-planner-1', 40)],
  ['ghost: silkspan races a stored run tick by tick', (env) => tickRace(env, 'silkspan-planner-1', 60)],
  ['ghost: another seed, an unknown, a hidden and a refused run: each says so and play goes on', refusals],
];
