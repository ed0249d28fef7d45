// The pages for people on phones (ctest web_people): touch controls, ghost races, your runs and the
// layout, against the real `gameboard serve` and the system Chromium, one desktop profile and one
// phone profile (390 x 844, touch, mobile). Usage:
//   node web/tests/people.mjs PATH/TO/gameboard PATH/TO/wasm-dir
// Prints one line per scenario, then "N passed, N failed"; exits 1 on any failure.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, loadPlaywright } from './browser.mjs';
import { ghostScenarios } from './ghost_race.mjs';
import { nodeEngine } from './golden_paths.mjs';
import { myRunsScenarios } from './my_runs.mjs';
import { startServer } from './server.mjs';
import { PHONE, touchScenarios } from './touch.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const [binary, wasmDir] = process.argv.slice(2);
  if (!binary || !wasmDir) throw new Error('usage: node web/tests/people.mjs PATH/TO/gameboard PATH/TO/wasm-dir');
  const playwright = await loadPlaywright();
  const engine = await nodeEngine(path.resolve(wasmDir));
  const server = await startServer(path.resolve(binary), webRoot, path.resolve(wasmDir));
  const desktop = await launchBrowser(playwright);
  const phone = await launchBrowser(playwright, { hasTouch: true, isMobile: true, viewport: PHONE, deviceScaleFactor: 2 });
  const env = {
    base: server.url, binary: path.resolve(binary), dataDir: server.dataDir, engine,
    context: desktop.context, phone: phone.context, errors: [],
  };
  let passed = 0;
  let failed = 0;
  try {
    for (const [name, run] of [...touchScenarios, ...ghostScenarios, ...myRunsScenarios]) {
      const started = Date.now();
      const errorsBefore = env.errors.length;
      try {
        await run(env);
        // A ghost that is unknown or hidden is a 404 the page expects (and says so).
        const pageErrors = env.errors
          .slice(errorsBefore)
          .filter((e) => !/status of 404 \(Not Found\) \(http:\/\/[^/]+\/api\/runs\/\d+\)/.test(e));
        if (pageErrors.length) throw new Error(`console or page errors:\n  ${pageErrors.join('\n  ')}`);
        passed += 1;
        console.log(`ok   ${name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed += 1;
        console.log(`FAIL ${name}: ${error.stack || error}`);
      }
    }
  } finally {
    await phone.close();
    await desktop.close();
    await server.stop();
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.log(`FAIL web people could not run: ${error.stack || error.message}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
