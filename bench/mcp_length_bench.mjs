// MCP `act` calls per second on a held game of 10 actions against one of 10,000 (SPEC section
// 16: a call costs the actions it applies, not a replay of the whole game). Both are Glimfall
// games in their waiting phase, where a rotation is always legal and the run never ends; each
// call applies one rotation with `expect`, one call at a time on one connection, over HTTP
// (POST /mcp) and over stdio (`gameboard mcp`). The two games are measured in alternating chunks
// so that a machine busy with other work slows both alike. The store is SQLite in a fresh folder
// of os.tmpdir() (TMPDIR=/dev/shm puts it on tmpfs, where fsync costs nothing). Not a test: it
// prints a small table for docs/performance.md.
// Usage: node bench/mcp_length_bench.mjs <gameboard binary> [calls per game and path, default 2000, a multiple of 50]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const gameboard = process.argv[2];
const CALLS = Number(process.argv[3] ?? 2000);
const CHUNK = 50;
const LENGTHS = [10, 10000];
const dataDir = mkdtempSync(join(tmpdir(), 'gb-mcp-length-'));
const rotation = (i) => ({ type: 'rotate', dir: i % 2 ? -1 : 1 });

let id = 0;
function rpc(name, args) {
  return JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } });
}

// Starts a game and fills it with `length` rotations, 1000 a call; returns its handle.
async function gameOfLength(call, length) {
  const started = await call(rpc('new_game', { slug: 'glimfall', seed: 1 }));
  const game = started.result.structuredContent.gameId;
  for (let done = 0; done < length; ) {
    const actions = [];
    for (; actions.length < 1000 && done < length; ++done) actions.push(rotation(done));
    const a = await call(rpc('act', { game_id: game, actions }));
    if (a.result.isError) throw new Error(a.result.content[0].text);
  }
  return { game, length };
}

// Plays `calls` single rotations on `held` with expect; returns the seconds they took.
async function play(call, held, calls) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < calls; ++i) {
    const a = await call(rpc('act', { game_id: held.game, action: rotation(held.length), expect: held.length }));
    if (a.result.isError) throw new Error(a.result.content[0].text);
    ++held.length;
  }
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

// Calls per second for each length, the games measured in alternating chunks of CHUNK calls.
// Each chunk of the short game plays a fresh game of LENGTHS[0] actions (started and filled
// outside the timing), so it holds 10 to 10 + CHUNK actions; the long one goes on growing from
// LENGTHS[1] (by CALLS in all, a few per cent).
async function measure(call) {
  const long = await gameOfLength(call, LENGTHS[1]);
  await play(call, long, 20); // warm-up
  await play(call, await gameOfLength(call, LENGTHS[0]), 20);
  const seconds = [0, 0];
  for (let done = 0; done < CALLS; done += CHUNK) {
    seconds[0] += await play(call, await gameOfLength(call, LENGTHS[0]), CHUNK);
    seconds[1] += await play(call, long, CHUNK);
  }
  return seconds.map((s) => CALLS / s);
}

const server = spawn(gameboard, ['serve', '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
const results = {};
try {
  const base = await new Promise((resolve) => {
    let seen = '';
    server.stdout.on('data', (c) => {
      seen += c;
      const m = /Serving on (http:\/\/[^ ]+)/.exec(seen);
      if (m) resolve(m[1]);
    });
  });
  const post = async (text) =>
    (await fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })).json();
  results.http = await measure(post);
  const child = spawn(gameboard, ['mcp', '--data-dir', join(dataDir, 'stdio')], { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const ask = async (text) => {
    child.stdin.write(text + '\n');
    return JSON.parse((await lines.next()).value);
  };
  results.stdio = await measure(ask);
  child.stdin.end();
} finally {
  server.kill('SIGTERM');
}
rmSync(dataDir, { recursive: true, force: true });
console.log(`| path | calls/s, game of ${LENGTHS[0]} actions | calls/s, game of ${LENGTHS[1]} actions | ratio |`);
console.log(`|---|---|---|---|`);
for (const [name, label] of [['http', 'MCP act over HTTP (POST /mcp)'], ['stdio', 'MCP act over stdio']]) {
  const [short, long] = results[name];
  console.log(`| ${label} | ${short.toFixed(0)} | ${long.toFixed(0)} | ${(long / short).toFixed(2)} |`);
}
