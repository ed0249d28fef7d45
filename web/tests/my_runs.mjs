// "Your runs" in Chromium: a finished run is kept in localStorage, listed on the play page and the
// lobby, survives a reload, opens in the replay viewer (verified, at its score) and submits to the
// people's board from the list. Also: the lobby's race links, and no page wider than a phone.
import assert from 'node:assert/strict';
import { openPage } from './browser.mjs';
import { gameOverScore, waitForCounter } from './page_helpers.mjs';
import { storeRun } from './ghost_race.mjs';
import { assertNoOverflow, openPhonePlay, PHONE, tapButton } from './touch.mjs';

// Plays a short Stormlark run on the phone (two vents, then End); answers its final score.
async function shortRun(env) {
  const page = await openPhonePlay(env, 'stormlark', '?seed=11');
  await tapButton(page, 'vent');
  await waitForCounter(page, 'turn', (t) => t === '1', '1');
  await tapButton(page, 'vent');
  await waitForCounter(page, 'turn', (t) => t === '2', '2');
  await tapButton(page, 'end');
  const score = await gameOverScore(page);
  return { page, score };
}

async function yourRuns(env) {
  const { page, score } = await shortRun(env);
  const row = page.locator('#my-runs li[data-key]').first();
  await row.waitFor({ timeout: 10000 });
  assert.match(await row.textContent(), new RegExp(`^${score} seed 11`), 'the newest run is listed first');
  const key = await row.getAttribute('data-key');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  assert.equal(await page.locator(`#my-runs li[data-key="${key}"]`).count(), 1, 'the run survives a reload');
  await page.close();

  const lobby = await openPage(env.phone, env.errors, PHONE);
  await lobby.goto(`${env.base}/`);
  const mine = lobby.locator(`.game-card[data-slug="stormlark"] .my-runs li[data-key="${key}"]`);
  await mine.waitFor({ timeout: 15000 });
  await assertNoOverflow(lobby, 'the lobby on a phone');
  await Promise.all([lobby.waitForURL(/\/replay\?mine=/), mine.locator('a.mine-replay').tap()]);
  await lobby.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  await lobby.locator('#to-end').tap();
  await lobby.waitForSelector('#verified[data-verified="true"]', { timeout: 10000 });
  await waitForCounter(lobby, 'score', (t) => Number(t) === score, String(score));
  await assertNoOverflow(lobby, 'the viewer on a phone');
  await lobby.goBack();
  const again = lobby.locator(`.game-card[data-slug="stormlark"] .my-runs li[data-key="${key}"]`);
  await again.waitFor({ timeout: 15000 });
  await again.locator('input[name="name"]').fill('pocketpilot');
  await again.locator('button[type="submit"]').tap();
  await again.locator('.submit-result[data-status="201"]').waitFor({ timeout: 15000 });
  await lobby.reload();
  await lobby.locator(`.game-card[data-slug="stormlark"] .my-runs li[data-key="${key}"] .on-board`).waitFor({ timeout: 15000 });
  const board = await (await fetch(`${env.base}/api/leaderboard/stormlark?kind=human&limit=100`)).json();
  assert.ok(board.entries.some((e) => e.name === 'pocketpilot' && e.score === score), 'the submitted run is on the board');
  await lobby.close();
}

// Today's challenge offers a race against its best person and best agent, by their run ids.
async function dailyRaces(env) {
  const { seed } = await (await fetch(`${env.base}/api/daily/stormlark`)).json();
  const replay = { slug: 'stormlark', seed, actions: [{ type: 'VENT' }, { type: 'END_RUN' }] };
  const person = await storeRun(env.base, replay, 'dailyperson');
  const agent = await storeRun(env.base, { ...replay, actions: [{ type: 'VENT' }, { type: 'VENT' }, { type: 'END_RUN' }] }, 'dailybot', 'agent');
  const lobby = await openPage(env.phone, env.errors, PHONE);
  await lobby.goto(`${env.base}/`);
  const card = lobby.locator('.game-card[data-slug="stormlark"]');
  await card.locator('a.race-human').waitFor({ timeout: 15000 });
  assert.equal(await card.locator('a.race-human').getAttribute('href'), `/play/stormlark?seed=${seed}&ghost=${person}`);
  assert.equal(await card.locator('a.race-agent').getAttribute('href'), `/play/stormlark?seed=${seed}&ghost=${agent}`);
  await Promise.all([lobby.waitForURL(/ghost=/), card.locator('a.race-agent').tap()]);
  await lobby.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  assert.equal(await lobby.evaluate(() => document.body.dataset.ghost), 'racing');
  await assertNoOverflow(lobby, 'a race on a phone');
  for (const board of ['all', 'daily']) {
    await lobby.goto(`${env.base}/leaderboard/stormlark?board=${board}`);
    await lobby.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    const race = lobby.locator(`tr[data-id="${person}"] a.race`);
    assert.equal(await race.getAttribute('href'), `/play/stormlark?seed=${seed}&ghost=${person}`, `${board} board: Race link`);
    await assertNoOverflow(lobby, `the ${board} board on a phone`);
  }
  await lobby.close();
}

// No page is wider than a 360 or 390 px phone or a desktop window.
async function noOverflow(env) {
  const small = { width: 360, height: 740 };
  for (const [context, viewport] of [[env.phone, small], [env.phone, PHONE], [env.context, { width: 1280, height: 720 }]]) {
    const page = await openPage(context, env.errors, viewport);
    const pages = {
      '/': '.game-card .top-five, .game-card .top-five.empty',
      '/play/stormlark?seed=1': 'body[data-ready="true"]',
      '/play/glimfall?seed=1': 'body[data-ready="true"]',
      '/play/silkspan?seed=1': 'body[data-ready="true"]',
      '/leaderboard/glimfall': 'body[data-ready="true"]',
      '/replay': 'body[data-ready="picker"]',
    };
    for (const [url, ready] of Object.entries(pages)) {
      await page.goto(`${env.base}${url}`);
      await page.waitForSelector(ready, { timeout: 15000 });
      await assertNoOverflow(page, `${url} at ${viewport.width} px`);
      if (url.startsWith('/play/')) {
        const box = await page.locator('#board').boundingBox();
        assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `${url}: the board fits the screen`);
      }
    }
    await page.close();
  }
}

export const myRunsScenarios = [
  ['your runs: kept, survive a reload, open in the viewer, submit from the lobby', yourRuns],
  ["races: today's best person and best agent, and Race links on the boards", dailyRaces],
  ['layout: no page wider than a 360 or 390 px phone or the desktop', noOverflow],
];
