// Benchmark (not a test): the play page's tick rate in headless Chromium with and without a ghost
// race, in one run. Stores a golden planner run of Glimfall and Silkspan as the ghost, opens
// /play/{slug}?seed=N (and &ghost=ID), starts the run and counts the ticks the page's own clock
// applies over a window (WINDOW_S, default 5 s, shorter if the run ends). Prints ticks/s against
// the rules' rate (Glimfall 30, Silkspan 60) and the ratio with / without the ghost.
// Usage: node bench/ghost_rate.mjs build/release [WINDOW_S]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, loadPlaywright, openPage } from '../web/tests/browser.mjs';
import { startServer } from '../web/tests/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GAMES = [
  ['glimfall', 'glimfall-planner-1', 30],
  ['silkspan', 'silkspan-planner-1', 60],
];

async function storeGhost(base, file) {
  const replay = JSON.parse(readFileSync(path.join(root, 'tests/golden', `${file}.json`), 'utf8'));
  const response = await fetch(`${base}/api/runs`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ slug: replay.slug, seed: replay.seed, actions: replay.actions, name: `bench-${replay.slug}`, kind: 'agent', agent: 'planner' }),
  });
  if (!response.ok) throw new Error(`POST /api/runs: ${response.status}`);
  return { id: (await response.json()).id, seed: replay.seed };
}

// Ticks per second the page applies over `windowS` seconds after the start.
async function rate(context, base, slug, query, windowS) {
  const page = await openPage(context, [], { width: 1280, height: 720 });
  await page.goto(`${base}/play/${slug}${query}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.gameboardPage.run.ticksElapsed > 0, null, { timeout: 10000 });
  const result = await page.evaluate(
    (ms) =>
      new Promise((resolve) => {
        const run = window.gameboardPage.run;
        const t0 = performance.now();
        const tick0 = run.ticksElapsed;
        const poll = () => {
          const elapsed = performance.now() - t0;
          if (elapsed >= ms || run.over) resolve({ ticks: run.ticksElapsed - tick0, seconds: elapsed / 1000 });
          else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      }),
    windowS * 1000,
  );
  const racing = await page.evaluate(() => document.body.dataset.ghost || 'none');
  await page.close();
  return { perSecond: result.ticks / result.seconds, seconds: result.seconds, racing };
}

async function main() {
  const build = path.resolve(process.argv[2] || 'build/release');
  const windowS = Number(process.argv[3] || 5);
  const playwright = await loadPlaywright();
  const server = await startServer(path.join(build, 'src/cli/gameboard'), path.join(root, 'web'), path.join(build, 'wasm'));
  const browser = await launchBrowser(playwright);
  try {
    console.log('game      rules  alone ticks/s  with ghost ticks/s  ghost / alone');
    for (const [slug, file, rules] of GAMES) {
      const { id, seed } = await storeGhost(server.url, file);
      const alone = await rate(browser.context, server.url, slug, `?seed=${seed}`, windowS);
      const raced = await rate(browser.context, server.url, slug, `?seed=${seed}&ghost=${id}`, windowS);
      if (raced.racing !== 'racing') throw new Error(`${slug}: the ghost did not race (${raced.racing})`);
      console.log(
        `${slug.padEnd(9)} ${String(rules).padStart(5)}  ${alone.perSecond.toFixed(1).padStart(13)}  ` +
          `${raced.perSecond.toFixed(1).padStart(18)}  ${(raced.perSecond / alone.perSecond).toFixed(3).padStart(13)}` +
          `   (windows ${alone.seconds.toFixed(1)} s, ${raced.seconds.toFixed(1)} s)`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(`ghost_rate: ${error.stack || error.message}`);
  process.exit(1);
});
