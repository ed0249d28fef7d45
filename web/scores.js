// Best local scores, kept in this browser's localStorage per game.

const key = (slug) => `gameboard.best.${slug}`;

export function bestScore(slug) {
  try {
    const value = Number(localStorage.getItem(key(slug)));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

// Records `score` when it is above 0 and beats the stored best; answers true for a new best.
export function recordScore(slug, score) {
  const best = bestScore(slug);
  if (score <= 0 || (best !== null && best >= score)) return false;
  try {
    localStorage.setItem(key(slug), String(score));
  } catch {
    return false;
  }
  return true;
}
