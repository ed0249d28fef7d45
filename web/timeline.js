// A replay as a timeline of answers: any action index is shown by cloning the nearest kept
// checkpoint and stepping the rest, so seeking anywhere in a 2000-action run costs at most
// EVERY steps. Built once by applying every action with the local engine.

const EVERY = 16; // actions between kept checkpoints

// Checks the replay file's shape ({slug, seed, actions, score?}); answers a problem or null.
export function replayProblem(replay) {
  if (!replay || typeof replay !== 'object') return 'not a JSON object';
  if (typeof replay.slug !== 'string') return 'no "slug"';
  if (!Number.isInteger(replay.seed) || replay.seed < 0 || replay.seed > 0xffffffff) return 'no valid "seed"';
  if (!Array.isArray(replay.actions)) return 'no "actions" list';
  if (replay.score !== undefined && typeof replay.score !== 'number') return '"score" is not a number';
  return null;
}

export class Timeline {
  // engine: a loaded Engine (engine.js); replay: {slug, seed, actions, score?}.
  constructor(engine, replay) {
    this.replay = replay;
    this.checkpoints = [];
    this.error = null; // {index, reason} of the first action that could not be applied
    const game = engine.open(replay.slug, replay.seed);
    this.length = 0;
    for (const [i, action] of replay.actions.entries()) {
      if (i % EVERY === 0) this.checkpoints.push(game.clone());
      let result;
      try {
        result = game.step(action);
      } catch (error) {
        result = { ok: false, reason: error.message };
      }
      if (!result.ok) {
        this.error = { index: i, reason: result.reason };
        break;
      }
      this.length = i + 1;
    }
    if (this.length % EVERY === 0 && this.checkpoints.length <= this.length / EVERY) {
      this.checkpoints.push(game.clone());
    }
    this.finalScore = game.score;
    this.finalOver = game.over;
    game.close();
    this.cursor = null; // {index, game}: the last shown position, stepped forward cheaply
  }

  // Whether the whole replay applied and reached the stored score (when one is stored).
  get verified() {
    return !this.error && this.replay.score !== undefined && this.finalScore === this.replay.score;
  }

  // The API answer after the first `n` actions (0..length).
  answerAt(n) {
    const target = Math.max(0, Math.min(this.length, n));
    if (!this.cursor || this.cursor.index > target || target - this.cursor.index > EVERY) {
      if (this.cursor) this.cursor.game.close();
      const k = Math.floor(target / EVERY);
      this.cursor = { index: k * EVERY, game: this.checkpoints[k].clone() };
    }
    while (this.cursor.index < target) {
      this.cursor.game.step(this.replay.actions[this.cursor.index]);
      this.cursor.index += 1;
    }
    return this.cursor.game.answer();
  }
}
