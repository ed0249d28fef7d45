// Stormlark: the 7-lane by 10-column canyon, the ship in column 0, one key = one turn.

const LANES = 7;
const COLS = 10;

const KEYS = {
  ArrowUp: 'UP',
  ArrowDown: 'DOWN',
  ' ': 'FIRE',
  v: 'VENT',
  V: 'VENT',
  n: 'NEXT_REACH',
  N: 'NEXT_REACH',
  Escape: 'END_RUN',
};

const COLOURS = {
  crag: '#5b5f6b',
  knot: '#ff9a3d',
  drifter: '#3fd6c6',
  rimeshell: '#a9d8ff',
  sparker: '#ffe14d',
  warden: '#ff5d73',
  squall: '#b48cff',
  mote: '#8dff8a',
  gate: '#7cc4ff',
};

function polygon(ctx, points) {
  ctx.beginPath();
  points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
  ctx.closePath();
}

// Draws one entity centred at (x, y) in a cell of size s.
function drawEntity(ctx, e, x, y, s) {
  const r = s * 0.36;
  ctx.fillStyle = COLOURS[e.kind] || '#ffffff';
  ctx.strokeStyle = '#0b0e16';
  ctx.lineWidth = Math.max(1, s * 0.04);
  switch (e.kind) {
    case 'crag':
      polygon(ctx, [[x - r, y + r], [x - r * 0.7, y - r * 0.4], [x - r * 0.1, y - r], [x + r * 0.6, y - r * 0.6], [x + r, y + r * 0.2], [x + r * 0.6, y + r]]);
      ctx.fill();
      ctx.strokeStyle = '#8a8f9c';
      ctx.stroke();
      break;
    case 'knot':
      ctx.beginPath();
      ctx.arc(x, y, r * 0.8, 0, Math.PI * 2);
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(x - r * 0.45, y - r * 0.45);
      ctx.lineTo(x + r * 0.45, y + r * 0.45);
      ctx.moveTo(x + r * 0.45, y - r * 0.45);
      ctx.lineTo(x - r * 0.45, y + r * 0.45);
      ctx.stroke();
      break;
    case 'drifter': {
      polygon(ctx, [[x, y - r], [x + r * 0.8, y], [x, y + r], [x - r * 0.8, y]]);
      ctx.fill();
      const d = e.drift >= 0 ? 1 : -1;
      ctx.fillStyle = '#0b0e16';
      polygon(ctx, [[x - r * 0.3, y - d * r * 0.1], [x + r * 0.3, y - d * r * 0.1], [x, y + d * r * 0.55]]);
      ctx.fill();
      break;
    }
    case 'rimeshell': {
      const hex = [...Array(6)].map((_, i) => [x + r * Math.cos((i * Math.PI) / 3), y + r * Math.sin((i * Math.PI) / 3)]);
      polygon(ctx, hex);
      ctx.fill();
      if (e.hp < 2) {
        ctx.strokeStyle = '#1b2a44';
        ctx.lineWidth = Math.max(1.5, s * 0.05);
        ctx.beginPath();
        ctx.moveTo(x - r * 0.7, y - r * 0.5);
        ctx.lineTo(x - r * 0.1, y - r * 0.05);
        ctx.lineTo(x - r * 0.3, y + r * 0.3);
        ctx.lineTo(x + r * 0.4, y + r * 0.75);
        ctx.moveTo(x - r * 0.1, y - r * 0.05);
        ctx.lineTo(x + r * 0.6, y - r * 0.4);
        ctx.stroke();
      }
      break;
    }
    case 'sparker':
      polygon(ctx, [[x + r * 0.2, y - r], [x - r * 0.6, y + r * 0.1], [x - r * 0.05, y + r * 0.1], [x - r * 0.3, y + r], [x + r * 0.6, y - r * 0.15], [x + r * 0.05, y - r * 0.15]]);
      ctx.fill();
      break;
    case 'warden':
      ctx.fillRect(x - r, y - r, r * 2, r * 2);
      ctx.fillStyle = '#0b0e16';
      for (let i = 0; i < e.hp; i += 1) {
        ctx.fillRect(x - r * 0.75 + i * r * 0.4, y - r * 0.15, r * 0.28, r * 0.3);
      }
      break;
    case 'squall':
      ctx.strokeStyle = COLOURS.squall;
      ctx.lineWidth = Math.max(1.5, s * 0.06);
      for (let i = 1; i <= 3; i += 1) {
        ctx.beginPath();
        ctx.arc(x, y, (r * i) / 3, i, i + Math.PI * 1.3);
        ctx.stroke();
      }
      break;
    case 'mote':
      ctx.shadowColor = COLOURS.mote;
      ctx.shadowBlur = s * 0.3;
      ctx.beginPath();
      ctx.arc(x, y, r * 0.35, 0, Math.PI * 2);
      ctx.fill();
      ctx.shadowBlur = 0;
      break;
    default:
      ctx.beginPath();
      ctx.arc(x, y, r * 0.5, 0, Math.PI * 2);
      ctx.fill();
  }
}

