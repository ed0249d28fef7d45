// What web/engine.js promises the pages, checked under Node against the server: the init answer
// is the API's byte for byte (without `spec`), a refusal names its reason and changes nothing,
// an action outside the grammar throws, and a clone is independent of its original.
import assert from 'node:assert/strict';
import { replayProblem, Timeline } from '../timeline.js';

// The API's init answer for (slug, seed) without its trailing `spec` (the module has no texts).
async function httpInit(base, slug, seed) {
  const text = await (await fetch(`${base}/api/games/${slug}/init?seed=${seed}`)).text();
  const spec = text.lastIndexOf(',"spec":');
  assert.ok(spec > 0, 'the init answer ends with spec');
  return `${text.slice(0, spec)}}`;
}

// The state after the first `n` actions, stepped from init with no checkpoint.
function directState(engine, replay, n) {
  const game = engine.open(replay.slug, replay.seed);
  for (const action of replay.actions.slice(0, n)) game.step(action);
  const state = game.stateJson();
  game.close();
  return state;
}

// timeline.js: any position from checkpoints equals stepping from init, forwards and backwards;
// the end, an empty replay, lengths on a checkpoint boundary and a refused action.
export function checkTimeline(engine, replay) {
  const timeline = new Timeline(engine, replay);
  assert.equal(timeline.length, replay.actions.length);
  assert.equal(timeline.verified, true);
  const n = replay.actions.length;
  for (const at of [0, 1, 15, 16, 17, 33, n - 1, n, Math.floor(n / 3), 5, n]) {
    assert.equal(JSON.stringify(timeline.answerAt(at).state), JSON.stringify(JSON.parse(directState(engine, replay, at))), `position ${at}`);
  }
  assert.equal(timeline.answerAt(n + 5).score, replay.score, 'past the end shows the end');
  for (const length of [0, 16, 32]) {
    const cut = { ...replay, actions: replay.actions.slice(0, length), score: undefined };
    const short = new Timeline(engine, cut);
    assert.equal(short.length, length);
    assert.equal(short.verified, false, 'no stored score: not verified');
    assert.equal(JSON.stringify(short.answerAt(length).state), JSON.stringify(JSON.parse(directState(engine, cut, length))));
  }
  const bad = { ...replay, actions: [...replay.actions.slice(0, 20), { type: 'nope' }, ...replay.actions.slice(20)] };
  const broken = new Timeline(engine, bad);
  assert.equal(broken.length, 20);
  assert.equal(broken.error.index, 20);
  assert.equal(broken.verified, false);
  assert.equal(new Timeline(engine, { ...replay, score: replay.score + 1 }).verified, false, 'a wrong stored score');
  assert.equal(replayProblem({ slug: 'x', seed: -1, actions: [] }), 'no valid "seed"');
  assert.equal(replayProblem({ slug: 'x', seed: 1, actions: {} }), 'no "actions" list');
  assert.equal(replayProblem(replay), null);
}

export async function checkEngineContract(engine, base) {
  assert.deepEqual(engine.slugs, ['stormlark', 'glimfall', 'silkspan']);
  for (const slug of engine.slugs) {
    for (const seed of [0, 7, 4294967295]) {
      const game = engine.open(slug, seed);
      assert.equal(game.answerJson(), await httpInit(base, slug, seed), `${slug} seed ${seed}: init answer`);
      game.close();
    }
  }
  const storm = engine.open('stormlark', 7);
  const before = storm.stateJson();
  assert.deepEqual(storm.step({ type: 'NEXT_REACH' }), { ok: false, reason: 'not_at_gate' });
  assert.equal(storm.stateJson(), before, 'a refusal leaves the state');
  assert.equal(storm.answer().reason, 'not_at_gate');
  const copy = storm.clone();
  assert.deepEqual(storm.step({ type: 'UP' }), { ok: true });
  assert.equal(copy.stateJson(), before, 'the clone did not move');
  assert.notEqual(storm.stateJson(), before);
  assert.throws(() => storm.step({ type: 'LEFT' }), /Invalid action/);
  assert.throws(() => storm.step({ type: 'UP', count: 2 }), /Invalid action/);
  const glim = engine.open('glimfall', 7);
  for (const bad of [{ type: 'rotate' }, { type: 'rotate', dir: 0 }, { type: 'tick', count: 601 }, { type: 'tick', count: 1.5 }, { type: 'tick', count: '3' }, null]) {
    assert.throws(() => glim.step(bad), /Invalid action/, JSON.stringify(bad));
  }
  assert.deepEqual(glim.step({ type: 'start' }), { ok: true });
  assert.deepEqual(glim.step({ type: 'tick', count: 600 }), { ok: true });
  const silk = engine.open('silkspan', 7);
  assert.throws(() => silk.step({ type: 'setHeading', dir: 4 }), /Invalid action/);
  assert.throws(() => engine.open('nope', 1), /no game/);
  assert.throws(() => engine.open('silkspan', -1), /Bad seed/);
  for (const g of [storm, copy, glim, silk]) g.close();
}
