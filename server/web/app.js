// The browser client's entry: sign-in, the connection's state (with the
// "reconnecting" banner), the page for the path (lobby, a match played or
// watched, a replay, an invitation), and what belongs to the player across
// pages: his live matches, his own seeks, his pool place, his challenges.

import { Connection, LobbyFollower, readApi, savedIdentity } from './net.js';
import { LobbyView } from './lobby.js';
import { MatchView } from './match.js';
import { ReplayView } from './replay.js';
import { LeaderboardView, playerLink, ProfileView } from './pages.js';
import { TvView } from './tv.js';
import { RulesView } from './rules.js';
import { TournamentsCard, TournamentsView, TournamentView } from './tournaments.js';
import { applyTheme, el, fill, notify, refusal, saveSettings, settings } from './ui.js';
import { chooseLanguage, language, languages, loadText, t } from './i18n.js';
import { loadVariants, ratingText, settingsText } from './settings.js';

applyTheme();

const main = document.getElementById('main');
const banner = document.getElementById('banner');
const who = document.getElementById('who');
const challengeStrip = document.getElementById('challenges');

const app = {
  conn: null,
  me: null,
  view: null,
  myMatches: new Map(),
  ownSeeks: new Map(),
  challenges: new Map(),
  pool: null,

  navigate(path) {
    if (location.pathname + location.search !== path) history.pushState(null, '', path);
    route();
  },

  isMine(summary) {
    return Boolean(this.me && summary.players.some((p) => p.id === this.me.player_id));
  },

  addChallenge(challenge, direction) {
    this.challenges.set(challenge.challenge_id, { challenge, direction, expiresAt: Date.now() + challenge.expires_in_ms });
    drawChallenges();
  },

  answerChallenge(c, type) {
    this.conn.request({ type, challenge_id: c.challenge.challenge_id }).then(() => {
      this.challenges.delete(c.challenge.challenge_id);
      drawChallenges();
    }, (error) => {
      notify(refusal(error), 'error');
      if (error.code === 'no_such_challenge') {
        this.challenges.delete(c.challenge.challenge_id);
        drawChallenges();
      }
    });
  },
};

/** Pages anyone may read without signing in. */
const PUBLIC_PAGES = new Set(['matches', 'players', 'leaderboard', 'rules', 'tournaments']);

function parseRoute() {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (path === '/tv') return { page: 'tv' };
  if (path === '/rules') return { page: 'rules', variant: null };
  if (path === '/tournaments') return { page: 'tournaments', id: null };
  const tournament = path.match(/^\/tournaments\/([0-9]+)$/);
  if (tournament) {
    const code = new URLSearchParams(location.search).get('code');
    return { page: 'tournaments', id: Number(tournament[1]), code: /^[A-Za-z0-9]{1,64}$/.test(code ?? '') ? code : null };
  }
  const rules = path.match(/^\/rules\/([a-z_]+)$/);
  if (rules) return { page: 'rules', variant: rules[1] };
  if (path === '/leaderboard') {
    const query = new URLSearchParams(location.search);
    return { page: 'leaderboard', variant: query.get('variant'), speed: query.get('speed') };
  }
  const player = path.match(/^\/players\/([^/]+)$/);
  if (player) {
    try {
      return { page: 'players', name: decodeURIComponent(player[1]) };
    } catch {
      return { page: 'lobby' };
    }
  }
  const match = path.match(/^\/(play|watch|matches|invite)\/([A-Za-z0-9]+)$/);
  if (!match) return { page: 'lobby' };
  const [, page, arg] = match;
  if (page === 'invite') return { page, code: arg };
  const id = Number(arg);
  return Number.isSafeInteger(id) ? { page, id } : { page: 'lobby' };
}

function setView(view) {
  stopFollowingLobby();
  app.view?.destroy();
  app.view = view;
  fill(main, view.root);
  view.start();
}

