// The WebAssembly engine (src/wasm): the server's C++ rules compiled for the page, so a run steps
// locally with no request per move. Works in the browser and in Node (pass `wasmBinary`).
// A LocalGame holds one run: compact actions in, the API's answer JSON out, byte for byte.

export const ENGINE_URL = '/wasm/gameboard_engine.mjs';

// Loads the module; `url` is the emscripten .mjs, `wasmBinary` the .wasm bytes (Node only).
export async function loadEngine({ url = ENGINE_URL, wasmBinary } = {}) {
  if (typeof WebAssembly !== 'object') throw new Error('WebAssembly is not available');
  const { default: createEngine } = await import(url);
  const module = await createEngine(wasmBinary ? { wasmBinary } : {});
  return new Engine(module);
}

export class Engine {
  constructor(module) {
    this.m = module;
    this.slugs = [];
    for (let i = 0; i < module._gb_game_count(); ++i) {
      this.slugs.push(module.UTF8ToString(module._gb_game_slug(i)));
    }
  }

  has(slug) {
    return this.slugs.includes(slug);
  }

  // Starts a run of `slug` at `seed` (an integer 0..2^32-1).
  open(slug, seed) {
    const game = this.slugs.indexOf(slug);
    if (game < 0) throw new Error(`The local engine has no game "${slug}"`);
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new Error(`Bad seed ${seed}`);
    return new LocalGame(this, this.m._gb_open(game, seed >>> 0));
  }
}

export class LocalGame {
  constructor(engine, handle) {
    this.engine = engine;
    this.m = engine.m;
    this.handle = handle;
    this.names = JSON.parse(this.text(this.m._gb_action_names(handle)));
  }

  text(pointer) {
    return this.m.UTF8ToString(pointer);
  }

  // Applies an action object of the grammar ({type, dir?, count?}); answers {ok, reason} like the
  // API, and throws on an action the grammar does not allow.
  step(action) {
    const type = this.names.indexOf(action && action.type);
    const arg = action && (action.dir !== undefined ? action.dir : action.count);
    const hasArg = arg !== undefined;
    const result =
      type < 0 || (hasArg && typeof arg !== 'number')
        ? -1
        : this.m._gb_step(this.handle, type, hasArg ? arg : 0, hasArg ? 1 : 0);
    if (result < 0) throw new Error(`Invalid action ${JSON.stringify(action)}`);
    return result === 1 ? { ok: true } : { ok: false, reason: this.text(this.m._gb_reason(this.handle)) };
  }

  // The API's answer {ok, reason?, state, observation, legalActions, score, gameOver}.
  answer() {
    return JSON.parse(this.answerJson());
  }

  // The same answer as JSON text, byte for byte the API's.
  answerJson() {
    return this.text(this.m._gb_answer(this.handle));
  }

  // The state's JSON text, byte for byte the API's.
  stateJson() {
    return this.text(this.m._gb_state(this.handle));
  }

  get score() {
    return this.m._gb_score(this.handle);
  }

  get over() {
    return this.m._gb_over(this.handle) === 1;
  }

  // An independent copy of this run (a checkpoint).
  clone() {
    const handle = this.m._gb_clone(this.handle);
    const copy = Object.create(LocalGame.prototype);
    Object.assign(copy, this, { handle });
    return copy;
  }

  close() {
    this.m._gb_close(this.handle);
    this.handle = -1;
  }
}
