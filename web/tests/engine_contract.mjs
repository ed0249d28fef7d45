// What web/engine.js promises the pages, checked under Node against the server: the init answer
// is the API's byte for byte (without `spec`), a refusal names its reason and changes nothing,
// an action outside the grammar throws, and a clone is independent of its original.
import assert from 'node:assert/strict';

// The API's init answer for (slug, seed) without its trailing `spec` (the module has no texts).
async function httpInit(base, slug, seed) {
  const text = await (await fetch(`${base}/api/games/${slug}/init?seed=${seed}`)).text();
  const spec = text.lastIndexOf(',"spec":');
  assert.ok(spec > 0, 'the init answer ends with spec');
  return `${text.slice(0, spec)}}`;
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
