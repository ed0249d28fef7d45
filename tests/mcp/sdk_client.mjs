// The MCP server through the official TypeScript SDK (@modelcontextprotocol/sdk), a real client:
// over stdio (`gameboard mcp`) and over Streamable HTTP (POST /mcp on `gameboard serve`), both on
// one SQLite store. It lists the tools, plays a whole run of every game to its end through act
// (seed 7, a scripted policy), gets refusals and a stale `expect` as isError results, negotiates
// an older protocol revision, submits runs that then appear on the agents' board, and checks that
// each final score equals `gameboard replay` of the game's replay file. It also plays a small
// scorecard: open_scorecard, a few moves in one slot of each game through the slots' own game_ids,
// submit_run filling those slots (a second, different run refused), close_scorecard, and the card
// as GET /api/scorecards/{id} shows it over HTTP.
// Usage: node sdk_client.mjs <gameboard binary>
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';

let Client, StdioClientTransport, StreamableHTTPClientTransport;
try {
  ({ Client } = await import('@modelcontextprotocol/sdk/client/index.js'));
  ({ StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js'));
  ({ StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js'));
} catch (e) {
  console.error('sdk_client: @modelcontextprotocol/sdk is missing: run scripts/mcp_deps.sh\n' + e);
  process.exit(1);
}

const gameboard = process.argv[2];
if (!gameboard) {
  console.error('usage: node sdk_client.mjs <gameboard binary>');
  process.exit(2);
}
const dataDir = mkdtempSync(join(tmpdir(), 'gb-mcp-sdk-'));
const SEED = 7;
const TOOLS = [
  'list_games',
  'get_rules',
  'new_game',
  'act',
  'get_state',
  'get_replay',
  'submit_run',
  'open_scorecard',
  'close_scorecard',
];

// The scripted policy: start, ticks (25 at a time on every third turn), the other legal moves in
// turn, and the end action after 60 moves.
function policy(legal, turn) {
  const types = legal.map((a) => a.type);
  for (const end of ['END_RUN', 'endRun']) {
    if (types.includes(end) && turn >= 60) return { type: end };
  }
  if (types.includes('start')) return { type: 'start' };
  if (types.includes('tick')) return turn % 3 ? { type: 'tick', count: 25 } : { type: 'tick' };
  const moves = legal.filter((a) => a.type !== 'END_RUN' && a.type !== 'endRun');
  return moves[turn % moves.length];
}

async function tool(client, name, args) {
  return client.callTool({ name, arguments: args });
}

// Plays `slug` to its end; returns {gameId, score, length, last}.
async function playToEnd(client, slug) {
  const start = await tool(client, 'new_game', { slug, seed: SEED });
  assert.equal(start.isError, false, `${slug}: new_game`);
  let pos = start.structuredContent;
  const gameId = pos.gameId;
  assert.match(start.content[0].text, /legal actions:/);
  let turn = 0;
  let last;
  while (!pos.gameOver) {
    assert.ok(turn < 500, `${slug}: no end after 500 moves`);
    last = policy(pos.legalActions, turn++);
    const r = await tool(client, 'act', { game_id: gameId, action: last });
    assert.equal(r.isError, false, `${slug}: act ${JSON.stringify(last)}: ${r.content[0].text}`);
    pos = r.structuredContent;
  }
  assert.equal(pos.length, turn);
  assert.ok(!('state' in pos), 'move answers are short: no full state');
  return { gameId, score: pos.score, length: pos.length, last };
}

// Re-applies the game's replay file with `gameboard replay`; returns its score.
async function replayScore(client, gameId, slug) {
  const r = await tool(client, 'get_replay', { game_id: gameId });
  assert.equal(r.structuredContent.slug, slug);
  const file = join(dataDir, `${gameId}.json`);
  writeFileSync(file, r.content[0].text);
  const out = execFileSync(gameboard, ['replay', file], { encoding: 'utf8' });
  return Number(/^score (-?\d+)$/m.exec(out)[1]);
}

async function board(base, slug) {
  const res = await fetch(`${base}/api/leaderboard/${slug}?kind=agent&limit=100`);
  assert.equal(res.status, 200);
  return (await res.json()).entries;
}

// Starts `gameboard serve` on a free port; returns {child, base}.
async function startServer() {
  const child = spawn(gameboard, ['serve', '--port', '0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('serve did not start')), 20000);
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      const m = /Serving on (http:\/\/[^ ]+)/.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
  return { child, base };
}

// Every game of this build, from the HTTP index (the registry's list).
async function httpSlugs(base) {
  const res = await fetch(`${base}/api/games`);
  assert.equal(res.status, 200);
  return (await res.json()).games.map((g) => g.slug);
}

async function checkClient(client, label, base) {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name), TOOLS, `${label}: tools`);
  const act = tools.find((t) => t.name === 'act');
  assert.deepEqual(act.inputSchema.properties.expect, {
    type: 'integer',
    minimum: 0,
    description: act.inputSchema.properties.expect.description,
  });
  assert.ok(!act.inputSchema.required.includes('expect'), `${label}: expect is optional`);
  const GAMES = await httpSlugs(base);
  assert.ok(GAMES.length >= 3, `${label}: the HTTP index lists the games`);
  const games = await tool(client, 'list_games', {});
  assert.deepEqual(games.structuredContent.games.map((g) => g.slug).sort(), [...GAMES].sort());
  for (const slug of GAMES) {
    const rules = await tool(client, 'get_rules', { slug });
    assert.match(rules.content[0].text, /Scoring:/, `${slug}: get_rules`);
  }

  for (const slug of GAMES) {
    const run = await playToEnd(client, slug);
    // A refused move: an error result saying why, with the legal actions; nothing changes.
    const refused = await tool(client, 'act', { game_id: run.gameId, actions: [run.last] });
    assert.equal(refused.isError, true, `${slug}: a move after the end is refused`);
    assert.match(refused.content[0].text, /refused: .*legal actions:/s);
    assert.equal(refused.structuredContent.length, run.length);
    // A stale expect (a retried call, say) applies nothing and says how many the game holds.
    const stale = await tool(client, 'act', {
      game_id: run.gameId,
      actions: [run.last],
      expect: run.length - 1,
    });
    assert.equal(stale.isError, true, `${slug}: a stale expect is refused`);
    assert.ok(
      stale.content[0].text.startsWith(
        `expect: the game holds ${run.length} actions, not ${run.length - 1}; 0 of 1 actions applied`,
      ),
      stale.content[0].text,
    );
    assert.equal(stale.structuredContent.length, run.length);
    // The final score equals the same actions replayed in process.
    assert.equal(await replayScore(client, run.gameId, slug), run.score, `${slug}: replay`);
    const name = `sdk ${label} ${slug.slice(0, 4)}`;
    const sub = await tool(client, 'submit_run', { game_id: run.gameId, name, agent: 'sdk test' });
    assert.equal(sub.isError, false, `${slug}: submit_run: ${sub.content[0].text}`);
    assert.equal(sub.structuredContent.score, run.score);
    const entry = (await board(base, slug)).find((e) => e.name === name);
    assert.ok(entry, `${slug}: ${name} is on the agents' board`);
    assert.equal(entry.score, run.score);
    assert.equal(entry.kind, 'agent');
    console.log(`${label} ${slug}: ${run.length} actions, score ${run.score}, on the board`);
  }

  await playCard(client, label, base);

  // Protocol errors stay errors (-32602 for bad arguments), never a crash.
  await assert.rejects(tool(client, 'act', { game_id: 'gnope', action: { type: 'UP' } }), /-32602/);
  await assert.rejects(tool(client, 'new_game', { slug: 'chess' }), /-32602/);
}

// Opens an open-v1 card, plays `moves` policy moves in one slot of each game, submits them, closes
// the card, and checks the card that GET /api/scorecards/{id} answers: those slots filled with the
// same scores, the others empty.
async function playCard(client, label, base, moves = 5) {
  const name = `sdk card ${label}`;
  const opened = await tool(client, 'open_scorecard', {
    suite: 'open-v1',
    name,
    agent: { label: 'sdk test', model: 'scripted' },
  });
  assert.equal(opened.isError, false, `open_scorecard: ${opened.content[0].text}`);
  const card = opened.structuredContent;
  assert.equal(card.slots.length, 60);
  assert.match(card.token, /^[0-9a-f]{64}$/, 'the new name gets its token');
  const played = {};
  for (const index of [0, 20, 40]) {
    const slot = card.slots[index];
    assert.match(opened.content[0].text, new RegExp(`slot ${index}: ${slot.slug} seed ${slot.seed}, cap`));
    let pos = (await tool(client, 'get_state', { game_id: slot.gameId })).structuredContent;
    assert.equal(pos.slug, slot.slug);
    assert.equal(pos.seed, slot.seed, `slot ${index}: dealt at the slot's seed`);
    for (let turn = 0; turn < moves && !pos.gameOver; ++turn) {
      const r = await tool(client, 'act', { game_id: slot.gameId, action: policy(pos.legalActions, turn) });
      assert.equal(r.isError, false, `slot ${index}: act: ${r.content[0].text}`);
      pos = r.structuredContent;
    }
    const sub = await tool(client, 'submit_run', { game_id: slot.gameId, token: card.token });
    assert.equal(sub.isError, false, `slot ${index}: submit_run: ${sub.content[0].text}`);
    assert.equal(sub.structuredContent.scorecard, card.id);
    assert.equal(sub.structuredContent.slot, index);
    assert.equal(sub.structuredContent.score, pos.score);
    played[index] = { score: pos.score, runId: sub.structuredContent.id, last: pos };
  }
  // A slot takes one run: the game moved on is a different run, refused.
  const slot0 = card.slots[0];
  const more = await tool(client, 'act', {
    game_id: slot0.gameId,
    action: policy(played[0].last.legalActions, moves),
  });
  assert.equal(more.isError, false, `slot 0: act: ${more.content[0].text}`);
  const again = await tool(client, 'submit_run', { game_id: slot0.gameId, token: card.token });
  assert.equal(again.isError, true, 'a second run into a filled slot is refused');
  assert.match(again.content[0].text, /already holds another run/);

  const closed = await tool(client, 'close_scorecard', {
    scorecard: card.id,
    token: card.token,
    usage: { promptTokens: 0, seconds: 1 },
  });
  assert.equal(closed.isError, false, `close_scorecard: ${closed.content[0].text}`);
  assert.match(closed.content[0].text, /3 of 60 slots hold a run/);
  assert.match(closed.content[0].text, /overall normalised/);
  const res = await fetch(`${base}/api/scorecards/${card.id}`);
  assert.equal(res.status, 200);
  const shown = await res.json();
  assert.deepEqual(shown, closed.structuredContent, 'the tool answers the card as HTTP shows it');
  assert.equal(shown.status, 'closed');
  assert.equal(shown.name, name);
  for (const slot of shown.slots) {
    const mine = played[slot.index];
    assert.equal(slot.score, mine ? mine.score : null, `slot ${slot.index}: score`);
    assert.equal(slot.runId, mine ? mine.runId : null, `slot ${slot.index}: run`);
  }
  for (const slug of ['stormlark', 'glimfall', 'silkspan']) assert.equal(shown.games[slug].n, 20);
  const late = await tool(client, 'act', { game_id: card.slots[1].gameId, action: { type: 'UP' } });
  assert.equal(late.isError, true, 'a closed card deals no more games');
  console.log(`${label} scorecard ${card.id}: 3 slots filled, closed, overall ${shown.overall.normalised}`);
}

// A transport whose initialize asks for an older revision (2025-03-26), as an older client would.
function askingOlderRevision(transport) {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (message.method === 'initialize') message.params.protocolVersion = '2025-03-26';
    return send(message, options);
  };
  return transport;
}

let server;
let exitCode = 0;
try {
  server = await startServer();
  const { base } = server;

  const stdio = new Client({ name: 'gameboard-sdk-test', version: '1.0.0' });
  await stdio.connect(
    new StdioClientTransport({ command: gameboard, args: ['mcp', '--data-dir', dataDir], stderr: 'ignore' }),
  );
  assert.equal(stdio.getServerVersion().name, 'gameboard');
  await checkClient(stdio, 'stdio', base);
  await stdio.close();

  const http = new Client({ name: 'gameboard-sdk-test', version: '1.0.0' });
  await http.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  await checkClient(http, 'http', base);
  await http.close();

  // Older revisions are echoed, and the SDK goes on with them.
  const older = new Client({ name: 'gameboard-sdk-test', version: '1.0.0' });
  const olderTransport = askingOlderRevision(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  await older.connect(olderTransport);
  assert.equal(olderTransport.protocolVersion, '2025-03-26');
  const { tools } = await older.listTools();
  assert.equal(tools.length, TOOLS.length);
  await older.close();
  console.log('older revision 2025-03-26 negotiated');

  // A foreign Origin is refused before any tool runs.
  const foreign = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example' },
    body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
  });
  assert.equal(foreign.status, 403);
  console.log('mcp_sdk_client: all checks passed');
} catch (e) {
  console.error('mcp_sdk_client: FAILED:', e);
  exitCode = 1;
} finally {
  if (server) server.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
