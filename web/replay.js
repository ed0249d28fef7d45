// Saving a run's replay as a JSON file: {slug, seed, actions, score} (docs/web.md).

export function downloadReplay(replay) {
  const blob = new Blob([JSON.stringify(replay)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `${replay.slug}-seed${replay.seed}-score${replay.score}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
