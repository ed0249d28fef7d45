// Sizing a canvas to its box at the device pixel ratio, keeping the board's aspect ratio and
// fitting the window's height.

// Resizes `canvas` for a board of `aspect` (width / height) inside the element `area`; answers
// {ctx, width, height} in CSS pixels, with the context scaled so drawing code works in those units.
// `reserve` is the height kept free below the board (the touch buttons). Never wider than `area`.
export function fitCanvas(canvas, area, aspect, reserve = 0) {
  const box = area.getBoundingClientRect();
  const maxHeight = Math.max(160, window.innerHeight - canvas.getBoundingClientRect().top - 16 - reserve);
  const width = Math.max(Math.min(200, box.width), Math.min(box.width, maxHeight * aspect));
  const height = width / aspect;
  const ratio = window.devicePixelRatio || 1;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return { ctx, width, height };
}
