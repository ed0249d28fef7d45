// A stand-in OpenAI-compatible chat-completions server for the LLM harness's tests. It reads the
// legal actions from the prompt and answers the ways real models do; the model name picks the
// behaviour (the part before the first '-'), and calls are counted per full model name, so a test
// that uses its own name sees its own "first call".
//
// Usage: node stand_in.mjs --log FILE [--cert PEM --key PEM] [--key-expected K] [--delay-ms N]
// Prints "PORT <n>" on stdout once it listens on 127.0.0.1 (a free port).
//
// Behaviours: prose, fence, two, badjson, illegal, forfeit, nousage, null, r429, r500, slow,
// drop, down, fast (the benchmark's: a bare action, no prose).
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => {
    if (a.startsWith('--')) pairs.push([a.slice(2), all[i + 1]]);
    return pairs;
  }, []));
const expectedKey = args['key-expected'] || process.env.STANDIN_KEY || '';
const delayMs = Number(args['delay-ms'] || 0);
const log = args.log ? fs.openSync(args.log, 'a') : null;
const calls = new Map();

// FNV-1a over a string: a deterministic choice from the prompt.
function fnv(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

// The legal actions listed in a user message (the lines under LEGAL ACTIONS).
function legalActions(user) {
  const at = user.indexOf('LEGAL ACTIONS\n');
  if (at < 0) return [];
  const lines = user.slice(at + 14).split('\n');
  const out = [];
  for (const line of lines) {
    if (!line.startsWith('{')) break;
    out.push(line);
  }
  return out;
}

// A deterministic legal pick that avoids the end actions while there is another choice; a tick
// waits 1 to 8 ticks (a count, as the real-time games allow).
function pick(user, legal) {
  const playable = legal.filter((a) => !/END_RUN|endRun/.test(a));
  const from = playable.length ? playable : legal;
  const h = fnv(user);
  const chosen = from.length ? from[h % from.length] : '{"type":"END_RUN"}';
  if (chosen === '{"type":"tick"}') return JSON.stringify({ type: 'tick', count: 1 + (h >>> 8) % 8 });
  return chosen;
}

// An action of the grammar that is not legal now: a type the grammar names that no legal
// action has.
function illegal(system, legal) {
  const types = [...system.matchAll(/"const":"([A-Za-z_]+)"/g)].map((m) => m[1]);
  const legalTypes = legal.map((a) => JSON.parse(a).type);
  const t = types.find((x) => !legalTypes.includes(x));
  if (!t) return null;
  return JSON.stringify(t === 'rotate' || t === 'setHeading' ? { type: t, dir: 1 } : { type: t });
}

function answer(res, status, body, headers = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(text);
}

function completion(model, content, usage = true, extra = {}) {
  const body = {
    id: 'chatcmpl-standin', object: 'chat.completion', model,
    choices: [{ index: 0, message: { role: 'assistant', content, ...extra }, finish_reason: 'stop' }],
  };
  if (usage) body.usage = { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 };
  return body;
}

function handle(req, res, raw) {
  if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
    return answer(res, 404, { error: { message: 'not found' } });
  }
  const auth = req.headers.authorization || '';
  const authOk = !expectedKey || auth === `Bearer ${expectedKey}`;
  let request;
  try { request = JSON.parse(raw); } catch { return answer(res, 400, { error: { message: 'bad json' } }); }
  const model = String(request.model || '');
  const behaviour = model.split('-')[0];
  const n = (calls.get(model) || 0) + 1;
  calls.set(model, n);
  const system = request.messages?.[0]?.content || '';
  const user = request.messages?.[1]?.content || '';
  const retry = user.includes('PREVIOUS ATTEMPT');
  const legal = legalActions(user);
  const good = pick(user, legal);
  let intended = null;
  const record = (extra) => {
    if (log) fs.writeSync(log, JSON.stringify({ model, n, authOk, intended: intended ? JSON.parse(intended) : null, time: Date.now(), ...extra }) + "\n");
  };
  if (!authOk) { record({}); return answer(res, 401, { error: { message: 'bad key' } }); }
  const reply = (content, usage = true, extra = {}) => {
    record({});
    answer(res, 200, completion(model, content, usage, extra));
  };
  const prose = () => {
    intended = good;
    reply(`Looking at the board, the safest move is this one.\n${good}\nIt keeps my options open.`);
  };
  switch (behaviour) {
    case 'fast': intended = good; return reply(good);
    case 'prose': return prose();
    case 'fence': intended = good; return reply('I will play:\n```json\n' + good + '\n```');
    case 'two':
      intended = good;
      return reply(`Maybe ${legal[0]}? No, better: ${good} ... confidence {"confidence": 0.9}`);
    case 'badjson':
      if (retry) return prose();
      return reply('{"type": "UP",, "oops"');
    case 'illegal': {
      const bad = retry ? null : illegal(system, legal);
      if (!bad) return prose();
      intended = bad;
      return reply(`Trying ${bad}`);
    }
    case 'forfeit': return reply('I am not sure what to do here.');
    case 'nousage': intended = good; return reply(`Playing ${good}`, false);
    case 'null':
      if (retry) return prose();
      return reply(null, true, { reasoning_content: 'thinking only' });
    case 'r429':
      if (n === 1) { record({}); return answer(res, 429, { error: { message: 'slow down' } }, { 'Retry-After': '3' }); }
      return prose();
    case 'r500':
      if (n === 1) { record({}); return answer(res, 500, { error: { message: 'boom' } }); }
      return prose();
    case 'slow':
      if (n === 1) { record({}); return setTimeout(() => prose(), 3000); }
      return prose();
    case 'drop':
      if (n === 1) { record({}); return req.socket.destroy(); }
      return prose();
    case 'down': record({}); return answer(res, 503, { error: { message: 'down' } });
    default: record({}); return answer(res, 404, { error: { message: `unknown model ${model}` } });
  }
}

function onRequest(req, res) {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    if (delayMs > 0) setTimeout(() => handle(req, res, raw), delayMs);
    else handle(req, res, raw);
  });
}

const server = args.cert
  ? https.createServer({ cert: fs.readFileSync(args.cert), key: fs.readFileSync(args.key) }, onRequest)
  : http.createServer(onRequest);
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`PORT ${server.address().port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
