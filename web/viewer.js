// The replay viewer: /replay opens a replay file, /replay/{id} a stored run (GET /api/runs/{id}),
// /replay?mine=KEY one of this browser's own runs (myruns.js).
// It replays locally with the WebAssembly engine, shows any action (scrub bar, steps, ?t=N),
// plays at 0.25x to 16x, and marks the run verified when the replay reaches the stored score.
import { listGames } from './api.js';
import { fitCanvas } from './canvas.js';
import { loadEngine } from './engine.js';
import { makeNotice, showCounters } from './hud.js';
import { showLegend } from './legend.js';
import { findRun } from './myruns.js';
import { replayProblem, Timeline } from './timeline.js';

const $ = (id) => document.getElementById(id);
const notice = makeNotice($('notice'));
const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16];
const TURN_SECONDS = 0.25; // a turn-based action (or a non-tick action) at 1x

// The run in the path (/replay/{id}) or null for the file picker.
function runId() {
  const id = location.pathname.split('/')[2];
  return id ? decodeURIComponent(id) : null;
}

async function fetchRun(id) {
  const response = await fetch(`/api/runs/${encodeURIComponent(id)}`);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`run ${id}: ${response.status} ${body.error || ''}`.trim());
  return body;
}

function readFile(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(new Error(`cannot read ${file.name}`));
    reader.readAsText(file);
  });
}

class Viewer {
  constructor(engine, games) {
    this.engine = engine;
    this.games = games;
    this.timeline = null;
    this.game = null;
    this.position = 0;
    this.playing = false;
    this.speed = 1;
    this.budget = 0;
    this.lastFrame = null;
    this.dirty = false;
    this.view = null;
  }

  // Loads a replay {slug, seed, actions, score?}; `label` names its source; opens at action `t`.
  async open(replay, label, t) {
    const problem = replayProblem(replay);
    if (problem) throw new Error(`not a replay file: ${problem}`);
    const info = this.games.find((g) => g.slug === replay.slug);
    if (!info || !this.engine.has(replay.slug)) throw new Error(`unknown game "${replay.slug}"`);
    this.game = (await import(`./game-${replay.slug}.js`)).default;
    if (this.timeline) this.timeline.checkpoints.forEach((c) => c.close());
    this.timeline = new Timeline(this.engine, replay);
    document.title = `Replay · ${info.name} · Gameboard`;
    $('title').textContent = `${info.name} replay`;
    $('seed').textContent = `${label} · seed ${replay.seed}`;
    showLegend($('legend'), this.game.legend || []);
    this.showVerdict();
    $('scrub').max = String(this.timeline.length);
    $('player').hidden = false;
    $('open').hidden = true;
    this.view = fitCanvas($('board'), $('board').closest('.board'), this.game.aspect);
    this.seek(Number.isInteger(t) ? t : 0);
    document.body.dataset.ready = 'true';
  }

  showVerdict() {
    const t = this.timeline;
    const mark = $('verified');
    mark.hidden = false;
    if (t.error) {
      mark.textContent = `✗ action ${t.error.index} refused: ${t.error.reason}`;
      mark.dataset.verified = 'false';
    } else if (t.replay.score === undefined) {
      mark.textContent = `final score ${t.finalScore} (no stored score)`;
      mark.dataset.verified = 'unknown';
    } else if (t.verified) {
      mark.textContent = `✓ verified: reaches the stored score ${t.replay.score}`;
      mark.dataset.verified = 'true';
    } else {
      mark.textContent = `✗ reaches ${t.finalScore}, stored ${t.replay.score}`;
      mark.dataset.verified = 'false';
    }
  }

  // Shows the state after the first `n` actions.
  seek(n) {
    this.position = Math.max(0, Math.min(this.timeline.length, n));
    this.answer = this.timeline.answerAt(this.position);
    this.dirty = true;
  }

  draw() {
    const { answer, game } = this;
    game.draw(this.view.ctx, answer, this.view.width, this.view.height);
    showCounters($('counters'), game.counters(answer));
    const banner = game.banner(answer);
    $('banner').hidden = !banner;
    $('banner').textContent = banner || '';
    $('board').dataset.status = game.status(answer);
    $('board').dataset.position = String(this.position);
    $('scrub').value = String(this.position);
    $('position').textContent = `${this.position} / ${this.timeline.length}`;
    const next = this.timeline.replay.actions[this.position];
    $('action').textContent = next ? `next: ${JSON.stringify(next)}` : 'end of the replay';
    $('play').textContent = this.playing ? 'Pause' : 'Play';
    const url = new URL(location.href);
    url.searchParams.set('t', String(this.position));
    $('link').href = `${url.pathname}${url.search}`;
  }

