// The four ways a golden run is replayed to its final state JSON: in process (`gameboard replay`
// prints the state's fnv1a64), over HTTP (the raw bytes of the last answer's `state`), with the
// WebAssembly engine under Node, and with the same engine in Chromium.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// FNV-1a 64 over the UTF-8 bytes of `text`, as `gameboard replay` prints it (16 hex digits).
export function fnv1a64(text) {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

// Answers {hash, score} from `gameboard replay FILE`.
export function inProcess(binary, file) {
  const out = execFileSync(binary, ['replay', file], { encoding: 'utf8' });
  const hash = /state hash (\w+)/.exec(out);
  const score = /score (-?\d+)/.exec(out);
  if (!hash || !score) throw new Error(`unexpected gameboard replay output: ${out}`);
  return { hash: hash[1], score: Number(score[1]) };
}

// The `state` value of an API answer, byte for byte (the writer is compact: it runs from
// `"state":` to the `,"observation":` that follows it).
export function rawState(answerText) {
  const start = answerText.indexOf('"state":');
  const end = answerText.indexOf(',"observation":', start);
  if (start < 0 || end < 0) throw new Error(`no state in ${answerText.slice(0, 200)}`);
  return answerText.slice(start + '"state":'.length, end);
}

// Replays over HTTP, carrying the state's exact bytes; answers the last answer's JSON text.
export async function overHttp(base, replay) {
  let text = await (await fetch(`${base}/api/games/${replay.slug}/init?seed=${replay.seed}`)).text();
  for (const [i, action] of replay.actions.entries()) {
    const response = await fetch(`${base}/api/games/${replay.slug}/action`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"state":${rawState(text)},"action":${JSON.stringify(action)}}`,
    });
    text = await response.text();
    if (!response.ok || !JSON.parse(text).ok) throw new Error(`HTTP: action ${i} refused: ${text.slice(0, 200)}`);
  }
  return text;
}

// Replays every run with the engine module of web/engine.js; answers [{state, score}] in order.
// The same function runs in Node and, serialised, in Chromium: it takes the engine, nothing else.
export function replayAll(engine, replays) {
  return replays.map((replay) => {
    const game = engine.open(replay.slug, replay.seed);
    for (const [i, action] of replay.actions.entries()) {
      const result = game.step(action);
      if (!result.ok) throw new Error(`${replay.slug} seed ${replay.seed}: action ${i} refused: ${result.reason}`);
    }
    const answer = { state: game.stateJson(), answer: game.answerJson(), score: game.score, over: game.over };
    game.close();
    return answer;
  });
}

// Loads web/engine.js's engine under Node from the build's wasm folder.
export async function nodeEngine(wasmDir) {
  const { loadEngine } = await import('../engine.js');
  return loadEngine({
    url: pathToFileURL(path.join(wasmDir, 'gameboard_engine.mjs')).href,
    wasmBinary: readFileSync(path.join(wasmDir, 'gameboard_engine.wasm')),
  });
}

// Replays every run in a Chromium page served by `base` (the page imports /web/engine.js).
export async function inChromium(page, base, replays) {
  await page.goto(`${base}/`);
  return page.evaluate(
    async ([runs, replaySource]) => {
      const { loadEngine } = await import('/web/engine.js');
      const replay = new Function(`return (${replaySource})`)();
      return replay(await loadEngine(), runs);
    },
    [replays, replayAll.toString()],
  );
}
