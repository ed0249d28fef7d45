// Glimfall: the Collar of 12 brackets seen down the shaft, the Glim on its bracket, ribs climbing
// as concentric rings (drawn as they will be on arrival), motes on their brackets. 30 ticks/s.

const BRACKETS = 12;
const DEPTH = 60; // ticks at which a rib is drawn at half the Collar's radius

// Rib rows of the observation strip: 12 cells of '.' open / '#' stone as on arrival.
const RIB_ROW = /^([.#]{12}) t(\d+) #(\d+) (\w+)(?: (bright|beacon)@(\d+))?$/;

function ribsOnArrival(text) {
  const ribs = [];
  for (const line of text.split('\n')) {
    const m = RIB_ROW.exec(line);
    if (m) ribs.push({ cells: m[1], t: Number(m[2]), kind: m[4], special: m[6] === undefined ? -1 : Number(m[6]) });
  }
  return ribs;
}

const angleOf = (bracket) => -Math.PI / 2 + (bracket * Math.PI * 2) / BRACKETS;
const radiusAt = (ticks, collar) => (collar * DEPTH) / (DEPTH + Math.max(0, ticks));

function drawRib(ctx, cx, cy, rib, collar) {
  const r = radiusAt(rib.t, collar);
  const half = Math.PI / BRACKETS;
  const width = Math.max(2, r * 0.09);
  for (let b = 0; b < BRACKETS; b += 1) {
    const a = angleOf(b);
    const open = rib.cells[b] === '.';
    const special = b === rib.special;
    ctx.beginPath();
    ctx.arc(cx, cy, r, a - half * 0.92, a + half * 0.92);
    if (special) {
      ctx.strokeStyle = '#ffd447';
      ctx.lineWidth = width * 0.8;
    } else if (open) {
      ctx.strokeStyle = 'rgba(124, 196, 255, 0.18)';
      ctx.lineWidth = Math.max(1, width * 0.25);
    } else {
      ctx.strokeStyle = '#8d7f70';
      ctx.lineWidth = width;
    }
    ctx.stroke();
  }
}

function drawCollar(ctx, cx, cy, collar) {
  const half = Math.PI / BRACKETS;
  ctx.lineWidth = Math.max(3, collar * 0.05);
  for (let b = 0; b < BRACKETS; b += 1) {
    const a = angleOf(b);
    ctx.strokeStyle = '#2c3a5c';
    ctx.beginPath();
    ctx.arc(cx, cy, collar, a - half * 0.85, a + half * 0.85);
    ctx.stroke();
    ctx.fillStyle = '#9aa6c0';
    ctx.font = `${Math.max(10, collar * 0.065)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(b), cx + Math.cos(a) * collar * 1.17, cy + Math.sin(a) * collar * 1.17);
  }
}

function drawGlim(ctx, cx, cy, collar, s) {
  const a = angleOf(s.bracket);
  const x = cx + Math.cos(a) * collar;
  const y = cy + Math.sin(a) * collar;
  const r = Math.max(6, collar * 0.07);
  const settling = s.settle > 0;
  ctx.save();
  ctx.globalAlpha = settling && Math.floor(s.tick / 4) % 2 ? 0.45 : 1;
  ctx.shadowColor = '#ffc93c';
  ctx.shadowBlur = r * 2.5;
  ctx.fillStyle = '#ffc93c';
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(x, y, r * 0.55, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  if (s.turnLock > 0) {
    ctx.strokeStyle = '#ff9a3d';
    ctx.lineWidth = Math.max(2, r * 0.3);
    ctx.beginPath();
    ctx.arc(x, y, r * 1.6, -Math.PI / 2, -Math.PI / 2 + (Math.PI * 2 * s.turnLock) / 6);
    ctx.stroke();
  }
}

function drawMotes(ctx, cx, cy, collar, s) {
  for (const m of s.motes) {
    if (m.state !== 'pending' || m.tick < s.tick) continue;
    const r = radiusAt(m.tick - s.tick, collar);
    const a = angleOf(m.bracket);
    const rich = m.value > 10;
    ctx.fillStyle = rich ? '#ffd447' : '#6cf2ff';
    ctx.beginPath();
    ctx.arc(cx + Math.cos(a) * r, cy + Math.sin(a) * r, Math.max(2, (r / collar) * (rich ? 9 : 6)), 0, Math.PI * 2);
    ctx.fill();
  }
}

function draw(ctx, answer, width, height) {
  const s = answer.state;
  const cx = width / 2;
  const cy = height / 2;
  const collar = Math.min(width, height) * 0.4;
  const shaft = ctx.createRadialGradient(cx, cy, 0, cx, cy, collar * 1.25);
  shaft.addColorStop(0, '#000000');
  shaft.addColorStop(1, '#1c1526');
  ctx.fillStyle = '#0a0812';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = shaft;
  ctx.beginPath();
  ctx.arc(cx, cy, collar * 1.25, 0, Math.PI * 2);
  ctx.fill();
  const ribs = ribsOnArrival(answer.observation.text).sort((a, b) => b.t - a.t);
  for (const rib of ribs) drawRib(ctx, cx, cy, rib, collar);
  drawMotes(ctx, cx, cy, collar, s);
  drawCollar(ctx, cx, cy, collar);
  drawGlim(ctx, cx, cy, collar, s);
}

// An arc of the given colour and width across the swatch, as brackets are drawn.
function arcSwatch(ctx, s, colour, width) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.arc(s / 2, s * 1.1, s * 0.75, -Math.PI / 2 - 0.4, -Math.PI / 2 + 0.4);
  ctx.stroke();
}

function dotSwatch(ctx, s, colour, r) {
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.arc(s / 2, s / 2, r, 0, Math.PI * 2);
  ctx.fill();
}

// One swatch per thing drawn: the Glim, its lock, the Collar, rib brackets, motes.
const legend = [
  { label: 'the Glim (blinks while settling)', draw: (ctx, s) => drawGlim(ctx, s / 2, s * 0.95, s * 0.45, { bracket: 0, settle: 0, tick: 0, turnLock: 0 }) },
  {
    label: 'ratchet lock (no turn until it closes)',
    draw: (ctx, s) => {
      ctx.strokeStyle = '#ff9a3d';
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.arc(s / 2, s / 2, s * 0.32, -Math.PI / 2, Math.PI * 0.8);
      ctx.stroke();
    },
  },
  { label: 'Collar bracket (numbered 0-11)', draw: (ctx, s) => arcSwatch(ctx, s, '#2c3a5c', 4) },
  { label: 'rib: stone bracket', draw: (ctx, s) => arcSwatch(ctx, s, '#8d7f70', 4) },
  { label: 'rib: open bracket', draw: (ctx, s) => arcSwatch(ctx, s, 'rgba(124, 196, 255, 0.5)', 1.5) },
  { label: 'bright break or beacon', draw: (ctx, s) => arcSwatch(ctx, s, '#ffd447', 3.5) },
  { label: 'mote', draw: (ctx, s) => dotSwatch(ctx, s, '#6cf2ff', 4) },
  { label: 'rich mote', draw: (ctx, s) => dotSwatch(ctx, s, '#ffd447', 6) },
];

function counters(answer) {
  const p = answer.observation.player;
  return [
    { id: 'score', label: 'Score', value: p.score, wide: true },
    { id: 'sparks', label: 'Sparks', value: `${p.sparks}/3` },
    { id: 'blaze', label: 'Blaze', value: p.blaze },
    { id: 'multiplier', label: 'Multiplier', value: `×${p.multiplier}` },
    { id: 'bracket', label: 'Bracket', value: p.bracket },
    { id: 'turnLock', label: 'Turn lock', value: p.turnLock },
    { id: 'reachable', label: 'Reachable', value: p.bracketsReachable },
    { id: 'reach', label: 'Reach', value: p.reach },
    { id: 'ribs', label: 'Ribs down', value: p.ribsDescended },
    { id: 'settle', label: 'Settle', value: p.settle },
    { id: 'tick', label: 'Tick', value: p.tick },
  ];
}

function keyAction(key, answer) {
  const waiting = answer.state.status === 'waiting';
  if (key === 'ArrowLeft') return { type: 'rotate', dir: -1 };
  if (key === 'ArrowRight') return { type: 'rotate', dir: 1 };
  if ((key === 'Enter' || key === ' ') && waiting) return { type: 'start' };
  return null;
}

// Touch: a tap on the left half rotates counter-clockwise, on the right half clockwise; a Start
// button starts the fall.
const touch = {
  legend: [
    ['Tap left / right half', 'step the Glim one bracket'],
    ['Start', 'start the fall'],
  ],
  gesture: (g) => (g.kind === 'tap' ? { type: 'rotate', dir: g.x < 0.5 ? -1 : 1 } : null),
  buttons: [
    { id: 'start', label: 'Start', action: (a) => (a.state.status === 'waiting' ? { type: 'start' } : null) },
  ],
};

// The ghost's Glim, translucent, on its bracket.
function drawGhost(ctx, answer, width, height) {
  const s = answer.state;
  const a = angleOf(s.bracket);
  const collar = Math.min(width, height) * 0.4;
  const r = Math.max(6, collar * 0.07);
  ctx.save();
  ctx.globalAlpha = 0.45;
  ctx.fillStyle = '#b48cff';
  ctx.beginPath();
  ctx.arc(width / 2 + Math.cos(a) * collar, height / 2 + Math.sin(a) * collar, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

export default {
  tickRate: 30,
  touch,
  drawGhost,
  aspect: 1,
  controls: [
    ['← →', 'step the Glim one bracket (6-tick lock)'],
    ['Enter / Space', 'start the fall'],
    ['P', 'pause'],
  ],
  keyAction,
  clockRunning: (answer) => answer.state.status === 'running',
  status: (answer) => answer.state.status,
  banner: (answer, touch) => {
    if (answer.state.status !== 'waiting') return '';
    return touch ? 'Start to begin · tap left or right to line up first' : 'Enter or Space to start · ← → to line up first';
  },
  counters,
  draw,
  legend,
};
