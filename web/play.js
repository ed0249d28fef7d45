// The play page: loads the game's renderer, starts a run on the local WebAssembly engine (or
// through the API with ?engine=server, or when the engine cannot load), maps keys to actions,
// draws every answer on the canvas and shows the counters, the legend, the banner and the
// game-over panel.
import { listGames } from './api.js';
import { fitCanvas } from './canvas.js';
import { makeNotice, showControls, showCounters } from './hud.js';
import { loadEngine } from './engine.js';
import { showLegend } from './legend.js';
import { downloadReplay } from './replay.js';
import { Run } from './run.js';
import { recordScore } from './scores.js';
import { savedName, submitRun } from './boards.js';
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
  return { slug, seed, speed, engine };
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

// What the server said about a submission, for a person.
function submitMessage({ status, body, retryAfter }) {
  if (status === 201) return `Verified and stored: rank ${body.rank} on the people's board.`;
  if (status === 200) return `Already stored: rank ${body.rank} on the people's board.`;
  if (status === 403) return 'That name belongs to someone else (or to another browser): pick another.';
  if (status === 400) return `Refused: ${(body.issues || []).join('; ') || body.error}`;
  if (status === 429 || status === 503) return `The server is busy: try again in ${retryAfter || 'a few'} s.`;
  return `The server answered ${status}: ${body.error || 'error'}`;
}

async function main() {
  const { slug, seed, speed, engine } = pageOptions();
  engineParam = engine;
  const index = await listGames();
  const info = index.games.find((g) => g.slug === slug);
  if (!info) throw new Error(`No game "${slug}" on this server`);
  document.title = `${info.name} · Gameboard`;
  $('game-name').textContent = info.name;
  $('docs-link').href = `/docs/api/${slug}`;
  const game = (await import(`./game-${slug}.js`)).default;
  showControls($('controls'), game.controls);
  showLegend($('legend'), game.legend || []);

  let view = fitCanvas(canvas, canvas.closest('.board'), game.aspect);
  let dirty = true;
  let finished = false;

  const stepper = await pickStepper(slug, engine);
  $('engine').textContent = stepper.kind === 'local' ? 'local engine' : 'server engine';
  document.body.dataset.engine = stepper.kind;
  const run = new Run({
    slug,
    game,
    speed,
    stepper,
    onUpdate: () => (dirty = true),
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
    $('same-seed').href = playUrl(slug, run.seed, speed);
    $('game-over').hidden = false;
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
    showCounters($('counters'), game.counters(answer));
    const banner = run.paused ? 'Paused: P to resume' : game.banner(answer);
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

  document.addEventListener('keydown', (event) => {
    if (!isGameKey(event) || !run.answer) return;
    if (finished) {
      if (event.key === 'Enter' && !['BUTTON', 'A', 'INPUT'].includes(event.target.tagName)) {
        location.href = playUrl(slug, null, speed);
      }
      return;
    }
    if (event.key === 'p' || event.key === 'P') {
      run.togglePause();
      dirty = true;
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
  window.addEventListener('resize', () => {
    view = fitCanvas(canvas, canvas.closest('.board'), game.aspect);
    dirty = true;
  });
  $('play-again').addEventListener('click', () => (location.href = playUrl(slug, null, speed)));
  $('download-replay').addEventListener('click', () => downloadReplay(run.replay()));
  $('submit-score').addEventListener('submit', submitScore);

  await run.start(seed);
  $('seed').textContent = `seed ${run.seed}`;
  document.body.dataset.ready = 'true';
  canvas.focus();
  requestAnimationFrame(frame);
}

main().catch((error) => notice(`Could not start: ${error.message}`, { sticky: true }));
