// One run of a game: the carried state, the queue of key presses, the real-time clock turned into
// tick batches, and the list of every accepted action. A stepper applies the actions: the local
// WebAssembly engine (synchronous, no request) or the server (at most one request in flight). An
// action is recorded only once it is accepted, so (seed, actions) replays to the same score.

const HOLD_MS = 250; // how long a not-yet-legal press (e.g. a locked rotate) waits for its turn
const TICKS_PER_FRAME = 10; // most ticks one frame may send, before the speed factor

function sameAction(a, b) {
  return a.type === b.type && (a.dir === undefined || a.dir === b.dir);
}

export class Run {
  // game: the renderer module (tickRate, clockRunning); speed multiplies the tick rate.
  // stepper: a LocalStepper or ServerStepper (steppers.js).
  constructor({ slug, game, speed, stepper, onUpdate, onRefusal, onError }) {
    this.slug = slug;
    this.stepper = stepper;
    this.game = game;
    this.speed = speed;
    this.onUpdate = onUpdate;
    this.onRefusal = onRefusal;
    this.onError = onError;
    this.answer = null;
    this.actions = [];
    this.queue = [];
    this.inFlight = false;
    this.paused = false;
    this.dueTicks = 0;
    this.lastFrame = null;
    this.failed = false;
    this.ticksElapsed = 0; // the sum of the accepted tick batches (the real-time clock)
  }

  async start(seed) {
    this.answer = await this.stepper.init(seed);
    this.onUpdate(this.answer);
  }

  get seed() {
    return this.answer.state.seed;
  }

  get over() {
    return Boolean(this.answer && this.answer.gameOver);
  }

  // Queues a player action; it is sent after the ones before it.
  press(action) {
    if (this.over || this.failed) return;
    this.queue.push({ action, at: performance.now() });
    this.pump(performance.now());
  }

  togglePause() {
    this.paused = !this.paused;
    this.dueTicks = 0;
    this.lastFrame = null;
  }

  clockRunning() {
    return Boolean(this.game.tickRate) && !this.paused && !this.over && this.game.clockRunning(this.answer);
  }

  // Called once per animation frame: turns elapsed time into due ticks, then sends what is next.
  frame(now) {
    if (!this.answer) return;
    if (this.clockRunning()) {
      if (this.lastFrame !== null) {
        const cap = Math.min(600, TICKS_PER_FRAME * this.speed);
        this.dueTicks += ((now - this.lastFrame) / 1000) * this.game.tickRate * this.speed;
        this.dueTicks = Math.min(this.dueTicks, cap);
      }
      this.lastFrame = now;
    } else {
      this.dueTicks = 0;
      this.lastFrame = null;
    }
    this.pump(now);
  }

  // A press that the rules do not allow yet waits (briefly) while the clock runs, so a rotate
  // pressed during the ratchet lock lands as soon as the lock is over.
  heldBack(entry, now) {
    if (!this.clockRunning()) return false;
    const legal = this.answer.legalActions.some((a) => sameAction(entry.action, a));
    if (legal) return false;
    if (now - entry.at > HOLD_MS) {
      this.queue.shift();
      this.onRefusal('not legal yet', entry.action);
    }
    return true;
  }

  // Sends what is next: the local engine takes everything due at once, the server one at a time.
  pump(now) {
    while (this.pumpOne(now) && this.stepper.kind === 'local');
  }

  // Sends the next press, else the due ticks; false when nothing could be sent.
  pumpOne(now) {
    if (this.inFlight || this.failed || !this.answer || this.over) return false;
    const next = this.queue[0];
    if (next && !this.heldBack(next, now)) {
      this.queue.shift();
      this.send(next.action);
      return true;
    }
    if (this.dueTicks >= 1) {
      const count = Math.floor(this.dueTicks);
      this.dueTicks -= count;
      this.send({ type: 'tick', count });
      return true;
    }
    return false;
  }

  send(action) {
    if (this.stepper.kind !== 'local') return this.sendRemote(action);
    try {
      this.take(action, this.stepper.act(this.answer.state, action));
    } catch (error) {
      this.failed = true;
      this.onError(error);
    }
    return undefined;
  }

  async sendRemote(action) {
    this.inFlight = true;
    try {
      this.take(action, await this.stepper.act(this.answer.state, action));
    } catch (error) {
      this.failed = true;
      this.onError(error);
    } finally {
      this.inFlight = false;
    }
  }

  // Carries an answer forward: an accepted action is recorded, a refusal keeps the state.
  take(action, reply) {
    if (reply.ok) {
      this.answer = { ...reply, spec: this.answer.spec };
      this.actions.push(action);
      if (action.type === 'tick') this.ticksElapsed += action.count === undefined ? 1 : action.count;
      this.onUpdate(this.answer);
    } else {
      this.answer = { ...this.answer, legalActions: reply.legalActions };
      this.onRefusal(reply.reason, action);
    }
    if (this.over) this.queue = [];
  }

  // The replay file: everything `gameboard replay` and the API need to re-score the run.
  replay() {
    return { slug: this.slug, seed: this.seed, actions: this.actions, score: this.answer.score };
  }
}
