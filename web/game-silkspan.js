// Silkspan: the 48 by 36 field of woven silk and dark cells, the live thread, the spinner, moths,
// beetles and the spark. 60 ticks/s.

const COLS = 48;
const ROWS = 36;
const HEADINGS = { ArrowUp: 0, ArrowRight: 1, ArrowDown: 2, ArrowLeft: 3 };
const HEADING_NAMES = ['up', 'right', 'down', 'left'];
const DX = [0, 1, 0, -1];
const DY = [-1, 0, 1, 0];

function drawField(ctx, grid, c) {
  ctx.fillStyle = '#0c0f19';
  ctx.fillRect(0, 0, COLS * c, ROWS * c);
  ctx.fillStyle = '#d9c9a3';
  grid.forEach((row, y) => {
    let x = 0;
    while (x < COLS) {
      if (row[x] !== '#') {
        x += 1;
        continue;
      }
      const start = x;
      while (x < COLS && row[x] === '#') x += 1;
      ctx.fillRect(start * c, y * c, (x - start) * c, c + 0.5);
    }
  });
}

const centre = (p, c) => [p.x * c + c / 2, p.y * c + c / 2];

function drawThread(ctx, s, c) {
  if (s.thread.length === 0) return;
  ctx.strokeStyle = '#ff5fa2';
  ctx.lineWidth = Math.max(2, c * 0.35);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  s.thread.forEach((p, i) => {
    const [x, y] = centre(p, c);
    if (i) ctx.lineTo(x, y);
    else ctx.moveTo(x, y);
  });
  const [sx, sy] = centre(s.spinner, c);
  ctx.lineTo(sx, sy);
  ctx.stroke();
}

