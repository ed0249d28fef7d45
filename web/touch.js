// Touch controls of the play page: swipes and taps on the board, and on-screen buttons below it.
// A gesture is decided on pointer events (down, then up), never per animation frame, so a swipe is
// a swipe however fast or slow the page draws. The board never scrolls or zooms under a gesture
// (CSS touch-action: none, and preventDefault on the touch events).

const SWIPE_PX = 24; // shortest travel that counts as a swipe; anything shorter is a tap

// True on a touch screen (a coarse pointer or any touch point).
export function isTouchScreen() {
  return (
    (typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches) ||
    navigator.maxTouchPoints > 0 ||
    'ontouchstart' in window
  );
}

// The gesture from a pointer's start and end: {kind: 'swipe', dir: 0 up, 1 right, 2 down,
// 3 left} or {kind: 'tap', x, y} with x and y as fractions of the board (0..1).
export function classify(start, end, box) {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.hypot(dx, dy) >= SWIPE_PX) {
    if (Math.abs(dx) > Math.abs(dy)) return { kind: 'swipe', dir: dx > 0 ? 1 : 3 };
    return { kind: 'swipe', dir: dy > 0 ? 2 : 0 };
  }
  return { kind: 'tap', x: (start.x - box.left) / box.width, y: (start.y - box.top) / box.height };
}

// Listens for touch (and pen) gestures on `board`; `onGesture(gesture)` gets each one once.
export function listenGestures(board, onGesture) {
  const starts = new Map();
  board.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse') return;
    event.preventDefault();
    starts.set(event.pointerId, { x: event.clientX, y: event.clientY });
  });
  board.addEventListener('pointerup', (event) => {
    const start = starts.get(event.pointerId);
    if (!start) return;
    starts.delete(event.pointerId);
    event.preventDefault();
    onGesture(classify(start, { x: event.clientX, y: event.clientY }, board.getBoundingClientRect()));
  });
  board.addEventListener('pointercancel', (event) => starts.delete(event.pointerId));
  const hold = (event) => event.preventDefault();
  for (const type of ['touchstart', 'touchmove', 'touchend', 'gesturestart']) {
    board.addEventListener(type, hold, { passive: false });
  }
}

// Draws the game's buttons (touch.buttons: [{id, label, action(answer)}]) in `bar`; a press
// calls `onPress(button)`. Buttons whose action is null for the current answer are disabled.
export function showButtons(bar, buttons, onPress) {
  bar.replaceChildren();
  for (const button of buttons) {
    const node = document.createElement('button');
    node.type = 'button';
    node.dataset.touch = button.id;
    node.textContent = button.label;
    node.addEventListener('click', (event) => {
      event.preventDefault();
      onPress(button);
    });
    bar.append(node);
  }
}

// Enables exactly the buttons that have an action now (`enabled(button)` true).
export function refreshButtons(bar, buttons, enabled) {
  for (const button of buttons) {
    const node = bar.querySelector(`[data-touch="${button.id}"]`);
    if (node) node.disabled = !enabled(button);
  }
}
