// One scenario per game: start a run with real key presses, check the drawn counters follow the
// rules, end the run, and re-score the downloaded replay through the API. Plus the lobby.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { openPage } from './browser.mjs';
import { playTodaysChallenge, submitFromTheGameOverPanel } from './leaderboard.mjs';
import { localEngineScenarios } from './local_engine.mjs';
import {
  counter, downloadReplay, engineOf, gameOverScore, openPlay, screenshot, waitForCounter, waitForStatus,
} from './page_helpers.mjs';
import { rescore } from './replay.mjs';
import { normalisedBars, scorecardPages } from './scorecards.mjs';
import { tickRateBehindProxy } from './proxy.mjs';
import { silkspanPanelClear } from './silkspan_panel.mjs';
import { viewerScenarios } from './viewer.mjs';

const NARROW = { width: 420, height: 860 };

// Checks the downloaded replay re-scores through the API; a page on the local engine (the
// default) must have sent no action request while it played.
async function checkReplay(env, page, slug, seed, finalScore) {
  if ((await engineOf(page)) === 'local') {
    assert.equal(page.actionRequests, 0, 'the local engine sends no action request');
  } else {
    assert.ok(page.actionRequests > 0, 'the server engine sends action requests');
  }
  const replay = await downloadReplay(page);
  assert.equal(replay.slug, slug);
  assert.equal(replay.seed, seed);
  assert.equal(replay.score, finalScore);
  assert.ok(replay.actions.length > 0, 'the replay records actions');
  const answer = await rescore(env.base, replay);
  assert.equal(answer.score, finalScore, 'the replay re-scores to the shown final score');
  assert.equal(answer.gameOver, true, 'the replay ends the run');
  return replay;
}

// The engine a page plays with unless asked otherwise: local when this build has it.
const defaultEngine = (env) => (env.wasm ? 'local' : 'server');

async function stormlark(env, viewport, shotName, engine = defaultEngine(env)) {
  const query = engine === 'server' ? '?seed=7&engine=server' : '?seed=7';
  const page = await openPlay(env, 'stormlark', query, viewport);
  assert.equal(await engineOf(page), engine);
  const lane = Number(await counter(page, 'lane'));
  const [key, expected] = lane > 0 ? ['ArrowUp', lane - 1] : ['ArrowDown', lane + 1];
  await page.keyboard.press(key);
  await waitForCounter(page, 'lane', (t) => Number(t) === expected, String(expected));
  assert.equal(await counter(page, 'turn'), '1');
  await page.keyboard.press('n');
  await page.waitForSelector('#notice:has-text("Refused: not_at_gate")');
  assert.equal(await counter(page, 'turn'), '1', 'a refused action spends no turn');
  await page.keyboard.press('v');
  await waitForCounter(page, 'turn', (t) => t === '2', '2');
  await page.keyboard.press('Space');
  await waitForCounter(page, 'turn', (t) => t === '3', '3');
  await screenshot(env, page, `${shotName}-mid`);
  await page.keyboard.press('Escape');
  const score = await gameOverScore(page);
  assert.equal(score, Number(await counter(page, 'score')));
  await screenshot(env, page, `${shotName}-over`);
  const replay = await checkReplay(env, page, 'stormlark', 7, score);
  assert.deepEqual(replay.actions.map((a) => a.type), [key === 'ArrowUp' ? 'UP' : 'DOWN', 'VENT', 'FIRE', 'END_RUN']);
  env.best.stormlark = Math.max(env.best.stormlark ?? 0, score);
  await page.close();
}

// POSTs one Stormlark action for `state` and answers the server's answer.
async function stormlarkStep(base, state, type) {
  const response = await fetch(`${base}/api/games/stormlark/action`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ state, action: { type } }),
  });
  return response.json();
}

// The hull left after the best continuation of `depth` more turns (the seed's 3-turn guarantee
// says some continuation of three dodges keeps the hull whole), ties broken by score.
async function stormlarkOutlook(base, answer, depth) {
  if (depth === 0 || answer.state.phase !== 'flying') return [answer.state.hull, answer.state.score];
  let best = [-1, -1];
  for (const type of ['UP', 'DOWN', 'VENT', 'FIRE']) {
    const next = await stormlarkStep(base, answer.state, type);
    if (!next.ok) continue;
    const value = await stormlarkOutlook(base, next, depth - 1);
    if (value[0] > best[0] || (value[0] === best[0] && value[1] > best[1])) best = value;
  }
  return best;
}