function route() {
  const r = parseRoute();
  if (r.page === 'matches') {
    setView(new ReplayView(app, r.id));
    return;
  }
  if (r.page === 'players') {
    setView(new ProfileView(app, r.name));
    return;
  }
  if (r.page === 'leaderboard') {
    setView(new LeaderboardView(app, r.variant, r.speed));
    return;
  }
  if (r.page === 'rules') {
    setView(new RulesView(app, r.variant));
    return;
  }
  if (r.page === 'tournaments') {
    setView(r.id === null ? new TournamentsView(app) : new TournamentView(app, r.id, r.code));
    return;
  }
  if (!app.me) {
    if (!app.conn?.identity) showSignIn();
    return;
  }
  if (r.page === 'tv') {
    setView(new TvView(app));
    return;
  }
  if (r.page === 'play' || r.page === 'watch') {
    const mine = app.myMatches.has(r.id);
    setView(new MatchView(app, r.id, r.page === 'play' || mine ? 'play' : 'watch'));
  } else if (r.page === 'invite') {
    setView(inviteView(r.code));
  } else {
    setView(new LobbyView(app));
  }
}

function inviteView(code) {
  const result = el('p', { role: 'status' });
  // Who invites, and to what, once the server has said.
  const offer = el('p', { class: 'invite-offer' }, t('invitation-reading'));
  readApi(`/api/invites/${encodeURIComponent(code)}`).then((seek) => {
    fill(offer, playerLink(seek.by.name), seek.rating ? ` (${ratingText(seek.rating)})` : '', t('invitation-offer', { settings: settingsText(seek.settings) }));
  }, (error) => fill(offer, refusal(error)));
  const root = el('section', { class: 'card invite-card', 'aria-label': t('invitation') },
    el('h2', {}, t('invitation-title')),
    offer,
    el('button', {
      type: 'button',
      class: 'primary',
      onclick: () => app.conn.request({ type: 'seek_join', code }).catch((error) => {
        result.textContent = error.code === 'no_such_seek' ? t('invitation-closed') : refusal(error);
      }),
    }, t('invitation-join')),
    ' ',
    el('a', { href: '/', 'data-link': true }, t('go-to-lobby')),
    result);
  return { root, start() {}, destroy() {}, handle() {}, reconnected() {} };
}

function showSignIn(message = '') {
  stopFollowingLobby();
  app.view?.destroy();
  app.view = null;
  const saved = savedIdentity();
  const name = el('input', { type: 'text', id: 'name', name: 'name', autocomplete: 'username', maxlength: '20', required: true, value: saved?.name ?? '' });
  const password = el('input', { type: 'password', id: 'password', autocomplete: 'current-password' });
  const error = el('p', { class: 'refusal', role: 'alert' }, message);
  const form = el('form', {
    class: 'card sign-in',
    'aria-label': t('sign-in'),
    onsubmit: (event) => {
      event.preventDefault();
      const value = name.value.trim();
      if (!value) {
        error.textContent = t('name-needed');
        return;
      }
      error.textContent = '';
      app.conn.signIn(value, password.value || undefined);
    },
  },
  el('h2', {}, t('sign-in-title')),
  el('p', {}, t('sign-in-intro')),
  el('label', { for: 'name' }, t('name')), name,
  el('label', { for: 'password' }, t('password-if-any')), password,
  el('button', { type: 'submit', class: 'primary' }, t('sign-in')),
  error);
  const preview = el('section', { class: 'card lobby-preview', 'aria-labelledby': 'preview-title' },
    el('h2', { id: 'preview-title' }, t('preview-title')), el('p', {}, t('preview-reading')));
  // The tournaments on or coming, read again every 30 s (no socket of its own).
  app.previewTournaments = new TournamentsCard(app);
  fill(main, form, preview, app.previewTournaments.root);
  app.previewTournaments.start();
  drawWho();
  name.focus();
  drawLobbyPreview(preview);
}

/** The signed-out front page's own lobby subscription and tournaments card, while it is shown. */
function stopFollowingLobby() {
  app.follower?.stop();
  app.follower = null;
  app.previewTournaments?.destroy();
  app.previewTournaments = null;
}

/** The signed-out front page reads the featured match at most this often. */
const FEATURED_EVERY_MS = 5000;

/**
 * What is going on, for someone who has not signed in yet: open seeks and
 * live matches, kept live over a socket of its own; the featured match from
 * `GET /api/lobby`, read again when it ends (or when one starts and none was
 * featured), once per change of the live matches and at most every 5 s.
 */