  // Seconds an action takes at 1x: a tick batch its ticks at the game's rate, anything else a
  // turn (turn-based games) or one tick.
  cost(action) {
    const rate = this.game.tickRate;
    if (!rate) return TURN_SECONDS;
    return action.type === 'tick' ? (action.count ?? 1) / rate : 1 / rate;
  }

  togglePlay() {
    if (!this.timeline) return;
    if (!this.playing && this.position >= this.timeline.length) this.seek(0);
    this.playing = !this.playing;
    this.budget = 0;
    this.lastFrame = null;
    this.dirty = true;
  }

  setSpeed(speed) {
    this.speed = speed;
    $('speed').value = String(speed);
  }

  frame(now) {
    if (this.playing) {
      if (this.lastFrame !== null) this.budget += ((now - this.lastFrame) / 1000) * this.speed;
      this.lastFrame = now;
      let n = this.position;
      const actions = this.timeline.replay.actions;
      while (n < this.timeline.length && this.budget >= this.cost(actions[n])) {
        this.budget -= this.cost(actions[n]);
        n += 1;
      }
      if (n !== this.position) this.seek(n);
      if (this.position >= this.timeline.length) this.playing = false;
      this.dirty = true;
    }
    if (this.dirty && this.answer) {
      this.dirty = false;
      this.draw();
    }
    requestAnimationFrame((t) => this.frame(t));
  }

  key(event) {
    if (!this.timeline || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.tagName === 'INPUT' || event.target.tagName === 'SELECT') {
      if (event.key !== ' ') return;
    }
    const step = (d) => {
      this.playing = false;
      this.seek(this.position + d);
    };
    const speedIndex = SPEEDS.indexOf(this.speed);
    const handlers = {
      ' ': () => this.togglePlay(),
      ArrowLeft: () => step(-1),
      ArrowRight: () => step(1),
      Home: () => step(-Infinity),
      End: () => step(Infinity),
      '-': () => this.setSpeed(SPEEDS[Math.max(0, speedIndex - 1)]),
      '+': () => this.setSpeed(SPEEDS[Math.min(SPEEDS.length - 1, speedIndex + 1)]),
      '=': () => this.setSpeed(SPEEDS[Math.min(SPEEDS.length - 1, speedIndex + 1)]),
    };
    const handler = handlers[event.key];
    if (handler) {
      event.preventDefault();
      handler();
    }
  }
}

function startAt() {
  const text = new URLSearchParams(location.search).get('t');
  return text !== null && /^\d{1,7}$/.test(text) ? Number(text) : 0;
}

async function main() {
  const [engine, index] = await Promise.all([loadEngine(), listGames()]);
  const viewer = new Viewer(engine, index.games);
  const id = runId();
  const step = (d) => {
    viewer.playing = false;
    viewer.seek(viewer.position + d);
  };
  $('to-start').addEventListener('click', () => step(-Infinity));
  $('back').addEventListener('click', () => step(-1));
  $('play').addEventListener('click', () => viewer.togglePlay());
  $('forward').addEventListener('click', () => step(1));
  $('to-end').addEventListener('click', () => step(Infinity));
  $('speed').addEventListener('change', () => viewer.setSpeed(Number($('speed').value)));
  $('scrub').addEventListener('input', () => {
    viewer.playing = false;
    viewer.seek(Number($('scrub').value));
  });
  document.addEventListener('keydown', (event) => viewer.key(event));
  window.addEventListener('resize', () => {
    if (!viewer.game) return;
    viewer.view = fitCanvas($('board'), $('board').closest('.board'), viewer.game.aspect);
    viewer.dirty = true;
  });
  requestAnimationFrame((t) => viewer.frame(t));

  if (id !== null) {
    $('open').hidden = true;
    const run = await fetchRun(id);
    await viewer.open(run, `run ${run.id ?? id}`, startAt());
    return;
  }
  const mine = new URLSearchParams(location.search).get('mine');
  if (mine !== null) {
    $('open').hidden = true;
    const run = findRun(mine);
    if (!run) throw new Error('that run is not kept on this browser (any more)');
    await viewer.open(run, `your run of ${run.date.slice(0, 10)}`, startAt());
    return;
  }
  $('file').addEventListener('change', async () => {
    const file = $('file').files[0];
    if (!file) return;
    try {
      await viewer.open(JSON.parse(await readFile(file)), file.name, startAt());
    } catch (error) {
      notice(`Cannot open ${file.name}: ${error.message}`, { sticky: true });
    }
  });
  document.body.dataset.ready = 'picker';
}

main().catch((error) => notice(`Could not start: ${error.message}`, { sticky: true }));
