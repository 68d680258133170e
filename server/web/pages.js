// The pages around the game, readable without signing in: a player's
// profile (`/players/NAME`: ratings per variant and speed with a rating
// graph, record, recent matches linked to their replays) and the
// leaderboard (`/leaderboard?variant=V&speed=S`). Both read the HTTP API;
// nothing here keeps state beyond the page.

import { readApi } from './net.js';
import { el, fill, formatPoints, refusal, svg } from './ui.js';
import { VARIANTS, variantTitle, settingsText } from './settings.js';
import { t } from './i18n.js';

const SPEEDS = ['real_time', 'correspondence'];

/** A link to `name`'s profile, as every name on the site is. */
export function playerLink(name) {
  return el('a', { href: `/players/${encodeURIComponent(name)}`, 'data-link': true, class: 'player-link' }, name);
}

function speedWords(speed) {
  return SPEEDS.includes(speed) ? t(`speed-${speed}`) : speed;
}

function ratingCell(line) {
  return `${Math.round(line.rating)}${line.provisional ? '?' : ''}`;
}

/** The rating after each rated match of one pool, as a line over the matches. */
function ratingGraph(rows, title) {
  const width = 560;
  const height = 180;
  const pad = 34;
  const values = [rows[0].before, ...rows.map((r) => r.rating)];
  const low = Math.floor((Math.min(...values) - 20) / 50) * 50;
  const high = Math.ceil((Math.max(...values) + 20) / 50) * 50;
  const x = (i) => pad + (i * (width - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v) => height - pad / 2 - ((v - low) * (height - pad)) / Math.max(1, high - low);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return svg('svg', { class: 'rating-graph', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': t('graph-label', { title, from: String(Math.round(values[0])), to: String(Math.round(values.at(-1))), count: rows.length }) },
    svg('line', { x1: pad, y1: y(low), x2: width - pad / 2, y2: y(low), class: 'axis' }),
    svg('text', { x: 2, y: y(high) + 4, class: 'axis-label' }, high),
    svg('text', { x: 2, y: y(low) + 4, class: 'axis-label' }, low),
    svg('polyline', { points, class: 'rating-line' }),
    ...values.map((v, i) => svg('circle', { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 3, class: 'rating-point' },
      svg('title', {}, i === 0 ? t('graph-before', { rating: String(Math.round(v)) }) : t('graph-after', { rating: String(Math.round(v)), id: String(rows[i - 1].match_id) })))));
}

export class ProfileView {
  constructor(app, name) {
    this.app = app;
    this.name = name;
    this.root = el('section', { class: 'profile', 'aria-label': t('profile-of', { name }) });
  }

  async start() {
    fill(this.root, el('h2', {}, this.name), el('p', {}, t('loading')));
    let profile;
    try {
      profile = await readApi(`/api/players/${encodeURIComponent(this.name)}`);
    } catch (error) {
      fill(this.root, el('h2', {}, this.name), el('p', { role: 'alert' }, refusal(error)));
      return;
    }
    const ratings = profile.ratings.length === 0
      ? el('p', { class: 'empty' }, t('no-rated-match'))
      : el('table', { class: 'ratings' },
        el('thead', {}, el('tr', {}, el('th', {}, t('column-game')), el('th', {}, t('column-speed')), el('th', {}, t('column-rating')), el('th', {}, t('column-rated-games')))),
        el('tbody', {}, profile.ratings.map((line) => el('tr', {},
          el('td', {}, variantTitle(line.variant)), el('td', {}, speedWords(line.speed)),
          el('td', {}, ratingCell(line)), el('td', {}, String(line.games))))));
    // One graph per pool the history has, most played first.
    const pools = new Map();
    for (const row of profile.rating_history) {
      const key = `${row.variant}/${row.speed}`;
      if (!pools.has(key)) pools.set(key, []);
      pools.get(key).push(row);
    }
    const graphs = [...pools.values()].sort((a, b) => b.length - a.length).map((rows) => {
      const title = t('graph-title', { variant: variantTitle(rows[0].variant), speed: speedWords(rows[0].speed).toLowerCase() });
      return el('figure', {}, ratingGraph(rows, title), el('figcaption', {}, title));
    });
    const record = profile.record;
    const tally = (count) => t('tally', { won: count.won, drawn: count.drawn, lost: count.lost });
    const matches = profile.recent_matches.length === 0
      ? el('p', { class: 'empty' }, t('no-match-yet'))
      : el('ul', { class: 'recent-matches' }, profile.recent_matches.map((m) => {
        const score = m.points ? ` ${formatPoints(m.points[0])}–${formatPoints(m.points[1])}` : t('live-suffix');
        return el('li', {}, playerLink(m.players[0].name), ' – ', playerLink(m.players[1].name), score, ' · ',
          m.settings ? settingsText(m.settings) : '', ' · ',
          el('a', { href: `/matches/${m.match_id}`, 'data-link': true }, t('match-link', { id: String(m.match_id) })));
      }));
    fill(this.root,
      el('h2', {}, profile.name),
      el('h3', {}, t('ratings')), ratings, graphs,
      el('h3', {}, t('record')),
      el('p', { class: 'record' }, t('record-line', { matches: tally(record.matches), games: tally(record.games) })),
      el('h3', {}, t('recent-matches')), matches,
      el('p', {}, el('a', { href: '/leaderboard', 'data-link': true }, t('the-leaderboard'))));
  }

  reconnected() {}

  handle() {}

  destroy() {}
}

export class LeaderboardView {
  constructor(app, variant, speed) {
    this.app = app;
    this.variant = VARIANTS.some((v) => v.id === variant) ? variant : (VARIANTS[0]?.id ?? 'mangala');
    this.speed = SPEEDS.includes(speed) ? speed : 'real_time';
    this.root = el('section', { class: 'leaderboard', 'aria-label': t('nav-leaderboard') });
  }

  async start() {
    const variant = el('select', { id: 'board-variant', onchange: () => this.choose(variant.value, this.speed) },
      VARIANTS.map((v) => el('option', { value: v.id, selected: v.id === this.variant }, variantTitle(v.id))));
    const speed = el('select', { id: 'board-speed', onchange: () => this.choose(this.variant, speed.value) },
      SPEEDS.map((id) => el('option', { value: id, selected: id === this.speed }, speedWords(id))));
    this.table = el('div', {}, el('p', {}, t('loading')));
    fill(this.root, el('h2', {}, t('nav-leaderboard')),
      el('div', { class: 'row' }, el('label', { for: 'board-variant' }, t('form-game')), variant, el('label', { for: 'board-speed' }, t('speed-label')), speed),
      this.table);
    await this.load();
  }

  choose(variant, speed) {
    this.app.navigate(`/leaderboard?variant=${variant}&speed=${speed}`);
  }

  async load() {
    let board;
    try {
      board = await readApi(`/api/leaderboard?variant=${this.variant}&speed=${this.speed}`);
    } catch (error) {
      fill(this.table, el('p', { role: 'alert' }, refusal(error)));
      return;
    }
    if (board.players.length === 0) {
      fill(this.table, el('p', { class: 'empty' }, t('leaderboard-empty')));
      return;
    }
    fill(this.table, el('table', { class: 'leaders' },
      el('thead', {}, el('tr', {}, el('th', {}, '#'), el('th', {}, t('column-player')), el('th', {}, t('column-rating')), el('th', {}, t('column-rated-games')))),
      el('tbody', {}, board.players.map((p) => el('tr', {},
        el('td', {}, String(p.rank)), el('td', {}, playerLink(p.name)),
        el('td', {}, String(Math.round(p.rating))), el('td', {}, String(p.games)))))));
  }

  reconnected() {}

  handle() {}

  destroy() {}
}