function drawGate(ctx, col, cw, height) {
  const x = col * cw + cw / 2;
  ctx.save();
  ctx.strokeStyle = COLOURS.gate;
  ctx.lineWidth = Math.max(2, cw * 0.08);
  ctx.setLineDash([cw * 0.2, cw * 0.12]);
  ctx.shadowColor = COLOURS.gate;
  ctx.shadowBlur = cw * 0.3;
  ctx.beginPath();
  ctx.moveTo(x, 0);
  ctx.lineTo(x, height);
  ctx.stroke();
  ctx.restore();
}

function drawShip(ctx, lane, cw, ch, hull) {
  const x = cw * 0.5;
  const y = lane * ch + ch / 2;
  const r = Math.min(cw, ch) * 0.38;
  ctx.fillStyle = hull > 0 ? '#f4f7ff' : '#6b7280';
  ctx.shadowColor = '#7cc4ff';
  ctx.shadowBlur = r * 0.8;
  polygon(ctx, [[x + r, y], [x - r * 0.8, y - r * 0.75], [x - r * 0.4, y], [x - r * 0.8, y + r * 0.75]]);
  ctx.fill();
  ctx.shadowBlur = 0;
}

function draw(ctx, answer, width, height) {
  const s = answer.state;
  const cw = width / COLS;
  const ch = height / LANES;
  const sky = ctx.createLinearGradient(0, 0, width, 0);
  sky.addColorStop(0, '#141b2e');
  sky.addColorStop(1, '#0a0d16');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = 'rgba(124, 196, 255, 0.06)';
  ctx.fillRect(0, 0, cw, height);
  ctx.fillRect(0, s.shipLane * ch, width, ch);
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.07)';
  ctx.lineWidth = 1;
  for (let lane = 1; lane < LANES; lane += 1) {
    ctx.beginPath();
    ctx.moveTo(0, lane * ch);
    ctx.lineTo(width, lane * ch);
    ctx.stroke();
  }
  for (let col = 1; col < COLS; col += 1) {
    ctx.beginPath();
    ctx.moveTo(col * cw, 0);
    ctx.lineTo(col * cw, height);
    ctx.stroke();
  }
  const cell = Math.min(cw, ch);
  for (const e of s.entities) {
    if (e.kind === 'gate') continue;
    drawEntity(ctx, e, e.col * cw + cw / 2, e.lane * ch + ch / 2, cell);
  }
  const gate = s.entities.find((e) => e.kind === 'gate');
  if (gate) drawGate(ctx, gate.col, cw, height);
  drawShip(ctx, s.shipLane, cw, ch, s.hull);
}

const KIND_LABELS = {
  crag: 'crag: rock, absorbs a pulse, hitting it costs 1 hull',
  knot: 'knot: one pulse clears it',
  drifter: 'drifter: changes lane (arrow), one pulse clears it',
  rimeshell: 'rimeshell: two pulses (cracked after one)',
  sparker: 'sparker: costs 1 hull when it reaches your lane in column 1',
  warden: 'warden: one pip per pulse it still takes, moves toward your lane',
  squall: 'squall: absorbs a pulse, flying into it drains 3 charge',
  mote: 'mote: fly into it for +3 charge and points',
};

