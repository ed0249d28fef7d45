// The play page on the local WebAssembly engine: a key press is drawn within one animation frame
// with no request, and the page falls back to the server when the engine cannot load.
import assert from 'node:assert/strict';
import { counter, engineOf, openPlay, waitForCounter } from './page_helpers.mjs';

// Presses `key` inside the page and answers whether the counter `id` and the canvas both changed
// by the end of the next animation frame (the page's own frame callback runs before ours).
async function drawnWithinOneFrame(page, key, id) {
  return page.evaluate(
    ([pressKey, counterId]) => {
      const read = () => document.querySelector(`#counters [data-counter="${counterId}"] dd`).textContent;
      const canvas = document.getElementById('board');
      const before = [read(), canvas.toDataURL()];
      document.dispatchEvent(new KeyboardEvent('keydown', { key: pressKey, bubbles: true }));
      return new Promise((resolve) => {
        requestAnimationFrame(() => {
          resolve({ counter: [before[0], read()], canvasChanged: canvas.toDataURL() !== before[1] });
        });
      });
    },
    [key, id],
  );
}

async function oneFrame(env, slug, key, id) {
  const page = await openPlay(env, slug, '?seed=7');
  assert.equal(await engineOf(page), 'local');
  assert.match(await page.locator('#engine').textContent(), /local engine/);
  // Let the first frames draw the initial state.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const seen = await drawnWithinOneFrame(page, key, id);
  assert.notEqual(seen.counter[1], seen.counter[0], `the ${id} counter changed within one frame`);
  assert.ok(seen.canvasChanged, 'the board was redrawn within one frame');
  assert.equal(page.actionRequests, 0, 'no action request');
  await page.close();
}

async function fallback(env) {
  const page = await env.context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.actionRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/action')) page.actionRequests += 1;
  });
  // The engine cannot load: the page must play through the API and say so.
  await page.route((url) => url.pathname.startsWith('/wasm/'), (route) => route.abort());
  await page.goto(`${env.base}/play/stormlark?seed=7`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  assert.equal(await engineOf(page), 'server');
  assert.match(await page.locator('#notice').textContent(), /Local engine unavailable/);
  const turn = await counter(page, 'turn');
  await page.keyboard.press('v');
  await waitForCounter(page, 'turn', (t) => t !== turn, 'the next turn');
  assert.equal(page.actionRequests, 1, 'the move went to the server');
  assert.deepEqual(errors, []);
  await page.close();
}

// Answers [name, fn(env)] pairs for the games listed; without `wasm` (a build without the
// engine) only the fallback.
export function localEngineScenarios(slugs, wasm) {
  const list = [];
  if (slugs.includes('stormlark')) {
    list.push(['local engine: falls back to the server when WebAssembly cannot load', fallback]);
  }
  if (!wasm) return list;
  if (slugs.includes('stormlark')) {
    list.push(['local engine: a Stormlark move is drawn within one frame', (env) => oneFrame(env, 'stormlark', 'ArrowUp', 'lane')]);
  }
  if (slugs.includes('glimfall')) {
    list.push(['local engine: a Glimfall rotate is drawn within one frame', (env) => oneFrame(env, 'glimfall', 'ArrowRight', 'bracket')]);
  }
  return list;
}
