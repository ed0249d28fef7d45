// One run of a game driven through the API: the carried state, the queue of key presses, the
// real-time clock turned into tick batches, and the list of every action the server accepted.
// At most one request is in flight; an action is recorded only once the server has accepted it,
// so (seed, actions) replays to the same score.
import { initGame, sendAction } from './api.js';

const HOLD_MS = 250; // how long a not-yet-legal press (e.g. a locked rotate) waits for its turn
const TICKS_PER_FRAME = 10; // most ticks one frame may send, before the speed factor

function sameAction(a, b) {
  return a.type === b.type && (a.dir === undefined || a.dir === b.dir);
}

export class Run {
  // game: the renderer module (tickRate, clockRunning); speed multiplies the tick rate.
  constructor({ slug, game, speed, onUpdate, onRefusal, onError }) {
    this.slug = slug;
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
  }

  async start(seed) {
    this.answer = await initGame(this.slug, seed);
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

  pump(now) {
    if (this.inFlight || this.failed || !this.answer || this.over) return;
    const next = this.queue[0];
    if (next && !this.heldBack(next, now)) {
      this.queue.shift();
      this.send(next.action);
    } else if (this.dueTicks >= 1) {
      const count = Math.floor(this.dueTicks);
      this.dueTicks -= count;
      this.send({ type: 'tick', count });
    }
  }

  async send(action) {
    this.inFlight = true;
    try {
      const reply = await sendAction(this.slug, this.answer.state, action);
      if (reply.ok) {
        this.answer = { ...reply, spec: this.answer.spec };
        this.actions.push(action);
        this.onUpdate(this.answer);
      } else {
        this.answer = { ...this.answer, legalActions: reply.legalActions };
        this.onRefusal(reply.reason, action);
      }
    } catch (error) {
      this.failed = true;
      this.onError(error);
    } finally {
      this.inFlight = false;
    }
    if (this.over) this.queue = [];
  }

  // The replay file: everything `gameboard replay` and the API need to re-score the run.
  replay() {
    return { slug: this.slug, seed: this.seed, actions: this.actions, score: this.answer.score };
  }
}
