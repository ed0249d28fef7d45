// End-to-end test of the browser pages: the real `gameboard serve` with web/ as its web root,
// the system Chromium through playwright-core. Usage: node web/tests/e2e.mjs PATH/TO/gameboard
// [--no-wasm]: with --no-wasm (a build without the WebAssembly engine, e.g. ASan) the pages must
// fall back to the server engine, and the scenarios that need the local engine are skipped.
// Prints one line per scenario, then "N passed, N failed"; exits 1 on any failure, including a
// missing Chromium or node_modules. Screenshots go to artifacts/web/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, loadPlaywright } from './browser.mjs';
import { scenarios } from './scenarios.mjs';
import { startServer } from './server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '..');
const artifacts = path.resolve(here, '../../artifacts/web');

async function main() {
  const binary = process.argv[2];
  if (!binary) throw new Error('usage: node web/tests/e2e.mjs PATH/TO/gameboard');
  const playwright = await loadPlaywright();
  mkdirSync(artifacts, { recursive: true });
  const wasm = process.argv[3] !== '--no-wasm';
  // Without the engine, a folder that does not exist: /wasm/ answers 404 as in a build without it.
  const server = await startServer(path.resolve(binary), webRoot, wasm ? undefined : path.join(artifacts, 'no-wasm'));
  const browser = await launchBrowser(playwright);
  const env = { base: server.url, binary: path.resolve(binary), context: browser.context, errors: [], artifacts, best: {}, wasm };
  if (!wasm) console.log('no WebAssembly engine in this build: the pages must play through the server; local-engine scenarios skipped (the release suite runs them)');
  let passed = 0;
  let failed = 0;
  try {
    for (const [name, run] of await scenarios(server.url, wasm)) {
      const started = Date.now();
      const errorsBefore = env.errors.length;
      try {
        await run(env);
        // Without the engine in this build, its 404 is the expected start of the fallback.
        const pageErrors = env.errors
          .slice(errorsBefore)
          .filter((e) => wasm || !/status of 404 .*\/wasm\/gameboard_engine\.mjs/.test(e));
        if (pageErrors.length) throw new Error(`console or page errors:\n  ${pageErrors.join('\n  ')}`);
        passed += 1;
        console.log(`ok   ${name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed += 1;
        console.log(`FAIL ${name}: ${error.stack || error}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`screenshots in ${artifacts}`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.log(`FAIL web e2e could not run: ${error.message}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