function drawSpark(ctx, spark, c) {
  if (!spark) return;
  const [x, y] = centre(spark, c);
  ctx.save();
  ctx.shadowColor = '#ffb000';
  ctx.shadowBlur = c * 1.5;
  ctx.fillStyle = '#ffe066';
  ctx.beginPath();
  ctx.arc(x, y, c * 0.55, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

function drawMoth(ctx, m, c) {
  const [x, y] = centre(m, c);
  ctx.fillStyle = '#c9a7ff';
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(x + side * c * 0.32, y, c * 0.36, c * 0.5, side * 0.5, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = '#3b2a5c';
  ctx.fillRect(x - c * 0.08, y - c * 0.4, c * 0.16, c * 0.8);
}

function drawBeetle(ctx, b, c) {
  const [x, y] = centre(b, c);
  ctx.strokeStyle = '#2a0d0d';
  ctx.lineWidth = Math.max(1, c * 0.1);
  ctx.beginPath();
  for (const dy of [-0.3, 0, 0.3]) {
    ctx.moveTo(x - c * 0.6, y + dy * c);
    ctx.lineTo(x + c * 0.6, y + dy * c);
  }
  ctx.stroke();
  ctx.fillStyle = '#d2452f';
  ctx.beginPath();
  ctx.ellipse(x, y, c * 0.42, c * 0.5, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#2a0d0d';
  ctx.beginPath();
  ctx.moveTo(x, y - c * 0.5);
  ctx.lineTo(x, y + c * 0.5);
  ctx.stroke();
}

function drawSpinner(ctx, s, c) {
  const [x, y] = centre(s.spinner, c);
  const blink = s.invulnerable > 0 && Math.floor(s.tick / 6) % 2 === 0;
  ctx.save();
  ctx.shadowColor = '#7cc4ff';
  ctx.shadowBlur = c;
  ctx.fillStyle = blink ? 'rgba(255, 255, 255, 0.45)' : '#ffffff';
  ctx.beginPath();
  ctx.arc(x, y, c * 0.62, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  if (s.heading !== null && s.heading !== undefined) {
    ctx.strokeStyle = '#1d6fd1';
    ctx.lineWidth = Math.max(1.5, c * 0.22);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + DX[s.heading] * c * 0.9, y + DY[s.heading] * c * 0.9);
    ctx.stroke();
  }
}

// Draws `drawOne(ctx, {x: 0, y: 0}, c)` centred in an s-pixel swatch.
function inSwatch(drawOne, thing = {}) {
  return (ctx, s) => {
    const c = s * 0.5;
    ctx.translate((s - c) / 2, (s - c) / 2);
    drawOne(ctx, { x: 0, y: 0, ...thing }, c);
  };
}

function cellSwatch(colour) {
  return (ctx, s) => {
    ctx.fillStyle = colour;
    ctx.fillRect(s * 0.15, s * 0.15, s * 0.7, s * 0.7);
    ctx.strokeStyle = '#3a4260';
    ctx.strokeRect(s * 0.15, s * 0.15, s * 0.7, s * 0.7);
  };
}

// One swatch per thing drawn: silk, open field, the thread, the spinner, moths, beetles, spark.
const legend = [
  { label: 'woven silk', draw: cellSwatch('#d9c9a3') },
  { label: 'open field (still to weave)', draw: cellSwatch('#0c0f19') },
  {
    label: 'live thread',
    draw: (ctx, s) => {
      ctx.strokeStyle = '#ff5fa2';
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(s * 0.15, s * 0.8);
      ctx.lineTo(s * 0.15, s * 0.3);
      ctx.lineTo(s * 0.85, s * 0.3);
      ctx.stroke();
    },
  },
  {
    label: 'spinner and heading (blinks while shielded)',
    draw: (ctx, s) => {
      const c = s * 0.5;
      ctx.translate((s - c) / 2, (s - c) / 2);
      drawSpinner(ctx, { spinner: { x: 0, y: 0 }, heading: 1, invulnerable: 0, tick: 0 }, c);
    },
  },
  { label: 'moth', draw: inSwatch(drawMoth) },
  { label: 'beetle', draw: inSwatch(drawBeetle) },
  { label: 'spark (burns along the thread)', draw: inSwatch(drawSpark) },
];

function draw(ctx, answer, width) {
  const s = answer.state;
  const c = width / COLS;
  drawField(ctx, s.grid, c);
  drawThread(ctx, s, c);
  drawSpark(ctx, s.spark, c);
  for (const b of s.beetles) drawBeetle(ctx, b, c);
  for (const m of s.moths) drawMoth(ctx, m, c);
  drawSpinner(ctx, s, c);
}

function counters(answer) {
  const p = answer.observation.player;
  const heading = answer.state.heading;
  return [
    { id: 'score', label: 'Score', value: p.score, wide: true },
    { id: 'panel', label: 'Panel', value: p.panel },
    { id: 'spools', label: 'Spools', value: `${p.spools}/4` },
    { id: 'coverage', label: 'Coverage', value: `${p.coveragePct}%` },
    { id: 'target', label: 'Target', value: `${p.targetPct}%` },
    { id: 'spinner', label: 'Spinner', value: `${p.spinnerX},${p.spinnerY}` },
    { id: 'heading', label: 'Heading', value: heading === null ? 'released' : HEADING_NAMES[heading], wide: true },
    { id: 'thread', label: 'Thread', value: p.threadLength },
    { id: 'moths', label: 'Moths', value: p.moths },
    { id: 'beetles', label: 'Beetles', value: p.beetles },
    { id: 'shield', label: 'Shield', value: p.invulnerable },
    { id: 'tick', label: 'Tick', value: p.tick },
  ];
}

function keyAction(key, answer) {
  const status = answer.state.status;
  if (key in HEADINGS) return { type: 'setHeading', dir: HEADINGS[key] };
  if ((key === 'Enter' || key === ' ') && status === 'waiting') return { type: 'start' };
  if ((key === ' ' || key === 'x' || key === 'X') && status === 'running') return { type: 'release' };
  if ((key === 'Enter' || key === 'n' || key === 'N') && status === 'stageClear') return { type: 'nextStage' };
  if (key === 'Escape') return { type: 'endRun' };
  return null;
}

// Touch: a swipe sets the heading, a tap on the board releases; buttons start the panel, open the
// next one and end the run.
const touch = {
  legend: [
    ['Swipe ← ↑ → ↓', 'set the heading'],
    ['Tap board', 'release (stand still)'],
    ['Start', 'start the panel'],
    ['Next panel', 'next panel (at panel clear)'],
    ['End', 'end the run, keep the score'],
  ],
  gesture: (g, answer) => {
    if (g.kind === 'swipe') return { type: 'setHeading', dir: g.dir };
    return answer.state.status === 'running' ? { type: 'release' } : null;
  },
  buttons: [
    { id: 'start', label: 'Start', action: (a) => (a.state.status === 'waiting' ? { type: 'start' } : null) },
    { id: 'next', label: 'Next panel', action: (a) => (a.state.status === 'stageClear' ? { type: 'nextStage' } : null) },
    { id: 'end', label: 'End', action: () => ({ type: 'endRun' }) },
  ],
};

// The ghost's spinner and thread, translucent.
function drawGhost(ctx, answer, width) {
  const c = width / COLS;
  ctx.save();
  ctx.globalAlpha = 0.4;
  drawThread(ctx, answer.state, c);
  drawSpinner(ctx, { ...answer.state, invulnerable: 0 }, c);
  ctx.restore();
}

export default {
  tickRate: 60,
  touch,
  drawGhost,
  aspect: COLS / ROWS,
  controls: [
    ['← ↑ → ↓', 'set the heading'],
    ['Space / X', 'release (stand still)'],
    ['Enter / Space', 'start the panel'],
    ['N / Enter', 'next panel (at panel clear)'],
    ['Esc', 'end the run, keep the score'],
    ['P', 'pause'],
  ],
  keyAction,
  clockRunning: (answer) => answer.state.status === 'running',
  status: (answer) => answer.state.status,
  banner: (answer, touch) => {
    const status = answer.state.status;
    if (status === 'waiting') return touch ? 'Start to begin · swipe to steer' : 'Enter or Space to start · arrows steer';
    if (status === 'stageClear') return touch ? 'Panel clear! Next panel, or End' : 'Panel clear! N or Enter: next panel · Esc: end run';
    return '';
  },
  counters,
  draw,
  legend,
};
