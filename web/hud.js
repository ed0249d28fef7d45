// The DOM around the canvas: the counters, the controls list and the refusal notice.

// Shows `counters` ([{id, label, value, wide?}]) in `list`, reusing one cell per id.
export function showCounters(list, counters) {
  const wanted = new Set(counters.map((c) => c.id));
  for (const cell of [...list.children]) {
    if (!wanted.has(cell.dataset.counter)) cell.remove();
  }
  for (const counter of counters) {
    let cell = list.querySelector(`[data-counter="${counter.id}"]`);
    if (!cell) {
      cell = document.createElement('div');
      cell.className = counter.wide ? 'counter wide' : 'counter';
      cell.dataset.counter = counter.id;
      cell.append(document.createElement('dt'), document.createElement('dd'));
      list.append(cell);
    }
    cell.children[0].textContent = counter.label;
    cell.children[1].textContent = String(counter.value);
  }
}

// Lists the game's keys: controls is [[keys, what they do], ...].
export function showControls(list, controls) {
  list.replaceChildren();
  for (const [keys, what] of controls) {
    const term = document.createElement('dt');
    term.textContent = keys;
    const description = document.createElement('dd');
    description.textContent = what;
    list.append(term, description);
  }
}

// A short message that fades by itself (refusal reasons, errors stay until replaced).
export function makeNotice(element) {
  let timer = null;
  return (text, { sticky = false } = {}) => {
    element.textContent = text;
    clearTimeout(timer);
    if (!sticky) timer = setTimeout(() => (element.textContent = ''), 2500);
  };
}
