// The tournaments (docs/TOURNAMENTS.md): `/tournaments` lists them and lets
// a signed-in player with a password create one, a Swiss or an arena; the
// lobby's card shows those on or coming with their leaders;
// `/tournaments/ID` shows one (its countdown, your board, a Swiss's
// standings and every round's boards, an arena's leaderboard and matches,
// with links to watch them) and lets a signed-in player join or withdraw. Read from the HTTP API, and
// followed over the socket (`tournament_watch`) while signed in.

import { readApi } from './net.js';
import { el, fill, formatPoints, notify, refusal } from './ui.js';
import { settingsText, variantTitle, VARIANTS } from './settings.js';
import { playerLink } from './pages.js';
import { formatNumber, t } from './i18n.js';

/** Whether it is an arena (else a Swiss). */
function isArena(tm) {
  return tm.format === 'arena';
}

/** How a stage reads. */
function stageText(tm) {
  if (isArena(tm) && tm.stage === 'playing') return t('arena-stage-playing');
  return t(`tournament-stage-${tm.stage}`);
}

/** `round 2 of 5`, or an arena's length: `arena, 60 min`. */
function progressText(tm) {
  if (isArena(tm)) return t('arena-length', { minutes: Math.round((tm.ends_at_ms - tm.starts_at_ms) / 60000) });
  return t('round-of', { round: tm.rounds_played.length, rounds: tm.rounds });
}

/** How many have entered. */
function entrants(tm) {
  return isArena(tm) ? tm.leaderboard.length : tm.standings.length;
}

