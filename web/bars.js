// Normalised scores drawn as bars in inline SVG. One fixed axis for every bar of a page, from
// -0.5 to 1.5, so bars compare down a column: a faint line marks 0 (plays like the random agent)
// and a dashed one 1 (plays like our planner). A value past either end is drawn to the end with
// an arrowhead; a null value draws the empty axis with "n/a". The 95% interval is a whisker.

const SVG = 'http://www.w3.org/2000/svg';
const LOW = -0.5;
const HIGH = 1.5;
const WIDTH = 132;
const HEIGHT = 18;
const PAD = 5;
const BAR_TOP = 4;
const BAR_HEIGHT = 10;

function svgNode(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

// The x of `value` on the axis, held inside it.
function xOf(value) {
  const held = Math.min(HIGH, Math.max(LOW, value));
  return PAD + ((held - LOW) / (HIGH - LOW)) * (WIDTH - 2 * PAD);
}

// `value` with two decimals, or "n/a" for null.
export function formatNormalised(value) {
  return value === null || value === undefined ? 'n/a' : value.toFixed(2);
}

function describe(value, ci95) {
  if (value === null || value === undefined) return 'normalised score: n/a';
  const interval = ci95 ? `, 95% interval ${ci95[0].toFixed(2)} to ${ci95[1].toFixed(2)}` : '';
  return `normalised score ${value.toFixed(2)}${interval}`;
}

// Answers an <svg class="score-bar"> for a normalised `value` (a number or null) and its `ci95`
// ([lo, hi] or null). Its data-value is the value's text ("null" for none), for tests and styles.
export function normalisedBar(value, ci95 = null) {
  const known = value !== null && value !== undefined && Number.isFinite(value);
  const text = describe(known ? value : null, known ? ci95 : null);
  const svg = svgNode('svg', {
    class: 'score-bar', width: WIDTH, height: HEIGHT, viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: 'img', 'aria-label': text,
  });
  svg.dataset.value = known ? String(value) : 'null';
  const title = svgNode('title');
  title.textContent = text;
  svg.append(title);
  svg.append(svgNode('rect', { class: 'track', x: PAD, y: BAR_TOP, width: WIDTH - 2 * PAD, height: BAR_HEIGHT, rx: 2 }));
  const zero = xOf(0);
  const one = xOf(1);
  if (known) {
    const end = xOf(value);
    svg.append(svgNode('rect', {
      class: value < 0 ? 'fill negative' : 'fill', x: Math.min(zero, end), y: BAR_TOP,
      width: Math.max(1, Math.abs(end - zero)), height: BAR_HEIGHT,
    }));
    if (value > HIGH) svg.append(arrow(WIDTH - PAD, 1));
    if (value < LOW) svg.append(arrow(PAD, -1));
  }
  svg.append(svgNode('line', { class: 'zero', x1: zero, x2: zero, y1: 1, y2: HEIGHT - 1 }));
  svg.append(svgNode('line', { class: 'one', x1: one, x2: one, y1: 1, y2: HEIGHT - 1 }));
  if (known && ci95) svg.append(whisker(ci95));
  if (!known) {
    const none = svgNode('text', { class: 'none', x: WIDTH / 2, y: BAR_TOP + BAR_HEIGHT - 1, 'text-anchor': 'middle' });
    none.textContent = 'n/a';
    svg.append(none);
  }
  return svg;
}

// An arrowhead at `x` pointing right (direction 1) or left (-1): the value is past the axis.
function arrow(x, direction) {
  const back = x - direction * 6;
  const mid = BAR_TOP + BAR_HEIGHT / 2;
  return svgNode('polygon', { class: 'past', points: `${x},${mid} ${back},${BAR_TOP - 2} ${back},${BAR_TOP + BAR_HEIGHT + 2}` });
}

// The 95% interval as a horizontal line with end ticks, held inside the axis.
function whisker([lo, hi]) {
  const group = svgNode('g', { class: 'ci' });
  const mid = BAR_TOP + BAR_HEIGHT / 2;
  const a = xOf(lo);
  const b = xOf(hi);
  group.append(svgNode('line', { x1: a, x2: b, y1: mid, y2: mid }));
  group.append(svgNode('line', { x1: a, x2: a, y1: mid - 3, y2: mid + 3 }));
  group.append(svgNode('line', { x1: b, x2: b, y1: mid - 3, y2: mid + 3 }));
  return group;
}
