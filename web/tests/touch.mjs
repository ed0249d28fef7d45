// Each game played by touch alone on a phone (390 x 844, touch, in Chromium): swipes and taps on
// the board and the on-screen buttons, from the start to an accepted action of every kind the
// touch controls offer. Swipes are real touch sequences (CDP Input.dispatchTouchEvent), taps are
// Playwright's touchscreen taps; what was accepted is read from the page's run (its actions).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from './browser.mjs';
import { counter, gameOverScore, waitForCounter, waitForStatus } from './page_helpers.mjs';
import { oneTickBeforeTheClear, plannerActions } from './silkspan_panel.mjs';

const goldenDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../tests/golden');
export const PHONE = { width: 390, height: 844 };

export function golden(name) {
  return JSON.parse(readFileSync(path.join(goldenDir, `${name}.json`), 'utf8'));
}

// Opens a play page on the phone context and waits until the run has started.
export async function openPhonePlay(env, slug, query) {
  const page = await openPage(env.phone, env.errors, PHONE);
  await page.goto(`${env.base}/play/${slug}${query}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  return page;
}

// How many actions the page's run has accepted.
export function accepted(page) {
  return page.evaluate(() => window.gameboardPage.run.actions.length);
}

// Waits until the run has accepted more than `before` actions; answers the last one.
export async function waitAccepted(page, before, what) {
  await page.waitForFunction((n) => window.gameboardPage.run.actions.length > n, before, { timeout: 10000 }).catch(() => {
    throw new Error(`${what}: no action accepted`);
  });
  return page.evaluate((n) => window.gameboardPage.run.actions.slice(n).filter((a) => a.type !== 'tick'), before);
}

async function boardBox(page) {
  return page.locator('#board').boundingBox();
}

// A swipe on the board in direction dir (0 up, 1 right, 2 down, 3 left): touch start, three
// moves, touch end, through the DevTools protocol, as a finger would.
export async function swipe(page, dir) {
  const box = await boardBox(page);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const reach = Math.min(box.width, box.height) * 0.3;
  const dx = [0, 1, 0, -1][dir] * reach;
  const dy = [-1, 0, 1, 0][dir] * reach;
  const cdp = page.cdp || (page.cdp = await page.context().newCDPSession(page));
  const point = (f) => [{ x: cx + dx * f, y: cy + dy * f, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(0) });
  for (const f of [0.33, 0.66, 1]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(f) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

// A tap on the board at (fx, fy), fractions of its size.
export async function tapBoard(page, fx = 0.5, fy = 0.5) {
  const box = await boardBox(page);
  await page.touchscreen.tap(box.x + box.width * fx, box.y + box.height * fy);
}

export async function tapButton(page, id) {
  await page.locator(`#touch-bar [data-touch="${id}"]`).tap();
}

// Does `gesture` and checks the run accepted exactly `expected` (an action) by it.
async function expectAccepted(page, gesture, expected, what) {
  const before = await accepted(page);
  await gesture();
  const got = await waitAccepted(page, before, what);
  assert.deepEqual(got.at(-1), expected, `${what} plays ${JSON.stringify(expected)}`);
}

// No page is wider than the screen.
export async function assertNoOverflow(page, what) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  assert.ok(scroll <= inner, `${what}: ${scroll} px wide on a ${inner} px screen`);
}

// Stormlark by touch: seed 1's planner run up to its first Gate, each lane move by a swipe or the
// ▲ ▼ buttons in turn, each pulse by a tap on the board or the Fire button, each vent by its
// button; then Next reach and End by their buttons.
async function stormlarkByTouch(env) {
  const plan = golden('stormlark-planner-1');
  const gate = plan.actions.findIndex((a) => a.type === 'NEXT_REACH');
  const page = await openPhonePlay(env, 'stormlark', '?seed=1');
  assert.equal(await page.evaluate(() => document.body.dataset.touch), 'true', 'a phone gets the touch buttons');
  assert.ok(await page.locator('#touch-bar').isVisible());
  const ways = {
    UP: [() => swipe(page, 0), () => tapButton(page, 'up')],
    DOWN: [() => swipe(page, 2), () => tapButton(page, 'down')],
    FIRE: [() => tapBoard(page), () => tapButton(page, 'fire')],
    VENT: [() => tapButton(page, 'vent')],
  };
  const used = {};
  for (const action of plan.actions.slice(0, gate)) {
    const options = ways[action.type];
    const n = (used[action.type] = (used[action.type] || 0) + 1);
    await expectAccepted(page, options[n % options.length], action, `stormlark ${action.type} by touch`);
  }
  await waitForStatus(page, 'reachClear');
  await assertNoOverflow(page, 'stormlark on a phone');
  await expectAccepted(page, () => tapButton(page, 'next'), { type: 'NEXT_REACH' }, 'Next reach button');
  await expectAccepted(page, () => tapButton(page, 'end'), { type: 'END_RUN' }, 'End button');
  const score = await gameOverScore(page);
  assert.equal(score, Number(await counter(page, 'score')));
  await page.close();
}

