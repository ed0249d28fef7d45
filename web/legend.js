// The legend beside a board: one small drawing per thing the board shows, drawn by the game's own
// drawing code (each game module's `legend`: [{label, draw(ctx, size)}]).

const SIZE = 26; // CSS pixels per swatch

// Fills `list` with the items' swatches and labels.
export function showLegend(list, items) {
  list.replaceChildren();
  const ratio = window.devicePixelRatio || 1;
  for (const item of items) {
    const entry = document.createElement('li');
    const swatch = document.createElement('canvas');
    swatch.width = Math.round(SIZE * ratio);
    swatch.height = Math.round(SIZE * ratio);
    swatch.style.width = `${SIZE}px`;
    swatch.style.height = `${SIZE}px`;
    const ctx = swatch.getContext('2d');
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = '#0c0f19';
    ctx.fillRect(0, 0, SIZE, SIZE);
    ctx.save();
    item.draw(ctx, SIZE);
    ctx.restore();
    const label = document.createElement('span');
    label.textContent = item.label;
    entry.append(swatch, label);
    list.append(entry);
  }
}
