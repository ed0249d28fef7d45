// Takes the phone screenshots of docs/web.md: each game's play page in Chromium at 390 x 844 with
// touch emulation, racing a stored golden planner run as a ghost, a few moves in; the top 720 px
// (board, buttons, counters), with 6 bits a channel (png_shrink.mjs), to keep each PNG under 100 KB. Usage: node scripts/web_screenshots.mjs build/release  (writes docs/img/).
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, loadPlaywright, openPage } from '../web/tests/browser.mjs';
import { startServer } from '../web/tests/server.mjs';
import { swipe } from '../web/tests/touch.mjs';
import { shrinkPng } from './png_shrink.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PHONE = { width: 390, height: 844 };

async function storeGhost(base, file) {
  const replay = JSON.parse(readFileSync(path.join(root, 'tests/golden', `${file}.json`), 'utf8'));
  const response = await fetch(`${base}/api/runs`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ slug: replay.slug, seed: replay.seed, actions: replay.actions, name: `planner-${replay.slug}`, kind: 'agent', agent: 'planner' }),
  });
  return { id: (await response.json()).id, seed: replay.seed };
}

// Plays a few moves by touch buttons and keys, so the board shows a game under way.
async function playSome(page, slug) {
  if (slug === 'stormlark') {
    for (const id of ['vent', 'down', 'fire', 'vent', 'up', 'vent']) await page.locator(`[data-touch="${id}"]`).tap();
    await page.waitForFunction(() => window.gameboardPage.run.answer.state.turn >= 6);
    return;
  }
  await page.locator('[data-touch="start"]').tap();
  const ticks = (n) => page.waitForFunction((t) => window.gameboardPage.run.ticksElapsed >= t, n, { timeout: 20000 });
  if (slug === 'silkspan') {
    for (const [dir, at] of [[0, 2]]) {
      await ticks(at);
      await swipe(page, dir);
    }
    await ticks(20);
    return;
  }
  await ticks(70);
}

async function main() {
  const build = path.resolve(process.argv[2] || 'build/release');
  const out = path.join(root, 'docs/img');
  mkdirSync(out, { recursive: true });
  const playwright = await loadPlaywright();
  const server = await startServer(path.join(build, 'src/cli/gameboard'), path.join(root, 'web'), path.join(build, 'wasm'));
  const phone = await launchBrowser(playwright, { hasTouch: true, isMobile: true, viewport: PHONE, deviceScaleFactor: 1 });
  try {
    for (const [slug, file] of [['stormlark', 'stormlark-planner-1'], ['glimfall', 'glimfall-planner-1'], ['silkspan', 'silkspan-planner-1']]) {
      const { id, seed } = await storeGhost(server.url, file);
      const page = await openPage(phone.context, [], PHONE);
      await page.goto(`${server.url}/play/${slug}?seed=${seed}&ghost=${id}`);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
      await playSome(page, slug);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.screenshot({ path: path.join(out, `phone-${slug}.png`), clip: { x: 0, y: 0, width: PHONE.width, height: 720 } });
      const bytes = shrinkPng(path.join(out, `phone-${slug}.png`));
      console.log(`docs/img/phone-${slug}.png (${bytes} bytes)`);
      await page.close();
    }
  } finally {
    await phone.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(`web_screenshots: ${error.stack || error.message}`);
  process.exit(1);
});
