// Tool calls per second for MCP `act` over stdio and over HTTP (POST /mcp), against the plain
// stateless action route (POST /api/games/{slug}/action, the client carrying the state), in the
// same run, one call at a time on one connection. Every path plays the same Stormlark games
// (seeds 1, 2, ...) with the same scripted moves to their end, one action per call.
// Not a test: it prints a small table for docs/performance.md.
// Usage: node bench/mcp_bench.mjs <gameboard binary> [calls per path, default 3000]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const gameboard = process.argv[2];
const CALLS = Number(process.argv[3] ?? 3000);
const dataDir = mkdtempSync(join(tmpdir(), 'gb-mcp-bench-'));
const MOVES = [{ type: 'FIRE' }, { type: 'UP' }, { type: 'VENT' }, { type: 'DOWN' }];

function move(turn) {
  return turn >= 40 ? { type: 'END_RUN' } : MOVES[turn % MOVES.length];
}

async function startServer() {
  const child = spawn(gameboard, ['serve', '--port', '0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise((resolve) => {
    let seen = '';
    child.stdout.on('data', (c) => {
      seen += c;
      const m = /Serving on (http:\/\/[^ ]+)/.exec(seen);
      if (m) resolve(m[1]);
    });
  });
  return { child, base };
}

// Plays CALLS actions through `step(gameIdOrState, action)`; returns calls per second.
async function measure(start, step) {
  let calls = 0;
  let seed = 1;
  const t0 = process.hrtime.bigint();
  while (calls < CALLS) {
    let game = await start(seed++);
    for (let turn = 0; calls < CALLS; ++turn) {
      const r = await step(game, move(turn));
      ++calls;
      if (r.over) break;
      game = r.game;
    }
  }
  return CALLS / (Number(process.hrtime.bigint() - t0) / 1e9);
}

function rpc(id, name, args) {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
}

const server = await startServer();
const results = {};
try {
  // The plain route: the client carries the state.
  results.plain = await measure(
    async (seed) => (await (await fetch(`${server.base}/api/games/stormlark/init?seed=${seed}`)).json()).state,
    async (state, action) => {
      const body = JSON.stringify({ state, action });
      const a = await (await fetch(`${server.base}/api/games/stormlark/action`, { method: 'POST', body })).json();
      return { game: a.state, over: a.gameOver };
    },
  );
  // MCP over HTTP.
  let id = 0;
  const post = async (text) =>
    (await fetch(`${server.base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })).json();
  results.http = await measure(
    async (seed) => (await post(rpc(++id, 'new_game', { slug: 'stormlark', seed }))).result.structuredContent.gameId,
    async (game, action) => {
      const a = await post(rpc(++id, 'act', { game_id: game, action }));
      return { game, over: a.result.structuredContent.gameOver };
    },
  );
  // MCP over stdio.
  const child = spawn(gameboard, ['mcp', '--data-dir', join(dataDir, 'stdio')], { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const ask = async (text) => {
    child.stdin.write(text + '\n');
    return JSON.parse((await lines.next()).value);
  };
  results.stdio = await measure(
    async (seed) => (await ask(rpc(++id, 'new_game', { slug: 'stormlark', seed }))).result.structuredContent.gameId,
    async (game, action) => {
      const a = await ask(rpc(++id, 'act', { game_id: game, action }));
      return { game, over: a.result.structuredContent.gameOver };
    },
  );
  child.stdin.end();
} finally {
  server.child.kill('SIGTERM');
}
rmSync(dataDir, { recursive: true, force: true });
console.log(`| path | calls/s | vs the plain action route |`);
console.log(`|---|---|---|`);
for (const [name, label] of [['plain', 'POST /api/games/stormlark/action (state carried)'], ['http', 'MCP act over HTTP (POST /mcp)'], ['stdio', 'MCP act over stdio']]) {
  console.log(`| ${label} | ${results[name].toFixed(0)} | ${(results[name] / results.plain).toFixed(2)} |`);
}
