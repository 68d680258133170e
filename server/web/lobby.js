// The lobby: open seeks, live matches and the count of players online, kept
// live from the lobby subscription; the tournaments on or coming, with
// their leaders; the form that creates a seek, joins
// quick pairing or challenges a player; the player's own seeks (with a
// private seek's invitation link), his pool place and his challenges.

import { el, fill, formatPoints, notify, refusal, sentence } from './ui.js';
import { paramLabel, paramValueText, ratingText, settingsText, variantTitle, VARIANTS } from './settings.js';
import { t } from './i18n.js';
import { LobbyModel } from './net.js';
import { playerLink } from './pages.js';
import { TournamentsCard } from './tournaments.js';

export class LobbyView {
  constructor(app) {
    this.app = app;
    this.model = new LobbyModel();
    this.computers = [];
    this.root = el('section', { class: 'lobby', 'aria-label': t('lobby') });
    // Why the last thing asked from this card was refused, in a sentence,
    // beside the controls, until the next try.
    this.formError = el('p', { class: 'form-error', role: 'alert' });
    this.form = settingsForm((text) => this.showError(text));
    this.mine = el('div', { class: 'mine' });
    this.seekList = el('div', { class: 'seek-list' });
    this.matchList = el('div', { class: 'match-list' });
    this.onlineLine = el('p', { class: 'online' });
    this.tournaments = new TournamentsCard(app);
    this.computerLevel = el('select', { id: 'computer-level', 'aria-label': t('computer-opponent') });
    this.computerRow = el('div', { class: 'form-buttons computer', hidden: true },
      this.computerLevel,
      el('button', { type: 'button', onclick: () => this.playComputer() }, t('play-computer')));
    const challengeName = el('input', { type: 'text', id: 'challenge-name', 'aria-label': t('player-to-challenge'), placeholder: t('player-name'), maxlength: '20' });
    const buttons = el('div', { class: 'form-buttons' },
      el('button', { type: 'button', class: 'primary', onclick: () => this.createSeek() }, t('create-seek')),
      el('button', { type: 'button', onclick: () => this.joinPool() }, t('quick-pairing')),
      el('span', { class: 'challenge' }, challengeName, el('button', { type: 'button', onclick: () => this.challenge(challengeName) }, t('challenge'))));
    this.root.append(
      el('div', { class: 'lobby-grid' },
        el('section', { class: 'card create', 'aria-labelledby': 'create-title' }, el('h2', { id: 'create-title' }, t('new-game')), this.form.root, buttons, this.computerRow, this.formError),
        el('section', { class: 'card', 'aria-labelledby': 'mine-title' }, el('h2', { id: 'mine-title' }, t('yours')), this.mine),
        el('section', { class: 'card', 'aria-labelledby': 'seeks-title' }, el('h2', { id: 'seeks-title' }, t('open-seeks')), this.seekList),
        el('section', { class: 'card', 'aria-labelledby': 'matches-title' }, el('h2', { id: 'matches-title' }, t('live-matches')), this.matchList, this.onlineLine),
        this.tournaments.root));
    this.timer = setInterval(() => this.drawMine(), 1000);
  }

  start() {
    this.app.conn.request({ type: 'lobby_subscribe' }).catch((error) => {
      if (error.code !== 'disconnected') notify(refusal(error), 'error');
    });
    this.draw();
    if (!this.tournaments.timer) this.tournaments.start();
  }

  reconnected() {
    this.start();
    this.tournaments.reconnected();
  }

  destroy() {
    clearInterval(this.timer);
    this.tournaments.destroy();
    if (this.app.conn.online) this.app.conn.request({ type: 'lobby_unsubscribe' }).catch(() => {});
  }

  handle(msg) {
    this.tournaments.handle(msg);
    if (!this.model.apply(msg)) {
      this.drawMine();
      return;
    }
    if (msg.type === 'lobby_snapshot') this.setComputers(msg.computers ?? []);
    this.draw();
  }

  /** Show why a request from the card was refused (none: clear it). */
  showError(text) {
    this.formError.textContent = text ? sentence(text) : '';
  }

  request(msg) {
    this.showError('');
    return this.app.conn.request(msg).catch((error) => {
      this.showError(refusal(error));
      throw error;
    });
  }

  createSeek() {
    const settings = this.form.read();
    if (!settings) return;
    const msg = { type: 'seek_create', settings, private: this.form.isPrivate() };
    const range = this.form.ratingRange();
    if (range) msg.rating_range = range;
    this.request(msg).then((reply) => {
      this.app.ownSeeks.set(reply.seek.seek_id, { seek: reply.seek, code: reply.code ?? null });
      this.drawMine();
    }, () => {});
  }

