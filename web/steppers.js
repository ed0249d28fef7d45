// Where a run's actions are applied: on the server (one request per move) or in the page by the
// WebAssembly engine (no request). Both answer the API's shapes, so the Run cannot tell them apart.
import { initGame, sendAction } from './api.js';

export class ServerStepper {
  constructor(slug) {
    this.slug = slug;
    this.kind = 'server';
  }

  async init(seed) {
    return initGame(this.slug, seed);
  }

  async act(state, action) {
    return sendAction(this.slug, state, action);
  }
}

// A seed for a run started without one, as the server would draw (any 32-bit value).
function drawSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

export class LocalStepper {
  constructor(slug, engine) {
    this.slug = slug;
    this.engine = engine;
    this.kind = 'local';
    this.game = null;
  }

  async init(seed) {
    this.game = this.engine.open(this.slug, seed === null ? drawSeed() : seed);
    return this.game.answer();
  }

  // The state argument is the one the local run holds already.
  act(_state, action) {
    const result = this.game.step(action);
    return { ...this.game.answer(), ...result };
  }
}
