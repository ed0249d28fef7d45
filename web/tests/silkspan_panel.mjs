// Silkspan's panel clear in the browser. Claiming 60% of a panel against moths at 60 ticks/s is
// not something key presses timed by a test can do reliably, so the run starts one tick before a
// real clear: the reference planner plays seed 7 (`gameboard eval --record`), the test replays its
// actions through the API up to the tick that completes panel 1, and hands the page that state as
// the answer to init. The page's own clock then runs the completing tick.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPage } from './browser.mjs';
import { counter, downloadReplay, gameOverScore, screenshot, waitForCounter, waitForStatus } from './page_helpers.mjs';
import { postJson, rescore } from './replay.mjs';

const SEED = 7;
const PLAN_CAP = 60; // planner actions; seed 7's first panel clears well within them

// Answers the action list the reference planner plays on `seed`, from `gameboard eval --record`.
export function plannerActions(binary, seed) {
  const folder = mkdtempSync(path.join(tmpdir(), 'gameboard-plan-'));
  try {
    const args = ['eval', '--game', 'silkspan', '--agent', 'planner', '--seeds', String(seed),
      '--max-actions', String(PLAN_CAP), '--record', folder];
    const run = spawnSync(binary, args, { encoding: 'utf8', timeout: 60000 });
    if (run.status !== 0) throw new Error(`gameboard ${args.join(' ')} failed: ${run.stderr}`);
    const replay = JSON.parse(readFileSync(path.join(folder, `silkspan-planner-${seed}.json`), 'utf8'));
    return replay.actions;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// POSTs one Silkspan action for `state`; answers the server's answer, which must accept it.
async function step(base, state, action) {
  const answer = await postJson(`${base}/api/games/silkspan/action`, { state, action });
  assert.equal(answer.ok, true, `${JSON.stringify(action)} accepted (${answer.reason})`);
  return answer;
}

// Replays the plan through the API up to the single tick that completes panel 1. Answers the
// actions played (the plan's, then single ticks), the answer they reach, and the completing answer.
export async function oneTickBeforeTheClear(base, plan) {
  const init = await (await fetch(`${base}/api/games/silkspan/init?seed=${SEED}`)).json();
  const clearAt = plan.findIndex((a) => a.type === 'nextStage');
  assert.ok(clearAt > 0, `the planner clears panel 1 of seed ${SEED} within ${PLAN_CAP} actions`);
  const prefix = plan.slice(0, clearAt - 1);
  assert.equal(plan[clearAt - 1].type, 'tick', 'a panel completes inside a tick (SS-17)');
  let answer = init;
  for (const action of prefix) answer = await step(base, answer.state, action);
  for (;;) {
    const next = await step(base, answer.state, { type: 'tick' });
    if (next.state.status === 'stageClear') return { init, prefix, answer, cleared: next };
    assert.equal(next.state.status, 'running', 'the planned ticks keep the run going until the clear');
    prefix.push({ type: 'tick' });
    answer = next;
  }
}

// SS-16, SS-20, SS-76, SS-91 in the browser: the page runs the completing tick from its clock,
// shows the clear (status stageClear, its banner, the score and coverage the API gives), stops
// ticking, opens panel 2 on N, and the downloaded replay, after the actions that led to the
// handed-over state, re-scores to the final score.
export async function silkspanPanelClear(env) {
  const { init, prefix, answer, cleared } = await oneTickBeforeTheClear(env.base, plannerActions(env.binary, SEED));
  const page = await openPage(env.context, env.errors, { width: 1280, height: 720 });
  await page.route(
    (url) => url.pathname === '/api/games/silkspan/init',
    (route) => route.fulfill({ json: { ...answer, spec: init.spec } }),
  );
  // The server path: the test hands the page a state through the init answer, which the local
  // engine (it starts from a seed and holds its own state) does not take.
  await page.goto(`${env.base}/play/silkspan?seed=${SEED}&engine=server`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  await waitForStatus(page, 'stageClear');
  assert.match(await page.locator('#banner').textContent(), /Panel clear!/);
  const player = cleared.observation.player;
  assert.equal(await counter(page, 'score'), String(player.score), 'the page shows the clear as paid');
  assert.equal(await counter(page, 'coverage'), `${player.coveragePct}%`);
  assert.equal(await counter(page, 'tick'), String(player.tick), 'no tick runs after the clear');
  await screenshot(env, page, 'play-silkspan-panel-clear');
  await page.keyboard.press('n');
  await waitForStatus(page, 'running');
  assert.equal(await counter(page, 'panel'), '2');
  await waitForCounter(page, 'tick', (t) => Number(t) > 0, 'ticking on panel 2');
  await page.keyboard.press('Escape');
  const score = await gameOverScore(page);
  const replay = await downloadReplay(page);
  assert.equal(replay.actions[0].type, 'tick', 'the page ran the completing tick itself');
  assert.ok(replay.actions.some((a) => a.type === 'nextStage'), 'the replay records nextStage');
  assert.equal(replay.score, score);
  const whole = { slug: 'silkspan', seed: SEED, actions: [...prefix, ...replay.actions] };
  const rescored = await rescore(env.base, whole);
  assert.equal(rescored.score, score, 'the plan, then the page replay, re-scores to the shown score');
  assert.equal(rescored.gameOver, true);
  await page.close();
}
