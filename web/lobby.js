// The lobby: one card per game of /api/games, with the best local score, the useful links, today's
// challenge (with races against its best person and best agent), the top five (each with a Race
// link) and this browser's own runs.
import { listGames } from './api.js';
import { fetchBoard, fetchDaily, raceUrl, replayUrl } from './boards.js';
import { showMyRuns } from './myruns.js';
import { bestScore } from './scores.js';

function element(tag, attrs = {}, text = '') {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

function gameCard(game) {
  const card = element('li', { class: 'game-card', 'data-slug': game.slug });
  const title = element('h2');
  title.append(element('a', { href: `/play/${game.slug}` }, game.name));
  card.append(title);
  card.append(element('p', { class: 'genre' }, game.genre || ''));
  card.append(element('p', { class: 'description' }, game.description));
  const best = bestScore(game.slug);
  card.append(element('p', { class: 'best' }, best === null ? 'No local best yet' : `Best here: ${best}`));
  const links = element('p', { class: 'links' });
  links.append(element('a', { class: 'play', href: `/play/${game.slug}` }, 'Play'));
  links.append(element('a', { href: `/docs/api/${game.slug}` }, 'Rules and API'));
  links.append(element('a', { href: `/leaderboard/${game.slug}` }, 'Leaderboard'));
  links.append(element('a', { href: `${game.initUrl}?seed=1` }, 'init JSON'));
  card.append(links);
  const daily = element('p', { class: 'daily' });
  card.append(daily);
  const top = element('ol', { class: 'top-five', 'aria-label': `${game.name}: top five` });
  card.append(top);
  card.append(element('h3', { class: 'my-runs-title' }, 'Your runs'));
  const mine = element('ol', { class: 'my-runs', 'aria-label': `${game.name}: your runs` });
  card.append(mine);
  showMyRuns(mine, game.slug);
  showDaily(game.slug, daily);
  showTopFive(game.slug, top);
  return card;
}

// "Today's challenge": the day's seed, the same for everyone, with its own board.
async function showDaily(slug, paragraph) {
  try {
    const daily = await fetchDaily(slug);
    paragraph.append(
      element('a', { class: 'daily-link', href: `/play/${slug}?seed=${daily.seed}` }, "Today's challenge"),
      element('span', { class: 'muted' }, ` seed ${daily.seed} · ${daily.date}`),
    );
    const races = element('span', { class: 'race-links' });
    paragraph.append(races);
    await Promise.all([
      raceTheBest(slug, 'human', 'Race the best person', races),
      raceTheBest(slug, 'agent', 'Race the best agent', races),
    ]);
  } catch {
    paragraph.remove();
  }
}

// A link racing today's best run of `kind` (human or agent), or a note that there is none yet.
async function raceTheBest(slug, kind, label, holder) {
  const board = await fetchBoard(slug, { kind, daily: 'today', limit: 1 });
  const best = board.entries[0];
  if (!best) {
    holder.append(element('span', { class: `muted race-${kind}` }, `${label}: no run today yet`));
    return;
  }
  holder.append(element('a', { class: `race-${kind}`, href: raceUrl(slug, best.seed, best.id) }, `${label} (${best.name}, ${best.score})`));
}

// The all-time top five (people and agents), each linking to its replay.
async function showTopFive(slug, list) {
  try {
    const board = await fetchBoard(slug, { kind: 'all', limit: 5 });
    if (board.entries.length === 0) {
      list.replaceWith(element('p', { class: 'top-five empty' }, 'No verified runs yet: be the first.'));
      return;
    }
    list.replaceChildren(
      ...board.entries.map((entry) => {
        const item = element('li', { value: String(entry.rank) });
        item.append(element('a', { href: replayUrl(entry.id) }, entry.name));
        item.append(element('span', { class: 'score' }, ` ${entry.score}`));
        if (entry.kind === 'agent') item.append(element('span', { class: 'kind' }, ' agent'));
        item.append(' ', element('a', { class: 'race', href: raceUrl(slug, entry.seed, entry.id) }, 'Race'));
        return item;
      }),
    );
  } catch {
    list.remove();
  }
}

async function showGames() {
  const list = document.getElementById('games');
  try {
    const index = await listGames();
    document.getElementById('intro').textContent = index.description;
    list.replaceChildren(...index.games.map(gameCard));
  } catch (error) {
    list.replaceChildren(element('li', { class: 'error' }, `Could not load the games: ${error.message}`));
  }
}

showGames();
