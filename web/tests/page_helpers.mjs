// What the scenarios do on a page: open it, read the drawn counters, wait for changes, finish a
// run, download its replay and take screenshots.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openPage } from './browser.mjs';

// Opens a play page and waits until its run has started. `page.actionRequests` counts the
// action requests the page sends (none while the local engine plays).
export async function openPlay(env, slug, query, viewport = { width: 1280, height: 720 }) {
  const page = await openPage(env.context, env.errors, viewport);
  page.actionRequests = 0;
  page.on('request', (request) => {
    if (/\/api\/games\/[^/]+\/action$/.test(new URL(request.url()).pathname)) page.actionRequests += 1;
  });
  await page.goto(`${env.base}/play/${slug}${query}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  return page;
}

// Which engine the page plays with: "local" (WebAssembly) or "server".
export async function engineOf(page) {
  return page.evaluate(() => document.body.dataset.engine);
}

export async function counter(page, id) {
  return (await page.locator(`#counters [data-counter="${id}"] dd`).textContent()).trim();
}

// Polls the counter `id` until `accept(text)` holds; answers the text.
export async function waitForCounter(page, id, accept, what, timeout = 10000) {
  const deadline = Date.now() + timeout;
  let text = '';
  while (Date.now() < deadline) {
    text = await counter(page, id);
    if (accept(text)) return text;
    await page.waitForTimeout(25);
  }
  throw new Error(`counter ${id} never became ${what} (last "${text}")`);
}

export async function waitForStatus(page, status, timeout = 10000) {
  await page.waitForSelector(`#board[data-status="${status}"]`, { timeout });
}

// Waits for the game-over panel and answers the final score it shows.
export async function gameOverScore(page, timeout = 10000) {
  await page.waitForSelector('#game-over:not([hidden])', { state: 'visible', timeout });
  return Number(await page.locator('#final-score').textContent());
}

export async function downloadReplay(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-replay')]);
  return JSON.parse(readFileSync(await download.path(), 'utf8'));
}

export async function screenshot(env, page, name) {
  await page.screenshot({ path: path.join(env.artifacts, `${name}.png`) });
}
