// The play page: loads the game's renderer, starts a run on the local WebAssembly engine (or
// through the API with ?engine=server, or when the engine cannot load), maps keys to actions,
// draws every answer on the canvas and shows the counters, the legend, the banner and the
// game-over panel. On touch screens swipes, taps and buttons stand in for the keys; with
// ?ghost=RUN_ID a stored run races along (ghost.js); every finished run is kept (myruns.js).
import { listGames } from './api.js';
import { loadGhost } from './ghost.js';
import { keepRun, markSubmitted, showMyRuns } from './myruns.js';
import { isTouchScreen, listenGestures, refreshButtons, showButtons } from './touch.js';
import { fitCanvas } from './canvas.js';
import { makeNotice, showControls, showCounters } from './hud.js';
import { loadEngine } from './engine.js';
import { showLegend } from './legend.js';
import { downloadReplay } from './replay.js';
import { Run } from './run.js';
import { recordScore } from './scores.js';
import { savedName, submitMessage, submitRun } from './boards.js';
import { LocalStepper, ServerStepper } from './steppers.js';

const $ = (id) => document.getElementById(id);
const notice = makeNotice($('notice'));
const canvas = $('board');

function pageOptions() {
  const params = new URLSearchParams(location.search);
  const seedText = params.get('seed');
  const seed = seedText !== null && /^\d{1,10}$/.test(seedText) ? Number(seedText) : null;
  const speed = Math.min(60, Math.max(1, Math.floor(Number(params.get('speed')) || 1)));
  const slug = decodeURIComponent(location.pathname.split('/')[2] || '');
  const engine = params.get('engine') === 'server' ? 'server' : 'local';
  const ghost = params.get('ghost');
  return { slug, seed, speed, engine, ghost };
}

// The local WebAssembly engine unless `?engine=server` asks otherwise or it cannot load, in which
// case the page plays through the API and says so.
async function pickStepper(slug, wanted) {
  if (wanted === 'local') {
    try {
      const engine = await loadEngine();
      if (engine.has(slug)) return new LocalStepper(slug, engine);
      notice('The local engine lacks this game: playing through the server.', { sticky: true });
    } catch (error) {
      notice(`Local engine unavailable (${error.message}): playing through the server.`, { sticky: true });
    }
  }
  return new ServerStepper(slug);
}

let engineParam = 'local';

function playUrl(slug, seed, speed) {
  const params = new URLSearchParams();
  if (seed !== null) params.set('seed', String(seed));
  if (speed !== 1) params.set('speed', String(speed));
  if (engineParam === 'server') params.set('engine', 'server');
  const query = params.toString();
  return `/play/${encodeURIComponent(slug)}${query ? `?${query}` : ''}`;
}

function isGameKey(event) {
  return !event.ctrlKey && !event.metaKey && !event.altKey;
}

