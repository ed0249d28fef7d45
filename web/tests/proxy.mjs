// A slow network in front of the server: a Node HTTP proxy that holds every request 100 ms before
// forwarding it and every answer 100 ms before returning it (200 ms round trip). Over it, the page
// on the local engine must keep the game's full tick rate over 5 s; the server path is measured
// and reported for comparison.
import assert from 'node:assert/strict';
import http from 'node:http';
import { engineOf, openPlay, waitForStatus } from './page_helpers.mjs';

const DELAY_MS = 100;
const MEASURE_MS = 5000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Starts the proxy to `target` (http://host:port); answers {url, close}.
export function startSlowProxy(target) {
  const upstream = new URL(target);
  const server = http.createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    await sleep(DELAY_MS);
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers: request.headers },
      async (answer) => {
        const body = [];
        for await (const chunk of answer) body.push(chunk);
        await sleep(DELAY_MS);
        response.writeHead(answer.statusCode, answer.headers);
        response.end(Buffer.concat(body));
      },
    );
    forward.on('error', (error) => {
      response.writeHead(502);
      response.end(error.message);
    });
    forward.end(Buffer.concat(chunks));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () => new Promise((done) => {
          server.closeAllConnections();
          server.close(done);
        }),
      });
    });
  });
}

// Ticks per second the page shows over MEASURE_MS once running.
async function measuredTickRate(env, slug, engine) {
  const query = engine === 'server' ? '?seed=7&engine=server' : '?seed=7';
  const page = await openPlay(env, slug, query);
  assert.equal(await engineOf(page), engine);
  await page.keyboard.press('Enter');
  await waitForStatus(page, 'running', 15000);
  const read = () =>
    page.evaluate(() => [Number(document.querySelector('#counters [data-counter="tick"] dd').textContent), performance.now()]);
  const [tick0, t0] = await read();
  await page.waitForTimeout(MEASURE_MS);
  const [tick1, t1] = await read();
  const status = await page.locator('#board').getAttribute('data-status');
  await page.close();
  assert.equal(status, 'running', `${slug} still running after the measurement`);
  return ((tick1 - tick0) * 1000) / (t1 - t0);
}

// The local engine keeps the full rate behind the slow proxy; the server path is reported.
export async function tickRateBehindProxy(env) {
  const proxy = await startSlowProxy(env.base);
  const direct = env.base;
  env.base = proxy.url;
  try {
    for (const [slug, rate] of [['glimfall', 30], ['silkspan', 60]]) {
      const local = await measuredTickRate(env, slug, 'local');
      const server = await measuredTickRate(env, slug, 'server');
      console.log(`     ${slug} behind a 2 x ${DELAY_MS} ms proxy: local ${local.toFixed(1)} ticks/s, server ${server.toFixed(1)} ticks/s (rules: ${rate})`);
      assert.ok(local >= rate * 0.95, `${slug}: local engine at ${local.toFixed(1)} ticks/s, want ${rate}`);
    }
  } finally {
    env.base = direct;
    await proxy.close();
  }
}
