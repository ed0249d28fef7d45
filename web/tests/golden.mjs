// The golden set (tests/golden/*.json, replay files of recorded agent runs): every run's final
// state JSON must be the same bytes in process, over HTTP, in WebAssembly under Node and in
// Chromium, and its score the recorded one. The expected bytes are computed here, in process,
// never committed. Usage: node web/tests/golden.mjs GAMEBOARD WASM_DIR GOLDEN_DIR
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, loadPlaywright, openPage } from './browser.mjs';
import { checkEngineContract, checkTimeline } from './engine_contract.mjs';
import { fnv1a64, inChromium, inProcess, nodeEngine, overHttp, rawState, replayAll } from './golden_paths.mjs';
import { startServer } from './server.mjs';

async function main() {
  const [binary, wasmDir, goldenDir] = process.argv.slice(2).map((p) => p && path.resolve(p));
  if (!goldenDir) throw new Error('usage: node web/tests/golden.mjs GAMEBOARD WASM_DIR GOLDEN_DIR');
  if (!existsSync(path.join(wasmDir, 'gameboard_engine.wasm'))) {
    throw new Error(`no WebAssembly engine in ${wasmDir}: build the release preset with emscripten (scripts/deps.sh)`);
  }
  const files = readdirSync(goldenDir).filter((f) => f.endsWith('.json')).sort();
  const replays = files.map((f) => JSON.parse(readFileSync(path.join(goldenDir, f), 'utf8')));
  const perGame = {};
  for (const r of replays) perGame[r.slug] = (perGame[r.slug] ?? 0) + 1;
  for (const [slug, n] of Object.entries(perGame)) assert.ok(n >= 5, `${slug}: ${n} golden runs, want at least 5`);

  const expected = files.map((f) => inProcess(binary, path.join(goldenDir, f)));
  const engine = await nodeEngine(wasmDir);
  const node = replayAll(engine, replays);
  const playwright = await loadPlaywright();
  const server = await startServer(binary, path.resolve(goldenDir, '../../web'), wasmDir);
  const browser = await launchBrowser(playwright);
  let failed = 0;
  try {
    const errors = [];
    const page = await openPage(browser.context, errors, { width: 800, height: 600 });
    const chromium = await inChromium(page, server.url, replays);
    assert.deepEqual(errors, [], 'no page errors');
    try {
      await checkEngineContract(engine, server.url);
      const longest = replays.reduce((a, b) => (b.actions.length > a.actions.length ? b : a));
      checkTimeline(engine, longest);
      console.log('ok   engine.js contract: init answers, refusals, invalid actions, clones; timeline.js seeks');
    } catch (error) {
      failed += 1;
      console.log(`FAIL engine.js contract: ${error.stack || error.message}`);
    }
    for (const [i, file] of files.entries()) {
      try {
        const answer = await overHttp(server.url, replays[i]);
        const http = rawState(answer);
        assert.equal(fnv1a64(http), expected[i].hash, 'HTTP state bytes = in process');
        assert.equal(node[i].answer, answer, 'wasm under Node answer bytes = HTTP');
        assert.equal(chromium[i].answer, answer, 'wasm in Chromium answer bytes = HTTP');
        assert.equal(node[i].state, http, 'wasm under Node state bytes = HTTP');
        assert.equal(chromium[i].state, http, 'wasm in Chromium state bytes = HTTP');
        assert.equal(expected[i].score, replays[i].score, 'in process score = recorded');
        assert.equal(node[i].score, replays[i].score, 'Node score = recorded');
        assert.equal(chromium[i].score, replays[i].score, 'Chromium score = recorded');
        console.log(`ok   ${file}: ${replays[i].actions.length} actions, score ${replays[i].score}, state ${expected[i].hash}`);
      } catch (error) {
        failed += 1;
        console.log(`FAIL ${file}: ${error.message}`);
      }
    }
  } finally {
    try {
      await browser.close();
    } finally {
      await server.stop();
    }
  }
  console.log(`${files.length + 1 - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.log(`FAIL golden set could not run: ${error.stack || error.message}`);
    process.exit(1);
  },
);
