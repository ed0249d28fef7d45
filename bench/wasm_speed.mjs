// The WebAssembly engine's speed against the native one on the same random play (src/wasm/
// random_play.h), per game, measured in one run; prints a Markdown table for docs/performance.md.
// Usage: node bench/wasm_speed.mjs BUILD_DIR [STEPS]   (BUILD_DIR: build/release)
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const buildDir = path.resolve(process.argv[2] || 'build/release');
const steps = Number(process.argv[3] || 1000000);
const wasmDir = path.join(buildDir, 'wasm');
const native = path.join(buildDir, 'src/wasm/wasm_speed_native');
const GAMES = ['stormlark', 'glimfall', 'silkspan'];
const SEED = 1;

const { default: createEngine } = await import(pathToFileURL(path.join(wasmDir, 'gameboard_engine.mjs')).href);
const module = await createEngine({ wasmBinary: readFileSync(path.join(wasmDir, 'gameboard_engine.wasm')) });

// Best of three, for both sides.
function best(run) {
  return Math.min(run(), run(), run());
}

console.log(`random play, ${steps} steps per game, best of 3, seed ${SEED}\n`);
console.log('| game | native steps/s | wasm (Node) steps/s | wasm / native |');
console.log('|---|---:|---:|---:|');
for (const [index, slug] of GAMES.entries()) {
  let nativeDigest = 0;
  const nativeSeconds = best(() => {
    const out = execFileSync(native, [slug, String(SEED), String(steps)], { encoding: 'utf8' });
    const m = /steps ([\d.]+) s digest (\d+)/.exec(out);
    nativeDigest = Number(m[2]);
    return Number(m[1]);
  });
  let wasmDigest = 0;
  const wasmSeconds = best(() => {
    const t0 = performance.now();
    wasmDigest = module._gb_random_play(index, SEED, steps) >>> 0;
    return (performance.now() - t0) / 1000;
  });
  if (wasmDigest !== nativeDigest) throw new Error(`${slug}: wasm played a different game (${wasmDigest} vs ${nativeDigest})`);
  const n = Math.round(steps / nativeSeconds);
  const w = Math.round(steps / wasmSeconds);
  console.log(`| ${slug} | ${n.toLocaleString('en')} | ${w.toLocaleString('en')} | ${(w / n).toFixed(2)} |`);
}
const size = statSync(path.join(wasmDir, 'gameboard_engine.wasm')).size;
const glue = statSync(path.join(wasmDir, 'gameboard_engine.mjs')).size;
console.log(`\ngameboard_engine.wasm ${(size / 1024).toFixed(0)} KiB, gameboard_engine.mjs ${(glue / 1024).toFixed(0)} KiB`);