// One swatch per thing drawn: the ship, each entity kind, the Gate.
const legend = [
  { label: 'your ship (its lane is lit)', draw: (ctx, s) => drawShip(ctx, 0, s, s, 3) },
  ...Object.entries(KIND_LABELS).map(([kind, label]) => ({
    label,
    draw: (ctx, s) => drawEntity(ctx, { kind, hp: kind === 'rimeshell' ? 1 : 4, drift: 1 }, s / 2, s / 2, s * 1.2),
  })),
  { label: 'the Gate (reach it to clear the reach)', draw: (ctx, s) => drawGate(ctx, 0, s, s) },
];

function counters(answer) {
  const p = answer.observation.player;
  return [
    { id: 'score', label: 'Score', value: p.score, wide: true },
    { id: 'reach', label: 'Reach', value: p.reach },
    { id: 'hull', label: 'Hull', value: `${p.hull}/3` },
    { id: 'charge', label: 'Charge', value: `${p.charge}/9` },
    { id: 'chain', label: 'Chain', value: p.chain },
    { id: 'chain-mult', label: 'Chain ×', value: (p.chainMultTenths / 10).toFixed(1) },
    { id: 'reach-mult', label: 'Reach ×', value: (p.reachMultQuarters / 4).toFixed(2) },
    { id: 'lane', label: 'Lane', value: p.shipLane },
    { id: 'turn', label: 'Turn', value: p.turn },
    { id: 'gate', label: 'Gate col', value: p.gateCol >= 0 ? p.gateCol : '–' },
    { id: 'flawless', label: 'Flawless', value: p.flawless ? 'yes' : 'no' },
  ];
}

// Touch: a swipe up or down moves a lane, a tap on the board fires; buttons for all six actions.
const touch = {
  legend: [
    ['Swipe ↑ ↓ / ▲ ▼', 'move one lane'],
    ['Tap board / Fire', 'fire a pulse'],
    ['Vent', 'vent: hold, +3 charge'],
    ['Next reach', 'next reach (at a Gate)'],
    ['End', 'end the run, keep the score'],
  ],
  gesture: (g) => {
    if (g.kind === 'tap') return { type: 'FIRE' };
    if (g.dir === 0) return { type: 'UP' };
    if (g.dir === 2) return { type: 'DOWN' };
    return null;
  },
  buttons: [
    { id: 'up', label: '▲', action: () => ({ type: 'UP' }) },
    { id: 'down', label: '▼', action: () => ({ type: 'DOWN' }) },
    { id: 'fire', label: 'Fire', action: () => ({ type: 'FIRE' }) },
    { id: 'vent', label: 'Vent', action: () => ({ type: 'VENT' }) },
    { id: 'next', label: 'Next reach', action: (a) => (a.state.phase === 'reachClear' ? { type: 'NEXT_REACH' } : null) },
    { id: 'end', label: 'End', action: () => ({ type: 'END_RUN' }) },
  ],
};

// The ghost's ship, translucent, in its lane.
function drawGhost(ctx, answer, width, height) {
  ctx.save();
  ctx.globalAlpha = 0.4;
  drawShip(ctx, answer.state.shipLane, width / COLS, height / LANES, answer.state.hull);
  ctx.restore();
}

export default {
  tickRate: 0,
  touch,
  drawGhost,
  clock: (answer) => answer.state.turn,
  aspect: COLS / LANES,
  controls: [
    ['↑ ↓', 'move one lane'],
    ['Space', 'fire a pulse (3 charge)'],
    ['V', 'vent: hold, +3 charge'],
    ['N', 'next reach (at a Gate)'],
    ['Esc', 'end the run, keep the score'],
    ['P', 'pause'],
  ],
  keyAction: (key) => (KEYS[key] ? { type: KEYS[key] } : null),
  clockRunning: () => false,
  status: (answer) => answer.state.phase,
  banner: (answer, touch) => {
    if (answer.state.phase !== 'reachClear') return '';
    return touch ? 'Gate reached! Next reach, or End' : 'Gate reached! N: next reach · Esc: end run';
  },
  counters,
  draw,
  legend,
};
