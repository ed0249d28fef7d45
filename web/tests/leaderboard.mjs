// Leaderboards in Chromium: a run played by keys is submitted from the game-over panel (a name
// with markup is refused and nothing is stored; a good name gets its rank, and the browser keeps
// the name and its token), then the board page lists it with a link to its replay, the lobby
// shows it in the game's top five, and today's challenge links the day's seed.
import assert from 'node:assert/strict';
import { openPage } from './browser.mjs';
import { counter, gameOverScore, openPlay, screenshot, waitForCounter } from './page_helpers.mjs';

async function submitAs(page, name) {
  await page.fill('#player-name', name);
  await page.click('#submit-button');
  await page.waitForFunction(() => {
    const result = document.querySelector('#submit-result');
    return result && !result.hidden && !/Verifying/.test(result.textContent);
  });
  return (await page.locator('#submit-result').textContent()).trim();
}

// The browser logs a refused request ("status of 400") as a console error: that one is expected
// here, so it is taken off the page errors (exactly one, or the test fails).
async function expectLoggedRefusal(env, page, status) {
  const find = () => env.errors.findIndex((e) => e.includes(`status of ${status}`) && e.includes('/api/runs'));
  for (let waited = 0; find() < 0 && waited < 2000; waited += 50) await page.waitForTimeout(50);
  const at = find();
  assert.ok(at >= 0, `the browser logged no ${status} for /api/runs`);
  env.errors.splice(at, 1);
}

async function boardOf(env, slug, query) {
  return (await fetch(`${env.base}/api/leaderboard/${slug}?${query}`)).json();
}

export async function submitFromTheGameOverPanel(env) {
  const page = await openPlay(env, 'stormlark', '?seed=11');
  await page.keyboard.press('v');
  await waitForCounter(page, 'turn', (t) => t === '1', '1');
  await page.keyboard.press('v');
  await waitForCounter(page, 'turn', (t) => t === '2', '2');
  await page.keyboard.press('Escape');
  const score = await gameOverScore(page);
  assert.equal(score, Number(await counter(page, 'score')));

  const refused = await submitAs(page, '<b>Mallory</b>');
  assert.match(refused, /Refused: name: character U\+003C/);
  await expectLoggedRefusal(env, page, 400);
  assert.equal((await boardOf(env, 'stormlark', 'kind=human')).total, 0, 'a refused run stores nothing');

  const stored = await submitAs(page, 'Ada e2e');
  assert.match(stored, /Verified and stored: rank 1 on the people's board/);
  assert.equal(await page.locator('#submit-result').getAttribute('data-status'), '201');
  const kept = await page.evaluate(() => ({
    name: localStorage.getItem('gameboard.player'),
    tokens: JSON.parse(localStorage.getItem('gameboard.tokens') || '{}'),
  }));
  assert.equal(kept.name, 'Ada e2e');
  assert.match(kept.tokens['ada e2e'] || '', /^[0-9a-f]{64}$/, 'the name\'s token is kept');
  await screenshot(env, page, 'leaderboard-submitted');
  await page.close();

  // Someone else (a fresh browser context has no token) cannot take the name.
  const other = await fetch(`${env.base}/api/runs`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ slug: 'stormlark', seed: 3, actions: [{ type: 'VENT' }], name: 'ADA E2E' }),
  });
  assert.equal(other.status, 403);

  const board = await boardOf(env, 'stormlark', 'kind=human');
  assert.equal(board.total, 1);
  assert.equal(board.entries[0].name, 'Ada e2e');
  assert.equal(board.entries[0].score, score, 'the board holds the score the server replayed');
  const id = board.entries[0].id;

  const boardPage = await openPage(env.context, env.errors, { width: 1280, height: 720 });
  await boardPage.goto(`${env.base}/leaderboard/stormlark?board=human`);
  await boardPage.waitForSelector('body[data-ready="true"]');
  const row = boardPage.locator(`tr[data-id="${id}"]`);
  assert.equal((await row.locator('.name').textContent()).trim(), 'Ada e2e');
  assert.equal(Number(await row.locator('.score').textContent()), score);
  assert.equal(await row.locator('a[href^="/replay/"]').getAttribute('href'), `/replay/${id}`);
  assert.match(await boardPage.locator('#page-note').textContent(), /page 1 of 1 · 1 names/);
  await screenshot(env, boardPage, 'leaderboard-page');
  await boardPage.goto(`${env.base}/leaderboard/stormlark?board=agent`);
  await boardPage.waitForSelector('body[data-ready="true"]');
  assert.equal(await boardPage.locator(`tr[data-id="${id}"]`).count(), 0, 'a person\'s run is not on the agents\' board');
  await boardPage.close();

  const lobby = await openPage(env.context, env.errors, { width: 1280, height: 720 });
  await lobby.goto(`${env.base}/`);
  const card = lobby.locator('.game-card[data-slug="stormlark"]');
  await card.locator('.top-five li').first().waitFor();
  const top = await card.locator('.top-five li').allTextContents();
  assert.ok(top.some((line) => line.startsWith(`Ada e2e ${score}`)), `top five: ${top.join(' | ')}`);
  const daily = await (await fetch(`${env.base}/api/daily/stormlark`)).json();
  assert.equal(await card.locator('a.daily-link').getAttribute('href'), `/play/stormlark?seed=${daily.seed}`);
  await screenshot(env, lobby, 'lobby-with-boards');
  await lobby.close();
}

// Today's challenge: the lobby's link plays the day's seed, and a run on it reaches the daily board.
export async function playTodaysChallenge(env) {
  const daily = await (await fetch(`${env.base}/api/daily/stormlark`)).json();
  const page = await openPlay(env, 'stormlark', `?seed=${daily.seed}`);
  await page.keyboard.press('v');
  await waitForCounter(page, 'turn', (t) => t === '1', '1');
  await page.keyboard.press('Escape');
  await gameOverScore(page);
  assert.equal(await page.inputValue('#player-name'), 'Ada e2e', 'the page remembers the name');
  assert.match(await submitAs(page, 'Ada e2e'), /Verified and stored/);
  await page.close();
  const board = await boardOf(env, 'stormlark', `kind=all&daily=${daily.date}`);
  assert.equal(board.total, 1);
  assert.equal(board.entries[0].seed, daily.seed);
  const view = await openPage(env.context, env.errors, { width: 1280, height: 720 });
  await view.goto(`${env.base}/leaderboard/stormlark?board=daily`);
  await view.waitForSelector('body[data-ready="true"]');
  assert.match(await view.locator('#board-note').textContent(), new RegExp(`seed ${daily.seed}`));
  assert.equal(await view.locator('#entries tr').count(), 1);
  await view.close();
}