function drawLobbyPreview(preview) {
  let featured = null;
  let reading = false;
  let readFor = null;
  const readFeatured = (lobby) => {
    const live = [...lobby.matches.keys()].join();
    const wanted = featured ? !lobby.matches.has(featured.match_id) : lobby.matches.size > 0;
    if (reading || !wanted || live === readFor) return;
    reading = true;
    readFor = live;
    readApi('/api/lobby').then((read) => {
      featured = read.featured;
      if (app.follower === follower) draw(follower);
    }, () => {}).finally(() => setTimeout(() => {
      reading = false;
      if (app.follower === follower) draw(follower);
    }, FEATURED_EVERY_MS));
  };
  const draw = (lobby) => {
    readFeatured(lobby);
    const shown = featured && lobby.matches.get(featured.match_id);
    const seeks = lobby.seeks.size === 0
      ? el('p', { class: 'empty' }, t('preview-no-seek'))
      : el('ul', {}, [...lobby.seeks.values()].map((seek) => el('li', {}, playerLink(seek.by.name),
        seek.rating ? ` (${ratingText(seek.rating)})` : '', t('preview-seeks', { settings: settingsText(seek.settings) }))));
    const matches = lobby.matches.size === 0
      ? el('p', { class: 'empty' }, t('preview-no-match'))
      : el('ul', {}, [...lobby.matches.values()].map((m) => el('li', {}, playerLink(m.players[0].name), ' – ', playerLink(m.players[1].name),
        t('preview-match', { settings: settingsText(m.settings), game: m.game }))));
    const featuredLine = shown
      ? el('p', { class: 'featured' }, t('preview-featured'), playerLink(shown.players[0].name), ' – ', playerLink(shown.players[1].name),
        t('preview-featured-game', { settings: settingsText(shown.settings), game: shown.game }), el('a', { href: '/tv', 'data-link': true }, t('nav-tv')), t('preview-featured-end'))
      : null;
    fill(preview,
      el('h2', { id: 'preview-title' }, t('preview-title')),
      el('p', {}, t('preview-counts', { online: lobby.online, live: lobby.matches.size })),
      featuredLine,
      el('h3', {}, t('open-seeks')), seeks,
      el('h3', {}, t('live-matches')), matches);
  };
  const follower = new LobbyFollower(draw);
  app.follower = follower;
}

function drawWho() {
  if (!app.me) {
    fill(who);
    return;
  }
  fill(who, t('signed-in-as'), playerLink(app.me.name), ' ', el('button', {
    type: 'button',
    class: 'link',
    onclick: () => {
      app.me = null;
      app.conn.signOut();
      showSignIn();
    },
  }, t('sign-out')));
}

function drawChallenges() {
  const now = Date.now();
  for (const [id, c] of app.challenges) if (c.expiresAt <= now) app.challenges.delete(id);
  fill(challengeStrip, [...app.challenges.values()].map((c) => {
    const left = Math.ceil((c.expiresAt - now) / 1000);
    if (c.direction === 'received') {
      return el('div', { class: 'challenge-item', role: 'group', 'aria-label': t('challenge-from', { name: c.challenge.from.name }) },
        t('challenge-received', { name: c.challenge.from.name, settings: settingsText(c.challenge.settings), seconds: left }),
        el('button', { type: 'button', class: 'primary', onclick: () => app.answerChallenge(c, 'challenge_accept') }, t('challenge-accept')),
        el('button', { type: 'button', onclick: () => app.answerChallenge(c, 'challenge_decline') }, t('challenge-decline')));
    }
    return el('div', { class: 'challenge-item', role: 'group', 'aria-label': t('challenge-to', { name: c.challenge.to.name }) },
      t('challenge-sent', { name: c.challenge.to.name, settings: settingsText(c.challenge.settings), seconds: left }),
      el('button', { type: 'button', onclick: () => app.answerChallenge(c, 'challenge_withdraw') }, t('challenge-withdraw')));
  }));
}
setInterval(() => {
  if (app.challenges.size) drawChallenges();
}, 1000);

function matchIdOf(msg) {
  return msg.match_id ?? msg.snapshot?.match_id;
}