  joinPool() {
    const settings = this.form.read();
    if (!settings) return;
    this.request({ type: 'pool_join', settings }).then((reply) => {
      this.app.pool = { settings: reply.settings, since: Date.now() };
      this.drawMine();
    }, () => {});
  }

  setComputers(computers) {
    this.computers = computers;
    this.computerRow.hidden = computers.length === 0;
    const chosen = this.computerLevel.value;
    fill(this.computerLevel, computers.map((c) => el('option', { value: c.name, selected: c.name === chosen },
      t('computer-level', { name: c.name, level: c.level }))));
  }

  /** Challenge the chosen computer player with the form's settings: he accepts at once. */
  playComputer() {
    const settings = this.form.read();
    const name = this.computerLevel.value;
    if (!settings || !name) return;
    this.request({ type: 'challenge', name, settings }).catch(() => {});
  }

  challenge(input) {
    const settings = this.form.read();
    const name = input.value.trim();
    if (!settings) return;
    if (!name) {
      this.showError(t('challenge-whom'));
      input.focus();
      return;
    }
    this.request({ type: 'challenge', name, settings }).then((reply) => {
      this.app.addChallenge(reply.challenge, 'sent');
      input.value = '';
    }, () => {});
  }

  draw() {
    this.drawSeeks();
    this.drawMatches();
    this.drawMine();
  }