// Plays seed 7 to the first Gate with real key presses, choosing each key by a 3-turn look-ahead
// through the API on a shadow copy of the run; the page must show the Gate banner (reachClear),
// then N opens reach 2 and the replay re-scores (SL rules: Gate, NEXT_REACH).
async function stormlarkToTheGate(env) {
  const page = await openPlay(env, 'stormlark', '?seed=7');
  const keys = { UP: 'ArrowUp', DOWN: 'ArrowDown', VENT: 'v', FIRE: 'Space' };
  let answer = await (await fetch(`${env.base}/api/games/stormlark/init?seed=7`)).json();
  for (let turn = 0; answer.state.phase === 'flying' && turn < 120; ++turn) {
    let choice = null;
    let chosen = '';
    let best = [-1, -1];
    for (const type of ['UP', 'DOWN', 'VENT', 'FIRE']) {
      const next = await stormlarkStep(env.base, answer.state, type);
      if (!next.ok) continue;
      const value = await stormlarkOutlook(env.base, next, 2);
      if (value[0] > best[0] || (value[0] === best[0] && value[1] > best[1])) {
        [best, choice, chosen] = [value, next, type];
      }
    }
    await page.keyboard.press(keys[chosen]);
    answer = choice;
    const turnText = String(answer.observation.player.turn);
    await waitForCounter(page, 'turn', (t) => t === turnText, turnText);
  }
  assert.equal(answer.state.phase, 'reachClear', 'the run reaches the first Gate');
  await waitForStatus(page, 'reachClear');
  assert.match(await page.locator('#banner').textContent(), /Gate reached/);
  assert.equal(await counter(page, 'score'), String(answer.observation.player.score));
  await screenshot(env, page, 'play-stormlark-gate');
  await page.keyboard.press('n');
  await waitForStatus(page, 'flying');
  assert.equal(await counter(page, 'reach'), '2');
  await page.keyboard.press('Escape');
  const score = await gameOverScore(page);
  const replay = await checkReplay(env, page, 'stormlark', 7, score);
  assert.equal(replay.actions.at(-2).type, 'NEXT_REACH');
  env.best.stormlark = Math.max(env.best.stormlark ?? 0, score);
  await page.close();
}

async function glimfall(env) {
  const page = await openPlay(env, 'glimfall', '?seed=7&speed=30');
  assert.equal(await engineOf(page), defaultEngine(env));
  await waitForStatus(page, 'waiting');
  const bracket = Number(await counter(page, 'bracket'));
  await page.keyboard.press('ArrowRight');
  await waitForCounter(page, 'bracket', (t) => Number(t) === (bracket + 1) % 12, 'one clockwise');
  await page.keyboard.press('Enter');
  await waitForStatus(page, 'running');
  // A rotate pressed while the ratchet is locked waits 250 ms of wall time for its turn (run.js
  // HOLD_MS) and is dropped after that; on a loaded machine a frame can take longer than the
  // lock, so one more press is allowed before the test gives up.
  await page.keyboard.press('ArrowLeft');
  try {
    await waitForCounter(page, 'bracket', (t) => Number(t) === bracket, 'back', 3000);
  } catch {
    await page.keyboard.press('ArrowLeft');
    await waitForCounter(page, 'bracket', (t) => Number(t) === bracket, 'back');
  }
  await waitForCounter(page, 'tick', (t) => Number(t) > 90, 'past 90');
  await screenshot(env, page, 'play-glimfall-mid');
  // No more rotation: the ribs knock until the last spark is spent and the run ends.
  const score = await gameOverScore(page, 90000);
  assert.equal(await counter(page, 'sparks'), '0/3');
  await screenshot(env, page, 'play-glimfall-over');
  await checkReplay(env, page, 'glimfall', 7, score);
  await page.close();
}

async function silkspan(env) {
  const page = await openPlay(env, 'silkspan', '?seed=7');
  await waitForStatus(page, 'waiting');
  await page.keyboard.press('Enter');
  await waitForStatus(page, 'running');
  const start = await counter(page, 'spinner');
  const [y] = start.split(',').map(Number).slice(1);
  await page.keyboard.press(y > 17 ? 'ArrowUp' : 'ArrowDown');
  await waitForCounter(page, 'spinner', (t) => t !== start, 'moved', 5000);
  await waitForCounter(page, 'thread', (t) => Number(t) >= 3, 'a thread of 3', 5000);
  await screenshot(env, page, 'play-silkspan-mid');
  await page.keyboard.press('p');
  await page.waitForSelector('#banner:has-text("Paused")');
  // A tick batch sent just before the pause may still be answered after it (slow under ASan):
  // let the counter settle, then it must stay put. A running clock never settles (3 ticks a read).
  let pausedAt = await counter(page, 'tick');
  for (let read = 0; read < 20; ++read) {
    await page.waitForTimeout(50);
    const now = await counter(page, 'tick');
    if (now === pausedAt) break;
    pausedAt = now;
  }
  await page.waitForTimeout(300);
  assert.equal(await counter(page, 'tick'), pausedAt, 'the clock stops while paused');
  await page.keyboard.press('p');
  await page.keyboard.press('x');
  await waitForCounter(page, 'heading', (t) => t === 'released', 'released');
  await page.keyboard.press('Escape');
  const score = await gameOverScore(page);
  await screenshot(env, page, 'play-silkspan-over');
  await checkReplay(env, page, 'silkspan', 7, score);
  await page.close();
}