/** `1 h 05 min`, `4 min 10 s`: the time until `at` (ms since the epoch). */
function countdown(at) {
  const left = Math.max(0, Math.round((at - Date.now()) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  if (h > 0) return t('countdown-hours', { h, m: String(m).padStart(2, '0') });
  return t('countdown-minutes', { m, s: String(s).padStart(2, '0') });
}

const CLOCKS = [
  ['3+2', { kind: 'real_time', initial_ms: 180000, increment_ms: 2000 }],
  ['5+3', { kind: 'real_time', initial_ms: 300000, increment_ms: 3000 }],
  ['10+5', { kind: 'real_time', initial_ms: 600000, increment_ms: 5000 }],
  ['15+10', { kind: 'real_time', initial_ms: 900000, increment_ms: 10000 }],
  ['untimed', { kind: 'untimed' }],
];

/** How many tournaments the lobby shows. */
const LOBBY_TOURNAMENTS = 5;
/** How often the lobby reads the tournaments again (new ones, and their
 * standings where no socket follows them). */
const LOBBY_READ_EVERY_MS = 30000;

/** `ann 2, bob 1½, cy 1`: a tournament's first three and their points. */
function leadersText(tm) {
  const lines = isArena(tm) ? tm.leaderboard : tm.standings;
  return lines.slice(0, 3).map((line) => `${line.player.name} ${formatPoints(line.points)}`).join(', ');
}

/** Whether it has begun: a round paired, or an arena open. */
function begun(tm) {
  return isArena(tm) ? tm.stage !== 'waiting' : tm.rounds_played.length > 0;
}

/**
 * The lobby's card of the tournaments not over (the newest five): each
 * one's stage and round and, once it has begun, its leaders. Signed in,
 * each is followed over the socket (`tournament_watch`), so the standings
 * change as results come in; the list itself is read again every 30 s.
 */
export class TournamentsCard {
  constructor(app) {
    this.app = app;
    this.shown = new Map();
    this.list = el('div', {}, el('p', {}, t('loading')));
    this.root = el('section', { class: 'card lobby-tournaments', 'aria-labelledby': 'lobby-tournaments-title' },
      el('h2', { id: 'lobby-tournaments-title' }, t('nav-tournaments')), this.list);
    this.timer = null;
  }

  start() {
    this.read();
    this.timer = setInterval(() => this.read(), LOBBY_READ_EVERY_MS);
  }

  /** The socket came back: its follows are gone, so follow them again. */
  reconnected() {
    this.shown = new Map();
    this.read();
  }

  destroy() {
    clearInterval(this.timer);
    this.unwatch([...this.shown.keys()]);
  }

  /** Follow `ids` no more (signed in: they were followed). */
  unwatch(ids) {
    if (!this.app.me || !this.app.conn.online) return;
    for (const id of ids) this.app.conn.request({ type: 'tournament_unwatch', tournament_id: id }).catch(() => {});
  }

  async read() {
    let list;
    try {
      list = await readApi('/api/tournaments');
    } catch {
      return;
    }
    const before = this.shown;
    const open = list.filter((tm) => tm.stage !== 'over').slice(0, LOBBY_TOURNAMENTS);
    this.shown = new Map(open.map((tm) => [tm.tournament_id, tm]));
    if (this.app.me && this.app.conn.online) {
      for (const id of this.shown.keys()) {
        if (!before.has(id)) this.app.conn.request({ type: 'tournament_watch', tournament_id: id }).catch(() => {});
      }
      this.unwatch([...before.keys()].filter((id) => !this.shown.has(id)));
    }
    this.draw();
  }

  handle(msg) {
    if (msg.type !== 'tournament' || !this.shown.has(msg.tournament.tournament_id)) return;
    this.shown.set(msg.tournament.tournament_id, msg.tournament);
    this.draw();
  }

  draw() {
    if (this.shown.size === 0) {
      fill(this.list, el('p', { class: 'empty' }, t('lobby-no-tournament'), ' ',
        el('a', { href: '/tournaments', 'data-link': true }, t('all-tournaments'))));
      return;
    }
    fill(this.list, el('ul', { class: 'lobby-tournament-list' }, [...this.shown.values()].map((tm) => el('li', {},
      el('a', { href: `/tournaments/${tm.tournament_id}`, 'data-link': true }, tm.name),
      ` · ${stageText(tm)} · ${progressText(tm)}`,
      el('br'),
      begun(tm)
        ? el('span', { class: 'leaders' }, t('lobby-tournament-leaders', { leaders: leadersText(tm) }))
        : el('span', { class: 'leaders' }, t('lobby-tournament-entrants', { count: entrants(tm) }))))));
  }
}

/** `/tournaments`: the list, and the form that creates one. */
export class TournamentsView {
  constructor(app) {
    this.app = app;
    this.root = el('section', { class: 'tournaments', 'aria-labelledby': 'tournaments-title' });
  }

  async start() {
    this.list = el('div', {}, el('p', {}, t('loading')));
    fill(this.root, el('h2', { id: 'tournaments-title' }, t('nav-tournaments')), this.list,
      ...(this.app.me ? [this.form(), this.passwordForm()] : [el('p', {}, t('tournament-sign-in'))]));
    let tournaments;
    try {
      tournaments = await readApi('/api/tournaments');
    } catch (error) {
      fill(this.list, el('p', { role: 'alert' }, refusal(error)));
      return;
    }
    if (tournaments.length === 0) {
      fill(this.list, el('p', { class: 'empty' }, t('tournaments-empty')));
      return;
    }
    fill(this.list, el('table', { class: 'tournament-list' },
      el('thead', {}, el('tr', {}, ...[t('column-tournament'), t('column-game'), t('column-stage'), t('column-players')].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, tournaments.map((tm) => el('tr', {},
        el('td', {}, el('a', { href: `/tournaments/${tm.tournament_id}`, 'data-link': true }, tm.name)),
        el('td', {}, settingsText(tm.settings)),
        el('td', {}, `${stageText(tm)} · ${progressText(tm)}`),
        el('td', {}, formatNumber(entrants(tm))))))));
  }

  /** The form a director creates a tournament with. */
  form() {
    const error = el('p', { class: 'form-error', role: 'alert' });
    const name = el('input', { id: 'tournament-name', maxlength: '60', required: true, value: t('tournament-default-name') });
    const format = el('select', { id: 'tournament-format' },
      el('option', { value: 'swiss' }, t('format-swiss')), el('option', { value: 'arena' }, t('format-arena')));
    const minutes = el('input', { type: 'number', id: 'tournament-minutes', min: '5', max: '720', value: '60' });
    const berserk = el('input', { type: 'checkbox', id: 'tournament-berserk', checked: true });
    const variant = el('select', { id: 'tournament-variant' }, VARIANTS.map((v) => el('option', { value: v.id }, variantTitle(v.id))));
    const games = el('select', { id: 'tournament-games' }, [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => el('option', { value: n, selected: n === 3 }, String(n))));
    const clock = el('select', { id: 'tournament-clock' }, CLOCKS.map(([label], i) => el('option', { value: i, selected: i === 1 }, label === 'untimed' ? t('untimed-choice') : label)));
    const rated = el('input', { type: 'checkbox', id: 'tournament-rated' });
    const rounds = el('input', { type: 'number', id: 'tournament-rounds', min: '1', max: '15', value: '5' });
    const startsIn = el('input', { type: 'number', id: 'tournament-starts', min: '0', max: '10080', value: '10' });
    const between = el('input', { type: 'number', id: 'tournament-between', min: '0', max: '1440', value: '1' });
    const minRating = el('input', { type: 'number', id: 'tournament-min-rating', min: '0', max: '4000', step: '50', placeholder: t('rating-any') });
    const isPrivate = el('input', { type: 'checkbox', id: 'tournament-private' });
    // The server's computer players, by level: casual tournaments only.
    const computers = [1, 2, 3, 4, 5, 6, 7, 8].map((level) => el('input', { type: 'checkbox', value: level, 'aria-label': `computer-${level}` }));
    const create = () => {
      error.textContent = '';
      const time_control = CLOCKS[Number(clock.value)][1];
      const settings = {
        name: name.value.trim(),
        settings: { ruleset: { variant: variant.value, params: {} }, games: Number(games.value), stop_when_decided: false, time_control, rated: rated.checked && time_control.kind !== 'untimed' },
        starts_at_ms: Date.now() + Number(startsIn.value) * 60000,
      };
      if (format.value === 'arena') {
        settings.format = 'arena';
        settings.duration_ms = Number(minutes.value) * 60000;
        if (berserk.checked && time_control.kind === 'real_time') settings.berserk = true;
      } else {
        settings.rounds = Number(rounds.value);
        settings.between_rounds_ms = Number(between.value) * 60000;
      }
      if (minRating.value !== '') settings.min_rating = Number(minRating.value);
      if (isPrivate.checked) settings.private = true;
      const levels = computers.filter((box) => box.checked).map((box) => Number(box.value));
      if (levels.length > 0) settings.computers = levels;
      this.app.conn.request({ type: 'tournament_create', settings }).then((reply) => {
        const code = reply.code ? `?code=${reply.code}` : '';
        this.app.navigate(`/tournaments/${reply.tournament.tournament_id}${code}`);
      }, (failure) => {
        error.textContent = refusal(failure);
      });
    };
    // A Swiss's rounds, or an arena's length and berserk.
    const swissRow = el('div', { class: 'row' }, el('label', { for: 'tournament-rounds' }, t('tournament-rounds')), rounds,
      el('label', { for: 'tournament-between' }, t('tournament-between')), between);
    const arenaRow = el('div', { class: 'row', hidden: true }, el('label', { for: 'tournament-minutes' }, t('arena-minutes')), minutes,
      el('label', { class: 'check' }, berserk, t('arena-berserk-check')));
    format.addEventListener('change', () => {
      swissRow.hidden = format.value === 'arena';
      arenaRow.hidden = format.value !== 'arena';
    });
    return el('form', { class: 'card tournament-form', 'aria-labelledby': 'tournament-create-title', onsubmit: (e) => { e.preventDefault(); create(); } },
      el('h3', { id: 'tournament-create-title' }, t('tournament-create-title')),
      el('p', {}, t('tournament-create-intro')),
      el('div', { class: 'row' }, el('label', { for: 'tournament-name' }, t('tournament-name')), name,
        el('label', { for: 'tournament-format' }, t('tournament-format')), format),
      el('div', { class: 'row' }, el('label', { for: 'tournament-variant' }, t('form-game')), variant,
        el('label', { for: 'tournament-games' }, t('form-games')), games),
      el('div', { class: 'row' }, el('label', { for: 'tournament-clock' }, t('clock')), clock, el('label', { class: 'check' }, rated, t('rated-check'))),
      swissRow, arenaRow,
      el('div', { class: 'row' }, el('label', { for: 'tournament-starts' }, t('tournament-starts-in')), startsIn,
        el('label', { for: 'tournament-min-rating' }, t('tournament-min-rating')), minRating),
      el('div', { class: 'row' }, el('label', { class: 'check' }, isPrivate, t('tournament-private-check'))),
      el('fieldset', { class: 'row computers' }, el('legend', {}, t('tournament-computers')),
        computers.map((box) => el('label', { class: 'check' }, box, box.getAttribute('aria-label')))),
      error,
      el('button', { type: 'submit', class: 'primary' }, t('tournament-create')));
  }

  /** Protect one's name with a password (a director needs one). */
  passwordForm() {
    const said = el('p', { role: 'status' });
    const password = el('input', { type: 'password', id: 'new-password', minlength: '8', maxlength: '256', autocomplete: 'new-password' });
    const save = () => {
      said.textContent = '';
      this.app.conn.request({ type: 'set_password', password: password.value }).then(() => {
        password.value = '';
        said.textContent = t('password-set-done');
      }, (failure) => {
        said.textContent = refusal(failure);
      });
    };
    return el('form', { class: 'card password-form', 'aria-labelledby': 'password-title', onsubmit: (e) => { e.preventDefault(); save(); } },
      el('h3', { id: 'password-title' }, t('password-protect-title')),
      el('p', {}, t('password-protect-intro')),
      el('div', { class: 'row' }, el('label', { for: 'new-password' }, t('password-new')), password),
      said,
      el('button', { type: 'submit' }, t('password-set-button')));
  }

  reconnected() {}

  handle() {}

  destroy() {}
}

/**
 * `/tournaments/ID`: one tournament, kept up to date while signed in; a
 * private one as `/tournaments/ID?code=CODE`, the code sent with every
 * request about it.
 */
export class TournamentView {
  constructor(app, id, code = null) {
    this.app = app;
    this.id = id;
    this.code = code;
    this.tournament = null;
    this.root = el('section', { class: 'tournament', 'aria-label': t('nav-tournaments') });
    this.timer = null;
  }

  async start() {
    fill(this.root, el('p', {}, t('loading')));
    try {
      this.tournament = await readApi(`/api/tournaments/${this.id}${this.code ? `?code=${this.code}` : ''}`);
    } catch (error) {
      fill(this.root, el('h2', {}, t('tournament-title', { id: String(this.id) })), el('p', { role: 'alert' }, refusal(error)),
        el('p', {}, el('a', { href: '/tournaments', 'data-link': true }, t('all-tournaments'))));
      return;
    }
    this.draw();
    this.follow();
    this.timer = setInterval(() => this.drawCountdown(), 1000);
  }

  /** Follow it over the socket, signed in. */
  follow() {
    if (!this.app.me) return;
    this.app.conn.request({ type: 'tournament_watch', tournament_id: this.id, ...this.codeField() }).then((reply) => {
      this.tournament = reply.tournament;
      this.draw();
    }, () => {});
  }

  reconnected() {
    this.follow();
  }

  handle(msg) {
    if (msg.type === 'tournament' && msg.tournament.tournament_id === this.id) {
      this.tournament = msg.tournament;
      this.draw();
    }
  }

  destroy() {
    clearInterval(this.timer);
    // The page's updates stop (an entrant's boards still open by themselves).
    if (this.app.me && this.app.conn.online) {
      this.app.conn.request({ type: 'tournament_unwatch', tournament_id: this.id }).catch(() => {});
    }
  }

  /** Whether I am in it (entered, and not withdrawn or gone from an arena). */
  entered() {
    const me = this.app.me?.player_id;
    if (isArena(this.tournament)) return this.tournament.leaderboard.some((line) => line.player.id === me && !line.left);
    return this.tournament.standings.some((line) => line.player.id === me && !line.withdrawn);
  }

  /** My match being played, if I have one: the link to my board. */
  myBoard() {
    const me = this.app.me?.player_id;
    const tm = this.tournament;
    const mine = (m) => !m.result && m.match_id && (m.first.id === me || m.second.id === me);
    const board = isArena(tm) ? tm.arena_matches.find(mine) : tm.rounds_played.at(-1)?.boards.find(mine);
    if (!me || !board) return null;
    const opponent = board.first.id === me ? board.second : board.first;
    return el('p', { class: 'my-board' }, t('your-board', { name: opponent.name }), ' ',
      el('a', { href: `/play/${board.match_id}`, 'data-link': true, class: 'button primary' }, t('go-to-board')));
  }

  /** An arena's leaderboard and its matches. */
  arenaParts() {
    const tm = this.tournament;
    const leaderboard = tm.leaderboard.length === 0
      ? el('p', { class: 'empty' }, t('tournament-no-entrants'))
      : el('table', { class: 'standings leaderboard' },
        el('caption', {}, t('arena-leaderboard')),
        el('thead', {}, el('tr', {}, ...['#', t('column-player'), t('column-points'), t('column-matches'), t('column-marks')].map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, tm.leaderboard.map((line) => el('tr', { class: line.player.id === this.app.me?.player_id ? 'me' : '' },
          el('td', {}, String(line.place)),
          el('td', {}, playerLink(line.player.name),
            line.on_fire ? el('span', { class: 'on-fire', title: t('on-fire-explained') }, ` ${t('on-fire')}`) : null,
            line.left ? ` ${t('arena-left')}` : ''),
          el('td', {}, formatNumber(line.points)),
          el('td', {}, formatNumber(line.matches)),
          el('td', { class: 'marks' }, line.marks.map(String).join(' '))))));
    const matches = tm.arena_matches.length === 0 ? null : el('section', { class: 'round', 'aria-label': t('arena-matches') },
      el('h3', {}, t('arena-matches')),
      el('ul', { class: 'boards' }, tm.arena_matches.map((m) => el('li', {},
        playerLink(m.first.name), m.berserk[0] ? ` ${t('berserk-mark')}` : '', ' – ',
        playerLink(m.second.name), m.berserk[1] ? ` ${t('berserk-mark')}` : '', ' ',
        el('span', { class: 'result' }, this.resultText(m.result)),
        m.match_id ? [' ', el('a', { href: m.result ? `/matches/${m.match_id}` : `/watch/${m.match_id}`, 'data-link': true }, m.result ? t('board-replay') : t('board-watch'))] : null))));
    return [leaderboard, matches];
  }

  /** A match's result in games, a forfeit, or that it is on. */
  resultText(result) {
    if (!result) return t('board-playing');
    if (result.forfeit) return t('board-forfeit', { first: formatPoints(result.points[0]), second: formatPoints(result.points[1]) });
    return `${formatPoints(result.games[0])}–${formatPoints(result.games[1])}`;
  }

  /** The code field of a request about a private tournament. */
  codeField() {
    return this.code ? { code: this.code } : {};
  }

  act(type) {
    this.actionError.textContent = '';
    const code = type === 'tournament_join' ? this.codeField() : {};
    this.app.conn.request({ type, tournament_id: this.id, ...code }).then(() => {
      notify(t(type === 'tournament_join' ? 'tournament-joined' : 'tournament-withdrew'));
    }, (error) => {
      this.actionError.textContent = refusal(error);
    });
  }

  draw() {
    const tm = this.tournament;
    this.countdownLine = el('p', { class: 'countdown', role: 'status' });
    this.actionError = el('p', { class: 'form-error', role: 'alert' });
    let action = null;
    if (this.app.me && tm.stage !== 'over') {
      action = this.entered()
        ? el('button', { type: 'button', onclick: () => this.act('tournament_withdraw') }, t('tournament-withdraw'))
        : el('button', { type: 'button', class: 'primary', onclick: () => this.act('tournament_join') }, t('tournament-join'));
    } else if (!this.app.me && tm.stage !== 'over') {
      action = el('p', {}, t('tournament-sign-in'));
    }
    const standings = tm.standings.length === 0
      ? el('p', { class: 'empty' }, t('tournament-no-entrants'))
      : el('table', { class: 'standings' },
        el('caption', {}, t('tournament-standings')),
        el('thead', {}, el('tr', {}, ...['#', t('column-player'), t('column-points'), t('column-game-points'), 'S-B', 'Buchholz'].map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, tm.standings.map((line) => el('tr', { class: line.player.id === this.app.me?.player_id ? 'me' : '' },
          el('td', {}, String(line.place)),
          el('td', {}, playerLink(line.player.name), line.withdrawn ? ` ${t('tournament-withdrawn')}` : ''),
          el('td', {}, formatPoints(line.points)),
          el('td', {}, formatPoints(line.game_points)),
          el('td', {}, formatNumber(line.sonneborn_berger)),
          el('td', {}, formatPoints(line.buchholz))))));
    const rounds = [...tm.rounds_played].reverse().map((round) => el('section', { class: 'round', 'aria-label': t('round-n', { round: round.round }) },
      el('h3', {}, t('round-n', { round: round.round })),
      el('ol', { class: 'boards' }, round.boards.map((board) => el('li', {},
        playerLink(board.first.name), ' – ', playerLink(board.second.name), ' ',
        el('span', { class: 'result' }, this.resultText(board.result)),
        board.match_id ? [' ', el('a', { href: board.result ? `/matches/${board.match_id}` : `/watch/${board.match_id}`, 'data-link': true }, board.result ? t('board-replay') : t('board-watch'))] : null))),
      round.bye ? el('p', {}, t('board-bye', { name: round.bye.name })) : null));
    const about = isArena(tm)
      ? t('arena-about', { settings: settingsText(tm.settings), minutes: Math.round((tm.ends_at_ms - tm.starts_at_ms) / 60000), director: tm.director.name })
      : t('tournament-about', { settings: settingsText(tm.settings), rounds: tm.rounds, director: tm.director.name });
    fill(this.root,
      el('h2', {}, tm.name),
      el('p', {}, about),
      isArena(tm) ? el('p', {}, t('arena-rules'), tm.berserk ? ` ${t('arena-berserk-rule')}` : '') : null,
      tm.min_rating !== undefined ? el('p', {}, t('tournament-entry-rating', { rating: Math.round(tm.min_rating) })) : null,
      tm.private ? this.invitation() : null,
      el('p', { class: 'stage' }, `${stageText(tm)} · ${progressText(tm)}`),
      this.countdownLine,
      this.myBoard(),
      action, this.actionError,
      ...(isArena(tm) ? this.arenaParts() : [standings, ...rounds]),
      el('p', {}, el('a', { href: '/tournaments', 'data-link': true }, t('all-tournaments'))));
    this.drawCountdown();
  }

  /** A private tournament's line: who has this page's address may enter. */
  invitation() {
    const link = `${location.origin}/tournaments/${this.id}?code=${this.code ?? ''}`;
    return el('p', { class: 'invitation' }, t('tournament-private-link'), ' ',
      el('input', { type: 'text', readonly: true, value: link, 'aria-label': t('tournament-private-address'), id: 'tournament-invitation', onfocus: (e) => e.target.select() }));
  }

  drawCountdown() {
    if (!this.tournament || !this.countdownLine) return;
    const tm = this.tournament;
    if (tm.stage === 'waiting') this.countdownLine.textContent = t('tournament-starts-countdown', { time: countdown(tm.starts_at_ms) });
    else if (isArena(tm) && tm.stage === 'playing' && tm.ends_at_ms > Date.now()) this.countdownLine.textContent = t('arena-ends-countdown', { time: countdown(tm.ends_at_ms) });
    else if (isArena(tm) && tm.stage === 'playing') this.countdownLine.textContent = t('arena-playing-out');
    else if (tm.stage === 'between_rounds' && tm.next_round_at_ms) this.countdownLine.textContent = t('next-round-countdown', { time: countdown(tm.next_round_at_ms) });
    else this.countdownLine.textContent = '';
  }
}
