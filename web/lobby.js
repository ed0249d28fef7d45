// The lobby: one card per game of /api/games, with the best local score and the useful links.
import { listGames } from './api.js';
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
  links.append(element('a', { href: `${game.initUrl}?seed=1` }, 'init JSON'));
  card.append(links);
  return card;
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