const GAME_SCENARIOS = {
  stormlark: (env) => stormlark(env, { width: 1280, height: 720 }, 'play-stormlark'),
  glimfall,
  silkspan,
};

async function lobby(env, viewport, name) {
  const index = await (await fetch(`${env.base}/api/games`)).json();
  const page = await openPage(env.context, env.errors, viewport);
  await page.goto(`${env.base}/`);
  await page.waitForSelector('.game-card');
  const slugs = await page.locator('.game-card').evaluateAll((cards) => cards.map((c) => c.dataset.slug));
  assert.deepEqual(slugs, index.games.map((g) => g.slug), 'the lobby lists exactly /api/games');
  for (const game of index.games) {
    const card = page.locator(`.game-card[data-slug="${game.slug}"]`);
    assert.equal(await card.locator('h2').textContent(), game.name);
    assert.equal(await card.locator('a.play').getAttribute('href'), `/play/${game.slug}`);
  }
  await screenshot(env, page, name);
  const best = await page.locator('.game-card[data-slug="stormlark"] .best').textContent();
  await page.close();
  return { games: index.games.map((g) => g.slug), best };
}

// The games that exist only for tests (GB_TEST_GAMES in src/games/all_games.h): a build with
// -DGAMEBOARD_TEST_GAME=ON lists them, and they have no pages of their own to play.
function testGames() {
  const header = fs.readFileSync(new URL('../../src/games/all_games.h', import.meta.url), 'utf8');
  const line = header.match(/#define GB_TEST_GAMES\(X\)([^\n]*)/);
  return new Set(line ? [...line[1].matchAll(/X\(([a-z0-9_]+)\)/g)].map((m) => m[1]) : []);
}

// Answers [name, async fn(env)] pairs for the games the server lists. A public game without a
// scenario fails; a test-only game is skipped, by name, in the output.
export async function scenarios(base, wasm = true) {
  const index = await (await fetch(`${base}/api/games`)).json();
  const testOnly = testGames();
  for (const g of index.games.filter((g) => testOnly.has(g.slug))) {
    console.log(`skip play ${g.slug}: a game that exists only for tests has no browser scenario`);
  }
  const list = index.games.filter((g) => !testOnly.has(g.slug)).map((g) => [`play ${g.slug}`, GAME_SCENARIOS[g.slug] ?? (() => {
    throw new Error(`no browser scenario for the game "${g.slug}"`);
  })]);
  list.push(['play stormlark narrow (420px)', (env) => stormlark(env, NARROW, 'play-stormlark-narrow')]);
  if (index.games.some((g) => g.slug === 'stormlark')) {
    list.push(['play stormlark through the server (?engine=server)', (env) =>
      stormlark(env, { width: 1280, height: 720 }, 'play-stormlark-server', 'server')]);
  }
  const playable = index.games.map((g) => g.slug).filter((slug) => !testOnly.has(slug));
  list.push(...localEngineScenarios(playable, wasm));
  if (wasm) list.push(...viewerScenarios(playable));
  if (wasm && ['glimfall', 'silkspan'].every((slug) => index.games.some((g) => g.slug === slug))) {
    list.push(['local engine keeps the full tick rate behind a 100 ms each way proxy', tickRateBehindProxy]);
  }
  if (index.games.some((g) => g.slug === 'stormlark')) {
    list.push(['play stormlark to the first Gate and on to reach 2', stormlarkToTheGate]);
  }
  if (index.games.some((g) => g.slug === 'silkspan')) {
    list.push(['play silkspan through a panel clear to panel 2', silkspanPanelClear]);
  }
  if (index.games.some((g) => g.slug === 'stormlark')) {
    list.push(['submit a score from the game-over panel; board page, lobby top five', submitFromTheGameOverPanel]);
    list.push(["today's challenge: the day's seed and its board", playTodaysChallenge]);
  }
  list.push(['normalised bars: in the axis, negative, past either end, null', normalisedBars]);
  if (index.games.some((g) => g.slug === 'stormlark')) {
    list.push(['a scorecard played over the API: /agents lists it escaped with its bars, /scorecards/{id} its slots and replays', scorecardPages]);
  }
  list.push(['lobby lists /api/games and the local best', async (env) => {
    const { best } = await lobby(env, { width: 1280, height: 720 }, 'lobby');
    const expected = env.best.stormlark ? `Best here: ${env.best.stormlark}` : 'No local best yet';
    assert.equal(best, expected, 'the lobby shows the best score played in this browser');
    await lobby(env, NARROW, 'lobby-narrow');
  }]);
  return list;
}