async function main() {
  const { slug, seed: seedParam, speed, engine, ghost: ghostId } = pageOptions();
  let seed = seedParam;
  engineParam = engine;
  const index = await listGames();
  const info = index.games.find((g) => g.slug === slug);
  if (!info) throw new Error(`No game "${slug}" on this server`);
  document.title = `${info.name} · Gameboard`;
  $('game-name').textContent = info.name;
  $('docs-link').href = `/docs/api/${slug}`;
  const game = (await import(`./game-${slug}.js`)).default;
  showControls($('controls'), game.controls);
  showControls($('touch-legend'), [...game.touch.legend, ['Pause', 'pause and resume']]);
  const touchButtons = [...game.touch.buttons, { id: 'pause', label: 'Pause', action: () => null, pause: true }];
  const touchBar = $('touch-bar');
  const touchScreen = isTouchScreen();
  touchBar.hidden = !touchScreen;
  document.body.dataset.touch = String(touchScreen);
  showMyRuns($('my-runs'), slug);
  showLegend($('legend'), game.legend || []);

  const reserve = () => (touchBar.hidden ? 0 : touchBar.offsetHeight + 8);
  let view = null;
  let dirty = true;
  let finished = false;
  let ghost = null;
  let runKey = null;

  const stepper = await pickStepper(slug, engine);
  if (ghostId !== null) {
    const raced = await loadGhost(ghostId, slug, seed, stepper, game);
    if (raced.problem) {
      notice(raced.problem, { sticky: true });
      document.body.dataset.ghost = 'refused';
    } else {
      ghost = raced.ghost;
      seed = raced.seed;
      document.body.dataset.ghost = 'racing';
      $('ghost-note').hidden = false;
      $('ghost-note').textContent = `Racing run ${ghost.run.id}: ${ghost.run.name} (${ghost.run.kind}), score ${ghost.run.score}. The translucent one is the ghost.`;
    }
  }
  // Keeps the ghost at the player's turn or tick; a refusal mid-race drops it with a notice.
  function followGhost(answer) {
    if (!ghost || ghost.advanceTo(game.tickRate ? run.ticksElapsed : game.clock(answer))) return;
    notice(`Ghost run ${ghost.run.id}: ${ghost.failure}: playing on without it.`, { sticky: true });
    ghost = null;
    document.body.dataset.ghost = 'refused';
  }
  $('engine').textContent = stepper.kind === 'local' ? 'local engine' : 'server engine';
  document.body.dataset.engine = stepper.kind;
  const run = new Run({
    slug,
    game,
    speed,
    stepper,
    onUpdate: (answer) => {
      followGhost(answer);
      dirty = true;
    },
    onRefusal: (reason) => notice(`Refused: ${reason}`),
    onError: (error) =>
      notice(`${stepper.kind === 'local' ? 'Engine' : 'Server'} error: ${error.message}`, {
        sticky: true,
      }),
  });

  function showGameOver() {
    finished = true;
    const score = run.answer.score;
    $('final-score').textContent = String(score);
    $('final-seed').textContent = String(run.seed);
    $('new-best').hidden = !recordScore(slug, score);
    runKey = keepRun(run.replay());
    showMyRuns($('my-runs'), slug);
    $('same-seed').href = playUrl(slug, run.seed, speed) + (ghost ? `&ghost=${encodeURIComponent(ghost.run.id)}` : '');
    if (ghost) $('same-seed').textContent = 'Race again';
    $('game-over').hidden = false;
    touchBar.hidden = true;
    $('player-name').value = savedName();
    $('play-again').focus();
  }

  // Sends the finished run to the boards: the server replays it and answers with the rank.
  async function submitScore(event) {
    event.preventDefault();
    const name = $('player-name').value.trim();
    const result = $('submit-result');
    if (!name) return;
    $('submit-button').disabled = true;
    result.hidden = false;
    result.textContent = 'Verifying…';
    try {
      const answer = await submitRun(run.replay(), name);
      result.textContent = submitMessage(answer);
      result.dataset.status = String(answer.status);
      if (answer.status === 201 || answer.status === 200) {
        if (runKey) markSubmitted(runKey, answer.body);
        showMyRuns($('my-runs'), slug);
        const link = document.createElement('a');
        link.href = `/leaderboard/${encodeURIComponent(slug)}?board=human`;
        link.textContent = 'See the board';
        result.append(' ', link);
        return;
      }
    } catch (error) {
      result.textContent = `Could not submit: ${error.message}`;
    }
    $('submit-button').disabled = false;
  }

  function redraw() {
    const answer = run.answer;
    game.draw(view.ctx, answer, view.width, view.height);
    const counters = game.counters(answer);
    if (ghost) {
      game.drawGhost(view.ctx, ghost.answer, view.width, view.height);
      const gap = answer.score - ghost.answer.score;
      counters.splice(1, 0,
        { id: 'ghost', label: 'Ghost', value: ghost.answer.score },
        { id: 'gap', label: 'Gap', value: gap > 0 ? `+${gap}` : String(gap) });
    }
    showCounters($('counters'), counters);
    refreshButtons(touchBar, touchButtons, (b) => b.pause || (!run.paused && !answer.gameOver && b.action(answer) !== null));
    const banner = run.paused ? 'Paused: P (or Pause) to resume' : game.banner(answer, touchScreen);
    $('banner').hidden = !banner || answer.gameOver;
    $('banner').textContent = banner || '';
    canvas.dataset.status = game.status(answer);
    if (answer.gameOver && !finished) showGameOver();
  }

  function frame(now) {
    run.frame(now);
    if (dirty && run.answer) {
      dirty = false;
      redraw();
    }
    requestAnimationFrame(frame);
  }

  // One touch action: a gesture on the board or a button; ignored while paused or over.
  function touchAct(action) {
    if (!run.answer || finished || run.paused || !action) return;
    run.press(action);
  }
  function togglePause() {
    run.togglePause();
    dirty = true;
  }
  listenGestures(canvas, (gesture) => run.answer && touchAct(game.touch.gesture(gesture, run.answer)));
  showButtons(touchBar, touchButtons, (button) => {
    if (button.pause) {
      if (run.answer && !finished) togglePause();
      return;
    }
    if (run.answer) touchAct(button.action(run.answer));
  });

  document.addEventListener('keydown', (event) => {
    if (!isGameKey(event) || !run.answer) return;
    if (finished) {
      if (event.key === 'Enter' && !['BUTTON', 'A', 'INPUT'].includes(event.target.tagName)) {
        location.href = playUrl(slug, null, speed);
      }
      return;
    }
    if (event.key === 'p' || event.key === 'P') {
      togglePause();
      return;
    }
    const action = run.paused ? null : game.keyAction(event.key, run.answer);
    if (action) {
      event.preventDefault();
      run.press(action);
    } else if ([' ', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(event.key)) {
      event.preventDefault();
    }
  });
  view = fitCanvas(canvas, canvas.closest('.board'), game.aspect, reserve());
  window.addEventListener('resize', () => {
    view = fitCanvas(canvas, canvas.closest('.board'), game.aspect, reserve());
    dirty = true;
  });
  $('play-again').addEventListener('click', () => (location.href = playUrl(slug, null, speed)));
  $('download-replay').addEventListener('click', () => downloadReplay(run.replay()));
  $('submit-score').addEventListener('submit', submitScore);

  await run.start(seed);
  $('seed').textContent = `seed ${run.seed}`;
  // For the tests: the run and the ghost, read through the engine rather than pixels.
  window.gameboardPage = { run, ghost: () => ghost };
  document.body.dataset.ready = 'true';
  canvas.focus();
  requestAnimationFrame(frame);
}

main().catch((error) => notice(`Could not start: ${error.message}`, { sticky: true }));