  drawSeeks() {
    const me = this.app.me.player_id;
    const seeks = [...this.model.seeks.values()].sort((a, b) => a.seek_id - b.seek_id);
    if (seeks.length === 0) {
      fill(this.seekList, el('p', { class: 'empty' }, t('no-seeks')));
      return;
    }
    fill(this.seekList, el('table', {},
      el('thead', {}, el('tr', {}, ...[t('column-player'), t('column-game'), ''].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, seeks.map((seek) => {
        const own = seek.by.id === me;
        const action = own
          ? el('button', { type: 'button', 'aria-label': t('cancel-seek', { id: String(seek.seek_id) }), onclick: () => this.cancelSeek(seek.seek_id) }, t('cancel'))
          : el('button', { type: 'button', class: 'primary', 'aria-label': t('accept-seek-of', { name: seek.by.name }), onclick: () => this.request({ type: 'seek_accept', seek_id: seek.seek_id }).catch(() => {}) }, t('accept'));
        return el('tr', { 'data-seek': seek.seek_id },
          el('td', {}, playerLink(seek.by.name), seek.rating ? el('span', { class: 'rating' }, ` ${ratingText(seek.rating)}`) : null),
          el('td', {}, settingsText(seek.settings), seek.rating_range ? t('seek-rating-range', { min: String(seek.rating_range.min ?? 0), max: String(seek.rating_range.max ?? 4000) }) : ''),
          el('td', {}, action));
      }))));
  }

  cancelSeek(seekId) {
    this.request({ type: 'seek_cancel', seek_id: seekId }).then(() => {
      this.app.ownSeeks.delete(seekId);
      this.drawMine();
    }, () => {});
  }

  drawMatches() {
    const matches = [...this.model.matches.values()].sort((a, b) => b.match_id - a.match_id);
    this.onlineLine.textContent = t('players-online', { count: this.model.online });
    if (matches.length === 0) {
      fill(this.matchList, el('p', { class: 'empty' }, t('no-live-matches')));
      return;
    }
    fill(this.matchList, el('table', {},
      el('thead', {}, el('tr', {}, ...[t('column-players'), t('column-score'), t('column-game'), t('column-watching'), ''].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, matches.map((m) => el('tr', { 'data-match': m.match_id },
        el('td', {}, playerLink(m.players[0].name), ' – ', playerLink(m.players[1].name), el('div', { class: 'small' }, settingsText(m.settings))),
        el('td', {}, `${formatPoints(m.points[0])}–${formatPoints(m.points[1])}`),
        el('td', {}, t('game-of', { game: m.game, games: m.settings.games ?? 5 })),
        el('td', {}, String(m.spectators)),
        el('td', {}, el('button', { type: 'button', 'aria-label': t('watch-match', { first: m.players[0].name, second: m.players[1].name }), onclick: () => this.app.navigate(this.app.isMine(m) ? `/play/${m.match_id}` : `/watch/${m.match_id}`) }, this.app.isMine(m) ? t('open') : t('watch'))))))));
  }

  drawMine() {
    const app = this.app;
    const items = [];
    for (const m of app.myMatches.values()) {
      const opponent = m.players.find((p) => p.id !== app.me.player_id) ?? m.players[1];
      items.push(el('li', {}, t('your-match', { name: opponent.name, settings: settingsText(m.settings) }), ' ',
        el('button', { type: 'button', class: 'primary', onclick: () => app.navigate(`/play/${m.match_id}`) }, t('open'))));
    }
    if (app.pool) {
      const waited = Math.floor((Date.now() - app.pool.since) / 1000);
      items.push(el('li', { class: 'waiting', role: 'status' }, el('span', { class: 'spinner', 'aria-hidden': 'true' }),
        t('waiting-for-opponent', { settings: settingsText(app.pool.settings), seconds: waited }),
        el('button', { type: 'button', onclick: () => this.request({ type: 'pool_leave' }).then(() => { app.pool = null; this.drawMine(); }, () => {}) }, t('leave-pairing'))));
    }
    for (const { seek, code } of app.ownSeeks.values()) {
      const link = code ? `${location.origin}/invite/${code}` : null;
      items.push(el('li', { 'data-own-seek': seek.seek_id },
        code ? t('your-private-seek', { settings: settingsText(seek.settings) }) : t('your-seek', { settings: settingsText(seek.settings) }),
        link ? el('span', { class: 'invite' }, t('invitation-link'), el('a', { href: link, class: 'invite-link' }, link), ' ',
          el('button', { type: 'button', onclick: () => navigator.clipboard?.writeText(link).then(() => notify(t('link-copied')), () => notify(t('copy-by-hand'))) }, t('copy-link'))) : null,
        ' ',
        el('button', { type: 'button', onclick: () => this.cancelSeek(seek.seek_id) }, t('cancel'))));
    }
    if (items.length === 0) fill(this.mine, el('p', { class: 'empty' }, t('nothing-yet')));
    else fill(this.mine, el('ul', {}, items));
  }
}

/**
 * The settings form: variant and its parameters, games, time control,
 * rated, private, rating range; `showError` says why what was typed cannot
 * be sent.
 */
function settingsForm(showError) {
  const root = el('form', { class: 'settings-form', onsubmit: (e) => e.preventDefault() });
  const variant = el('select', { id: 'variant', name: 'variant' }, VARIANTS.map((v) => el('option', { value: v.id }, variantTitle(v.id))));
  const params = el('div', { class: 'params' });
  const games = el('select', { id: 'games' }, [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => el('option', { value: n, selected: n === 5 }, String(n))));
  const stop = el('input', { type: 'checkbox', id: 'stop-when-decided' });
  const kind = el('select', { id: 'time-kind' },
    el('option', { value: 'untimed' }, t('untimed-choice')),
    el('option', { value: 'real_time' }, t('real-time')),
    el('option', { value: 'correspondence' }, t('correspondence')));
  const minutes = el('input', { type: 'number', id: 'minutes', min: '1', max: '180', value: '5', step: '1' });
  const increment = el('input', { type: 'number', id: 'increment', min: '0', max: '60', value: '3', step: '1' });
  const days = el('input', { type: 'number', id: 'days', min: '1', max: '14', value: '3', step: '1' });
  const rated = el('input', { type: 'checkbox', id: 'rated' });
  const priv = el('input', { type: 'checkbox', id: 'private' });
  const rmin = el('input', { type: 'number', id: 'rating-min', min: '0', max: '4000', step: '50', placeholder: t('rating-any') });
  const rmax = el('input', { type: 'number', id: 'rating-max', min: '0', max: '4000', step: '50', placeholder: t('rating-any') });
  const realTime = el('span', { class: 'tc real' }, el('label', { for: 'minutes' }, t('form-minutes')), minutes, el('label', { for: 'increment' }, t('form-increment')), increment);
  const corr = el('span', { class: 'tc corr' }, el('label', { for: 'days' }, t('form-days')), days);
  const ratedRow = el('div', { class: 'row' }, el('label', { class: 'check' }, rated, t('rated-check')),
    el('span', { class: 'range' }, el('label', { for: 'rating-min' }, t('rating-from')), rmin, el('label', { for: 'rating-max' }, t('rating-to')), rmax));
  const paramInputs = new Map();
  const drawParams = () => {
    paramInputs.clear();
    const def = VARIANTS.find((v) => v.id === variant.value);
    fill(params, def.params.map((p) => {
      const id = `param-${p.key}`;
      if (p.bool) {
        const box = el('input', { type: 'checkbox', id });
        paramInputs.set(p.key, () => box.checked);
        return el('div', { class: 'row' }, el('label', { class: 'check' }, box, ` ${paramLabel(p)}`));
      }
      const select = el('select', { id }, p.choices.map((c) => el('option', { value: c }, paramValueText(p, c))));
      paramInputs.set(p.key, () => (typeof p.choices[0] === 'number' ? Number(select.value) : select.value));
      return el('div', { class: 'row' }, el('label', { for: id }, `${paramLabel(p)} `), select);
    }));
  };
  const drawTime = () => {
    realTime.hidden = kind.value !== 'real_time';
    corr.hidden = kind.value !== 'correspondence';
    ratedRow.hidden = kind.value === 'untimed';
    markPreset();
  };
  // Presets as players know them ("3+2": 3 minutes, 2 seconds a move); the
  // controls below stay for any other choice.
  const PRESETS = [
    ['1+0', 'real_time', 1, 0], ['3+2', 'real_time', 3, 2], ['5+3', 'real_time', 5, 3],
    ['10+5', 'real_time', 10, 5], ['15+10', 'real_time', 15, 10],
    [t('preset-days', { days: 1 }), 'correspondence', 1], [t('preset-days', { days: 3 }), 'correspondence', 3],
    [t('preset-days', { days: 7 }), 'correspondence', 7],
    [t('untimed-choice'), 'untimed'],
  ];
  const presetButtons = PRESETS.map(([label, k, a, b]) => el('button', {
    type: 'button',
    class: 'preset',
    'aria-pressed': 'false',
    onclick: () => {
      kind.value = k;
      if (k === 'real_time') {
        minutes.value = String(a);
        increment.value = String(b);
      } else if (k === 'correspondence') {
        days.value = String(a);
      }
      drawTime();
    },
  }, label));
  const markPreset = () => {
    PRESETS.forEach(([, k, a, b], i) => {
      const same = kind.value === k && (k === 'untimed'
        || (k === 'real_time' && Number(minutes.value) === a && Number(increment.value) === b)
        || (k === 'correspondence' && Number(days.value) === a));
      presetButtons[i].setAttribute('aria-pressed', String(same));
    });
  };
  const presets = el('div', { class: 'presets', role: 'group', 'aria-label': t('time-presets') }, presetButtons);
  variant.addEventListener('change', drawParams);
  kind.addEventListener('change', drawTime);
  for (const input of [minutes, increment, days]) input.addEventListener('input', markPreset);
  root.append(
    el('div', { class: 'row' }, el('label', { for: 'variant' }, t('form-game')), variant),
    params,
    el('div', { class: 'row' }, el('label', { for: 'games' }, t('form-games')), games, el('label', { class: 'check' }, stop, t('stop-when-decided'))),
    presets,
    el('div', { class: 'row' }, el('label', { for: 'time-kind' }, t('clock')), kind, realTime, corr),
    ratedRow,
    el('div', { class: 'row' }, el('label', { class: 'check' }, priv, t('private-check'))));
  drawParams();
  drawTime();
  return {
    root,
    read() {
      const paramsValue = {};
      for (const [key, get] of paramInputs) paramsValue[key] = get();
      let time_control = { kind: 'untimed' };
      if (kind.value === 'real_time') {
        const m = Number(minutes.value);
        const s = Number(increment.value);
        if (!(m >= 1 && m <= 180) || !(s >= 0 && s <= 60)) {
          showError(t('real-time-limits'));
          return null;
        }
        time_control = { kind: 'real_time', initial_ms: Math.round(m * 60000), increment_ms: Math.round(s * 1000) };
      } else if (kind.value === 'correspondence') {
        const d = Number(days.value);
        if (!(Number.isInteger(d) && d >= 1 && d <= 14)) {
          showError(t('correspondence-limits'));
          return null;
        }
        time_control = { kind: 'correspondence', days_per_move: d };
      }
      const settings = {
        ruleset: { variant: variant.value, params: paramsValue },
        games: Number(games.value),
        stop_when_decided: stop.checked,
        time_control,
      };
      if (rated.checked && kind.value !== 'untimed') settings.rated = true;
      return settings;
    },
    isPrivate: () => priv.checked,
    ratingRange() {
      if (kind.value === 'untimed') return null;
      const range = {};
      if (rmin.value !== '') range.min = Number(rmin.value);
      if (rmax.value !== '') range.max = Number(rmax.value);
      return Object.keys(range).length ? range : null;
    },
  };
}