// Glimfall by touch: a tap on the left half rotates -1, on the right half +1 (free while
// waiting), the Start button starts the fall.
async function glimfallByTouch(env) {
  const page = await openPhonePlay(env, 'glimfall', '?seed=1');
  const bracket = Number(await counter(page, 'bracket'));
  await expectAccepted(page, () => tapBoard(page, 0.2, 0.5), { type: 'rotate', dir: -1 }, 'tap on the left half');
  await waitForCounter(page, 'bracket', (t) => Number(t) === (bracket + 11) % 12, 'one bracket back');
  await expectAccepted(page, () => tapBoard(page, 0.8, 0.5), { type: 'rotate', dir: 1 }, 'tap on the right half');
  await expectAccepted(page, () => tapButton(page, 'start'), { type: 'start' }, 'Start button');
  await waitForStatus(page, 'running');
  await assertNoOverflow(page, 'glimfall on a phone');
  await page.close();
}

// Silkspan by touch: Start by its button, the four headings by swipes, release by a tap on the
// board, End by its button; Next panel by its button at a real panel clear (handed over through
// the init answer on the server path, as silkspan_panel.mjs does).
async function silkspanByTouch(env) {
  const page = await openPhonePlay(env, 'silkspan', '?seed=3');
  await expectAccepted(page, () => tapButton(page, 'start'), { type: 'start' }, 'Start button');
  await waitForStatus(page, 'running');
  const headings = new Set();
  for (const dir of [1, 2, 3, 0]) {
    const before = await accepted(page);
    await swipe(page, dir);
    const got = await waitAccepted(page, before, `swipe ${dir}`);
    assert.deepEqual(got.at(-1), { type: 'setHeading', dir }, `a swipe sets heading ${dir}`);
    headings.add(dir);
  }
  assert.equal(headings.size, 4);
  await expectAccepted(page, () => tapBoard(page, 0.5, 0.5), { type: 'release' }, 'tap on the board');
  await assertNoOverflow(page, 'silkspan on a phone');
  await expectAccepted(page, () => tapButton(page, 'end'), { type: 'endRun' }, 'End button');
  await gameOverScore(page);
  await page.close();

  const { init, answer } = await oneTickBeforeTheClear(env.base, plannerActions(env.binary, 7));
  const clear = await openPage(env.phone, env.errors, PHONE);
  await clear.route(
    (url) => url.pathname === '/api/games/silkspan/init',
    (route) => route.fulfill({ json: { ...answer, spec: init.spec } }),
  );
  await clear.goto(`${env.base}/play/silkspan?seed=7&engine=server`);
  await clear.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  await waitForStatus(clear, 'stageClear');
  await expectAccepted(clear, () => tapButton(clear, 'next'), { type: 'nextStage' }, 'Next panel button');
  await waitForStatus(clear, 'running');
  assert.equal(await counter(clear, 'panel'), '2');
  await clear.close();
}

// The desktop shows no touch buttons (a mouse is not a finger) but lists the touch controls.
async function desktopHasNoTouchBar(env) {
  const page = await openPage(env.context, env.errors, { width: 1280, height: 720 });
  await page.goto(`${env.base}/play/stormlark?seed=1`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  assert.equal(await page.locator('#touch-bar').isVisible(), false);
  assert.match(await page.locator('#touch-legend').textContent(), /Swipe/);
  await page.close();
}

export const touchScenarios = [
  ['touch: stormlark by swipes, taps and buttons to the Gate and the end', stormlarkByTouch],
  ['touch: glimfall by taps on either half and the Start button', glimfallByTouch],
  ['touch: silkspan by swipes, a tap and the buttons, Next panel at a clear', silkspanByTouch],
  ['touch: the desktop lists the touch controls but shows no touch buttons', desktopHasNoTouchBar],
];
