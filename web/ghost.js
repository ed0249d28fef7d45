// The ghost of a ghost race: a stored run (GET /api/runs/{id}) stepped in a second local engine in
// lockstep with the player's run. Its clock is the game's: the turn in a turn game, the ticks run
// so far in a tick game (the sum of the accepted tick batches, since a game's state.tick may start
// again within a run, as on each new panel). At clock T the ghost has applied its actions while its turn is below T
// (turn games), or every action up to tick T, splitting a tick batch that would pass T (tick games:
// a batch of k lands on the same state as k single ticks, so the split changes nothing).

export class Ghost {
  // run: the stored run {id, slug, seed, actions, score}; local: a LocalGame at the run's seed;
  // clock(answer): the turn of a turn game; ticks: true for a real-time game (clock: ticks run).
  constructor(run, local, clock, ticks) {
    this.run = run;
    this.local = local;
    this.clock = clock;
    this.ticks = ticks;
    this.next = 0; // index of the next action of run.actions
    this.pendingTicks = 0; // what is left of a split tick batch
    this.answer = local.answer();
    this.failure = null;
    this.elapsed = 0; // ticks run so far (real-time games)
  }

  // Where the ghost is: its turn, or the ticks it has run.
  now() {
    return this.ticks ? this.elapsed : this.clock(this.answer);
  }

  get over() {
    return this.answer.gameOver || (this.next >= this.run.actions.length && this.pendingTicks === 0);
  }

  // Steps the ghost to clock `target`. Answers false (with this.failure set) when the local engine
  // refuses one of its actions; the ghost then stays where it is.
  advanceTo(target) {
    if (this.failure) return false;
    for (;;) {
      if (this.answer.gameOver) return true;
      const now = this.now();
      if (this.ticks && this.pendingTicks > 0) {
        if (now >= target) return true;
        const count = Math.min(this.pendingTicks, target - now);
        if (!this.apply({ type: 'tick', count })) return false;
        this.pendingTicks -= count;
        continue;
      }
      if (this.next >= this.run.actions.length) return true;
      const action = this.run.actions[this.next];
      if (this.ticks) {
        if (action.type === 'tick') {
          if (now >= target) return true;
          this.pendingTicks = action.count === undefined ? 1 : action.count;
          this.next += 1;
          continue;
        }
        if (now > target) return true;
      } else if (now >= target) {
        return true;
      }
      if (!this.apply(action)) return false;
      this.next += 1;
    }
  }

  apply(action) {
    let result;
    try {
      result = this.local.step(action);
    } catch (error) {
      result = { ok: false, reason: error.message };
    }
    if (!result.ok) {
      this.failure = `the local engine refuses its action ${this.next + 1} (${JSON.stringify(action)}: ${result.reason})`;
      return false;
    }
    this.answer = this.local.answer();
    if (action.type === 'tick') this.elapsed += action.count === undefined ? 1 : action.count;
    return true;
  }
}

// Fetches run `id` and checks it can race a run of `slug` at `seed` (null: the ghost's seed).
// Answers {run} or {problem} with a sentence for the page's notice.
export async function fetchGhostRun(id, slug, seed) {
  if (!/^\d{1,18}$/.test(id)) return { problem: `Ghost "${id}" is not a run id: playing without a ghost.` };
  let response;
  try {
    response = await fetch(`/api/runs/${encodeURIComponent(id)}`);
  } catch (error) {
    return { problem: `Could not fetch ghost run ${id} (${error.message}): playing without a ghost.` };
  }
  const body = await response.json().catch(() => ({}));
  if (response.status === 404) return { problem: `Ghost run ${id} is unknown or hidden: playing without a ghost.` };
  if (!response.ok) return { problem: `Ghost run ${id}: the server answered ${response.status}: playing without a ghost.` };
  if (body.slug !== slug) return { problem: `Ghost run ${id} is a ${body.slug} run, not ${slug}: playing without a ghost.` };
  if (seed !== null && body.seed !== seed) {
    return { problem: `Ghost run ${id} is of seed ${body.seed}, not seed ${seed}: playing without a ghost.` };
  }
  return { run: body };
}

// The ghost of `ghostId` for a run of `slug` at `seed` (null: the ghost's own), checked whole on
// its own local engine before the race: answers {ghost, seed} or {problem} for the notice.
export async function loadGhost(ghostId, slug, seed, stepper, game) {
  if (stepper.kind !== 'local') return { problem: 'A ghost race needs the local engine: playing without a ghost.' };
  const { run, problem } = await fetchGhostRun(ghostId, slug, seed);
  if (problem) return { problem };
  const check = stepper.engine.open(slug, run.seed);
  try {
    for (const [i, action] of run.actions.entries()) {
      let result;
      try {
        result = check.step(action);
      } catch (error) {
        result = { ok: false, reason: error.message };
      }
      if (!result.ok) {
        return { problem: `Ghost run ${ghostId}: this engine refuses its action ${i + 1} (${result.reason}): playing without a ghost.` };
      }
    }
    if (check.score !== run.score) {
      return { problem: `Ghost run ${ghostId} scores ${check.score} here, not its stored ${run.score}: playing without a ghost.` };
    }
  } finally {
    check.close();
  }
  const ghost = new Ghost(run, stepper.engine.open(slug, run.seed), game.clock, Boolean(game.tickRate));
  return { ghost, seed: run.seed };
}