function onMessage(msg) {
  const matchId = matchIdOf(msg);
  const view = app.view;
  switch (msg.type) {
    case 'match_started':
      if (msg.players.some((p) => p.id === app.me?.player_id)) {
        app.myMatches.set(msg.match_id, { match_id: msg.match_id, players: msg.players, settings: msg.settings });
        if (app.pool && JSON.stringify(app.pool.settings) === JSON.stringify(msg.settings)) app.pool = null;
        for (const [id, own] of app.ownSeeks) {
          if (JSON.stringify(own.seek.settings) === JSON.stringify(msg.settings) && msg.players[0].id === app.me.player_id) {
            app.ownSeeks.delete(id);
            break;
          }
        }
        if (!(view instanceof MatchView && view.id === msg.match_id)) {
          app.navigate(`/play/${msg.match_id}`);
          app.view.handle(msg);
          return;
        }
      }
      break;
    case 'match_ended':
      app.myMatches.delete(msg.match_id);
      break;
    case 'challenge_received':
      app.addChallenge(msg.challenge, 'received');
      notify(t('challenge-arrived', { name: msg.challenge.from.name }));
      return;
    case 'challenge_closed': {
      const c = app.challenges.get(msg.challenge_id);
      if (c) {
        app.challenges.delete(msg.challenge_id);
        drawChallenges();
        const other = c.direction === 'sent' ? c.challenge.to.name : c.challenge.from.name;
        notify(t(`challenge-closed-${msg.reason}`, { name: other }));
      }
      return;
    }
    case 'error':
      if (msg.id === undefined) notify(refusal(msg), 'error');
      return;
    default:
      break;
  }
  if (matchId !== undefined) {
    if (view instanceof MatchView && view.id === matchId) view.handle(msg);
    return;
  }
  view?.handle(msg);
}

function onState(state, detail) {
  switch (state) {
    case 'connecting':
      if (!app.me) fill(who, t('connecting'));
      break;
    case 'online': {
      const first = !app.me;
      app.me = { player_id: detail.player_id, name: detail.name };
      app.myMatches = new Map(detail.matches.map((m) => [m.match_id, m]));
      app.ownSeeks = new Map(detail.seeks.map((s) => [s.seek_id, { seek: s, code: app.ownSeeks.get(s.seek_id)?.code ?? null }]));
      // Challenges and the pool place end with the old connection.
      app.challenges.clear();
      app.pool = null;
      drawChallenges();
      banner.hidden = true;
      drawWho();
      if (!app.view || (first && !(app.view instanceof ReplayView))) route();
      else app.view.reconnected();
      break;
    }
    case 'reconnecting':
      if (app.me) {
        fill(banner, t('connection-lost'));
        banner.hidden = false;
      }
      break;
    case 'refused': {
      app.me = null;
      const words = detail.code === 'name_taken'
        ? t('name-taken')
        : refusal(detail);
      showSignIn(words);
      break;
    }
    case 'replaced':
      fill(banner, t('replaced'),
        el('button', { type: 'button', onclick: () => { banner.hidden = true; app.conn.signIn(app.me.name); } }, t('use-this-window')));
      banner.hidden = false;
      break;
    default:
      break;
  }
}

app.conn = new Connection({ onMessage, onState });

document.addEventListener('click', (event) => {
  const link = event.target.closest?.('a[data-link]');
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  app.navigate(link.getAttribute('href'));
});
window.addEventListener('popstate', route);

/** The theme switch in the top bar: the system's, dark, or light, remembered. */
function drawThemeSwitch() {
  const words = { auto: t('theme-auto'), dark: t('theme-dark'), light: t('theme-light') };
  const next = { auto: 'dark', dark: 'light', light: 'auto' };
  const button = el('button', { type: 'button', class: 'link theme-switch', onclick: () => {
    const theme = next[settings().theme] ?? 'auto';
    saveSettings({ theme });
    applyTheme(theme);
    button.textContent = words[theme];
  } }, words[settings().theme] ?? words.auto);
  document.querySelector('header.top').append(button);
}

/** The language switch in the top bar: each language in its own name, remembered. */
function drawLanguageSwitch() {
  const select = el('select', { id: 'language', class: 'language-switch', 'aria-label': t('language') },
    languages().map((l) => el('option', { value: l.code, lang: l.code, selected: l.code === language() }, l.name)));
  select.addEventListener('change', () => chooseLanguage(select.value));
  document.querySelector('header.top').append(select);
}

/** The first page: a replay at once, else signed in again or asked for a name. */
function start() {
  const saved = savedIdentity();
  const page = parseRoute().page;
  if (PUBLIC_PAGES.has(page)) route();
  if (saved?.name && saved.token) app.conn.signIn(saved.name);
  else if (!PUBLIC_PAGES.has(page)) showSignIn();
}

loadText().then(() => {
  drawThemeSwitch();
  drawLanguageSwitch();
  return loadVariants();
}).then(start, (error) => {
  fill(banner, `${error.message} `, el('button', { type: 'button', onclick: () => location.reload() }, t('try-again')));
  banner.hidden = false;
});
