// One match, played or watched: the model kept from the server's versioned
// events (or a snapshot), the board seen from the player's seat (seat 0 for
// spectators, who may flip it), clocks, the set score and games, offers,
// rematch, chat, and the end-of-game summary. Nothing is shown that the
// server has not sent: a move is "pending" until its `move_played` arrives.

import { BoardView, copyBoard } from './board.js';
import { recordRounds } from './notation.js';
import { playerLink } from './pages.js';
import { announce, confirmAction, el, fill, formatClock, formatPoints, notify, refusal, saveSettings, settings, sound, SOUNDS, titleCue } from './ui.js';
import { gameEndText, matchEndText, ratingChangeText, ratingText, settingsText } from './settings.js';
import { t } from './i18n.js';

/** Below this much time a clock shows red, and one's own warns once a game. */
const LOW_TIME_MS = 10000;

const VERSIONED = new Set([
  'match_started', 'game_started', 'move_played', 'game_ended', 'match_ended', 'player_left',
  'player_returned', 'server_restarted', 'draw_offered', 'draw_offer_ended', 'rematch_offered',
  'rematch_declined', 'rematch_agreed', 'berserked',
]);

export class MatchView {
  /** app: { conn, me, navigate }; mode: 'play' or 'watch'. */
  constructor(app, matchId, mode) {
    this.app = app;
    this.id = matchId;
    this.mode = mode;
    this.version = 0;
    this.players = null;
    this.settings = null;
    this.ratings = null;
    this.points = [0, 0];
    this.games = [];
    this.position = null;
    this.legal = [];
    this.toMove = null;
    this.clocks = null;
    this.ended = null;
    this.winner = null;
    this.ratingChanges = null;
    this.spectators = 0;
    this.away = [false, false];
    /** Who has berserked, by seat; null where berserk is not allowed. */
    this.berserk = null;
    /** The tournament this match is a board of (no abort, no rematch); null for any other. */
    this.tournamentId = null;
    this.drawOffer = null;
    this.rematchOffer = null;
    this.rematchDeclined = false;
    this.rematchId = null;
    this.pending = null;
    this.sowing = null;
    this.refusal = '';
    this.actionError = '';
    this.last = null;
    this.flipped = false;
    this.summary = null;
    this.chat = [];
    this.queue = Promise.resolve();
    this.backlog = 0;
    this.wasMyMove = false;
    this.board = new BoardView({ onPlay: (house) => this.play(house) });
    this.root = el('section', { class: 'match', 'aria-label': t('match-title', { id: String(matchId) }) });
    this.tick = setInterval(() => this.drawClocks(), 200);
    this.keys = (event) => this.keydown(event);
    document.addEventListener('keydown', this.keys);
    this.layout();
  }

  get mySeat() {
    if (!this.players || this.mode !== 'play') return null;
    const seat = this.players.findIndex((p) => p.id === this.app.me.player_id);
    return seat < 0 ? null : seat;
  }

  get current() {
    return this.games.at(-1) ?? null;
  }

  get live() {
    return !this.ended && this.current && !this.current.outcome;
  }

  /** Start following: a player resumes from the start, a spectator watches. */
  start() {
    const request = this.mode === 'play'
      ? { type: 'resume', match_id: this.id, last_version: this.version }
      : { type: 'watch', match_id: this.id };
    this.app.conn.request(request).catch((error) => {
      if (error.code === 'already_watching' || error.code === 'disconnected') return;
      if (error.code === 'not_a_player' && this.mode === 'play') {
        this.mode = 'watch';
        this.start();
        return;
      }
      this.fail(error);
    });
  }

  /** After a reconnection: every event missed since the last one seen. */
  reconnected() {
    this.pending = null;
    this.app.conn.request({ type: 'resume', match_id: this.id, last_version: this.version }).catch((error) => {
      if (error.code !== 'disconnected') this.fail(error);
    });
    this.draw();
  }

  fail(error) {
    const gone = error.code === 'no_such_match';
    fill(this.status, gone ? t('match-not-live', { id: String(this.id) }) : refusal(error));
    if (gone) this.status.append(' ', el('a', { href: `/matches/${this.id}`, 'data-link': true }, t('replay-from-archive')));
  }

  destroy() {
    clearInterval(this.tick);
    document.removeEventListener('keydown', this.keys);
    titleCue(false);
    if (this.mode === 'watch' && this.app.conn.online) {
      this.app.conn.request({ type: 'unwatch', match_id: this.id }).catch(() => {});
    }
  }

  /** A server message about this match. */
  handle(msg) {
    if (msg.type === 'chat_message') {
      this.chat.push(msg);
      if (this.chat.length > 200) this.chat.shift();
      this.drawChat();
      return;
    }
    if (msg.type === 'spectators') {
      this.spectators = msg.count;
      this.drawHeader();
      return;
    }
    if (msg.type !== 'match_snapshot' && !VERSIONED.has(msg.type)) return;
    this.backlog += 1;
    this.queue = this.queue.then(() => this.apply(msg)).catch((e) => console.warn(e)).finally(() => {
      this.backlog -= 1;
    });
  }

  async apply(msg) {
    if (msg.type === 'match_snapshot') {
      this.fromSnapshot(msg.snapshot);
      this.draw();
      return;
    }
    if (msg.version <= this.version) return;
    this.version = msg.version;
    switch (msg.type) {
      case 'match_started':
        this.players = msg.players;
        this.settings = msg.settings;
        this.ratings = msg.ratings ?? null;
        // An arena's match that allows berserk: who has (none yet).
        this.berserk = msg.berserk ? [false, false] : null;
        this.tournamentId = msg.tournament_id ?? null;
        break;
      case 'berserked':
        if (this.berserk) this.berserk[msg.seat] = true;
        this.clocksFrom(msg.clocks);
        announce(t('berserked-now', { name: this.name(msg.seat) }));
        break;
      case 'game_started':
        this.games.push({ game: msg.game, first: msg.first, moves: [], outcome: null, points: null });
        this.position = msg.position;
        this.legal = msg.legal ?? [];
        this.toMove = msg.first;
        this.clocksFrom(msg.clocks);
        this.drawOffer = null;
        this.last = null;
        break;
      case 'move_played':
        await this.moved(msg);
        break;
      case 'game_ended':
        this.gameEnded(msg);
        break;
      case 'match_ended':
        this.ended = msg.reason;
        this.points = msg.points;
        this.winner = msg.winner;
        this.ratingChanges = msg.ratings ?? null;
        this.toMove = null;
        this.legal = [];
        this.clocks = null;
        announce(t('match-over', { result: this.resultWords() }));
        break;
      case 'player_left':
        this.away[msg.seat] = true;
        break;
      case 'player_returned':
        this.away[msg.seat] = false;
        break;
      case 'server_restarted':
        this.away = [true, true];
        this.clocksFrom(msg.clocks);
        notify(t('server-restarted'));
        break;
      case 'draw_offered':
        this.drawOffer = msg.seat;
        if (msg.seat !== this.mySeat) announce(t('offers-draw-now', { name: this.name(msg.seat) }));
        break;
      case 'draw_offer_ended':
        this.drawOffer = null;
        break;
      case 'rematch_offered':
        this.rematchOffer = msg.seat;
        break;
      case 'rematch_declined':
        this.rematchOffer = null;
        this.rematchDeclined = true;
        break;
      case 'rematch_agreed':
        this.rematchId = msg.rematch_id;
        if (this.mode === 'watch') {
          notify(t('rematch-watching', { id: String(msg.rematch_id) }));
          this.app.navigate(`/watch/${msg.rematch_id}`);
          return;
        }
        break;
      default:
        break;
    }
    this.draw();
  }

  fromSnapshot(snap) {
    this.version = snap.version;
    this.players = snap.players;
    this.settings = snap.settings;
    this.points = snap.points;
    this.games = snap.games.map((g) => ({
      game: g.game,
      first: g.first,
      moves: g.moves.map((house, i) => ({ house, seat: g.movers?.[i] ?? null, label: g.labels?.[i] })),
      outcome: g.outcome,
      points: null,
    }));
    this.position = snap.position;
    this.legal = snap.legal ?? [];
    this.toMove = snap.to_move;
    this.spectators = snap.spectators;
    this.ended = snap.ended;
    if (snap.ended) this.winner = this.points[0] === this.points[1] ? null : this.points[0] > this.points[1] ? 0 : 1;
    this.clocksFrom(snap.clocks);
    this.ratings = snap.ratings ?? null;
    this.ratingChanges = snap.rating_changes ?? null;
    this.berserk = snap.berserk ?? null;
    this.tournamentId = snap.tournament_id ?? null;
    this.pending = null;
    this.last = null;
  }

  /** Whether I may berserk now: the match allows it, game 1 is on, and I
   * have neither berserked nor moved in it. */
  mayBerserk() {
    const me = this.mySeat;
    return me !== null && this.berserk !== null && !this.berserk[me]
      && this.live && this.games.length === 1 && !this.current.moves.some((m) => m.seat === me);
  }

  clocksFrom(clocks) {
    this.clocks = clocks ? { ...clocks, at: performance.now() } : null;
  }

  async moved(msg) {
    const game = this.current;
    if (!game || game.game !== msg.game) return;
    const first = game.first;
    const moverSide = msg.seat ^ first;
    const delay = settings().speed;
    const catchingUp = this.backlog > 2 || document.hidden;
    if (delay > 0 && !catchingUp && this.position) {
      this.legal = [];
      this.pending = null;
      this.sowing = msg;
      this.drawStatus();
      try {
        await this.board.animate(this.position, msg.events, delay, this.boardState());
      } finally {
        this.sowing = null;
      }
    }
    // The Kazakh games' moves come written as players write them.
    game.moves.push({ house: msg.house, seat: msg.seat, label: msg.label });
    const tuzdik = msg.events.some((e) => e.type === 'tuzdik');
    sound(tuzdik || msg.events.some((e) => e.type === 'capture') ? 'capture' : 'move');
    if (msg.events.some((e) => e.type === 'extra_turn')) sound('extra_turn');
    this.position = msg.position;
    this.legal = msg.legal ?? [];
    this.toMove = msg.next;
    this.last = { side: moverSide, house: msg.house };
    this.clocksFrom(msg.clocks);
    if (this.pending !== null && msg.seat === this.mySeat) this.pending = null;
    this.refusal = '';
    const extra = msg.events.some((e) => e.type === 'extra_turn');
    const captured = msg.events.filter((e) => e.type === 'capture').reduce((n, e) => n + e.seeds, 0);
    announce(t('announce-move', {
      name: this.name(msg.seat), house: msg.house, captured, tuzdik: tuzdik ? 'yes' : 'no', extra: extra ? 'yes' : 'no',
    }));
  }

  gameEnded(msg) {
    const game = this.games.find((g) => g.game === msg.game);
    if (game) {
      game.outcome = msg.outcome;
      game.points = msg.points;
    }
    this.points = msg.points;
    this.clocksFrom(msg.clocks);
    this.toMove = null;
    this.legal = [];
    this.pending = null;
    this.drawOffer = null;
    const stores = this.storesBySeat(msg.outcome.stores, game?.first ?? 0);
    // The winner's score first, as results are read aloud: "ann wins 10–4".
    const winner = msg.outcome.winner;
    const who = winner === null
      ? t('game-drawn-score', { a: stores[0], b: stores[1] })
      : t('game-won-score', { name: this.name(winner), a: stores[winner], b: stores[1 - winner] });
    const text = t('game-result', { game: msg.game, who, how: gameEndText(msg.outcome.reason) });
    announce(text);
    sound('game_end');
    this.summary = { game: msg.game, text, board: this.position ? copyBoard(this.position) : null, first: game?.first ?? 0, outcome: msg.outcome, stores };
  }

  storesBySeat(storesBySide, first) {
    return [storesBySide[0 ^ first], storesBySide[1 ^ first]];
  }

  name(seat) {
    return this.players?.[seat]?.name ?? t('seat', { seat });
  }

  resultWords() {
    if (this.ended === 'aborted') return t('match-aborted');
    if (this.winner === null || this.winner === undefined) {
      return t('match-drawn', { a: formatPoints(this.points[0]), b: formatPoints(this.points[1]) });
    }
    const w = this.winner;
    return t('match-won', { name: this.name(w), a: formatPoints(this.points[w]), b: formatPoints(this.points[1 - w]), how: matchEndText(this.ended) });
  }

  /** Send a move for `house` of the current game; shown as pending until answered. */
  play(house) {
    const game = this.current;
    if (this.mySeat === null || !game || this.pending !== null || this.ended) return;
    const ply = game.moves.length + 1;
    this.pending = house;
    this.refusal = '';
    this.draw();
    const move = { type: 'move', match_id: this.id, game: game.game, ply, house };
    // Left unanswered by a server node that stopped, a move is answered
    // `unavailable`: sent again, it is played once.
    this.app.conn
      .request(move)
      .catch((error) => (error.code === 'unavailable' ? this.app.conn.request(move) : Promise.reject(error)))
      .then(() => {
        if (this.current !== game || game.moves.length >= ply) this.pending = null;
      })
      .catch((error) => {
        this.pending = null;
        this.refusal = error.code === 'disconnected'
          ? t('move-not-sent')
          : t('move-refused', { reason: refusal(error) });
        this.draw();
      });
  }

  keydown(event) {
    if (event.target.closest?.('input, textarea, select, dialog')) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^[1-9]$/.test(event.key) && this.mySeat !== null && this.position) {
      const house = Number(event.key);
      if (house <= this.position.houses[0].length) {
        event.preventDefault();
        this.play(house);
      }
    }
  }

  /** Request an action; a refusal is said in a sentence under the action buttons. */
  act(msg, done) {
    this.actionError = '';
    this.drawActions();
    this.app.conn.request({ ...msg, match_id: this.id }).then(done, (error) => {
      this.actionError = refusal(error);
      this.drawActions();
    });
  }

  async confirmThen(question, yes, msg) {
    if (await confirmAction(question, yes)) this.act(msg);
  }

  // ---- drawing ----

  layout() {
    this.header = el('div', { class: 'match-header' });
    this.topClock = el('div', { class: 'clocks top-clock' });
    this.bottomClock = el('div', { class: 'clocks bottom-clock' });
    this.status = el('p', { class: 'turn', role: 'status' });
    this.refusalLine = el('p', { class: 'refusal', role: 'alert' });
    this.summaryArea = el('div', { class: 'summary-area' });
    this.boardArea = el('div', { class: 'board-area' }, this.topClock, this.board.root, this.bottomClock, this.summaryArea);
    this.actions = el('div', { class: 'actions' });
    this.gamesTable = el('div', { class: 'games' });
    this.moveList = el('ol', { class: 'round-list', 'aria-label': t('moves-of-game') });
    this.chatLog = el('ol', { class: 'chat-log', 'aria-live': 'polite', 'aria-label': t('chat-messages') });
    const input = el('input', { type: 'text', maxlength: '280', 'aria-label': t('chat-message'), placeholder: t('say-something') });
    const form = el('form', {
      class: 'chat-form',
      onsubmit: (event) => {
        event.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        this.act({ type: 'chat', text }, () => {
          input.value = '';
        });
      },
    }, input, el('button', { type: 'submit' }, t('send')));
    this.chatTitle = el('h3', {}, t('chat'));
    this.chatBox = el('section', { class: 'chat', 'aria-label': t('chat') }, this.chatTitle, this.chatLog, form);
    const speed = el('select', {
      'aria-label': t('animation-speed'),
      onchange: (event) => saveSettings({ speed: Number(event.target.value) }),
    }, ...[[0, t('animation-off')], [60, t('animation-fast')], [150, t('animation-normal')], [320, t('animation-slow')]].map(([v, words]) => el('option', { value: v, selected: settings().speed === v }, words)));
    const soundSwitch = el('label', { class: 'check' }, el('input', {
      type: 'checkbox',
      checked: settings().sound,
      onchange: (event) => saveSettings({ sound: event.target.checked }),
    }), t('sound-switch'));
    // Each sound on its own, under the one switch.
    const kinds = el('details', { class: 'sound-kinds' }, el('summary', {}, t('sounds')),
      SOUNDS.map((kind) => el('label', { class: 'check' }, el('input', {
        type: 'checkbox',
        checked: settings().sounds?.[kind] !== false,
        onchange: (event) => saveSettings({ sounds: { ...settings().sounds, [kind]: event.target.checked } }),
      }), ` ${t(`sound-${kind}`)}`)));
    this.prefs = el('div', { class: 'prefs' }, speed, soundSwitch, kinds);
    this.root.append(
      this.header,
      this.status,
      this.refusalLine,
      this.boardArea,
      this.actions,
      el('div', { class: 'match-side' },
        el('section', { class: 'live-moves', 'aria-labelledby': 'moves-title' }, el('h3', { id: 'moves-title' }, t('moves')), this.moveList),
        this.gamesTable, this.chatBox),
      this.prefs,
    );
  }

  boardState() {
    const game = this.current;
    const first = game?.first ?? 0;
    const mine = this.mySeat;
    const bottomSeat = mine ?? (this.flipped ? 1 : 0);
    const bottomSide = bottomSeat ^ first;
    const myMove = mine !== null && this.live && this.toMove === mine;
    return {
      board: this.position,
      bottomSide,
      interactive: mine !== null,
      bottomIsMe: mine !== null,
      names: { bottom: this.name(bottomSeat), top: this.name(1 - bottomSeat) },
      legal: myMove ? this.legal : [],
      pending: this.pending,
      last: this.last,
    };
  }

  draw() {
    this.drawHeader();
    this.drawClocks();
    this.drawStatus();
    if (this.position && !this.board.animating) this.board.render(this.boardState());
    this.drawSummary();
    this.drawActions();
    this.drawGames();
    this.drawMoves();
    this.drawChat();
    const myMove = this.mySeat !== null && this.live && this.toMove === this.mySeat;
    titleCue(myMove);
    if (myMove && !this.wasMyMove) {
      sound('turn');
      this.board.focusPlayable();
    }
    this.wasMyMove = myMove;
  }

  drawHeader() {
    if (!this.players) {
      fill(this.header, el('h2', {}, t('match-title', { id: String(this.id) })), t('loading'));
      return;
    }
    const person = (seat) => {
      const rating = this.ratings?.[seat];
      const change = this.ratingChanges?.[seat];
      // Once a rated match is over, the rating it left, and by how much.
      const shown = change ? ` (${ratingChangeText(change)})` : rating ? ` (${ratingText(rating)})` : '';
      return el('span', { class: `player seat${seat}${this.away[seat] ? ' away' : ''}` },
        playerLink(this.name(seat)),
        shown ? el('span', { class: 'rating' }, shown) : null,
        this.berserk?.[seat] ? el('span', { class: 'berserk-note', title: t('berserk-explained') }, ` ${t('berserk-mark')}`) : null,
        this.away[seat] ? el('span', { class: 'away-note' }, t('away')) : null);
    };
    const game = this.current;
    fill(this.header,
      el('h2', {}, person(0), el('span', { class: 'score', 'aria-label': t('score-label', { a: formatPoints(this.points[0]), b: formatPoints(this.points[1]) }) }, ` ${formatPoints(this.points[0])} – ${formatPoints(this.points[1])} `), person(1)),
      el('p', { class: 'meta' },
        settingsText(this.settings),
        game ? t('game-of-match', { game: game.game, games: this.settings.games ?? 5 }) : '',
        el('span', { class: 'spectator-count' }, t('watching-count', { count: this.spectators })),
        ' · ', el('a', { href: `/rules/${this.settings?.ruleset?.variant ?? 'mangala'}`, 'data-link': true }, t('rules-link'))));
  }

  /** Each clock beside its player's row: the top row's above the board, the bottom row's below. */
  drawClocks() {
    const rows = [this.bottomClock, this.topClock];
    if (!this.clocks || !this.players) {
      for (const row of rows) row.hidden = true;
      return;
    }
    const bottomSeat = this.mySeat ?? (this.flipped ? 1 : 0);
    const elapsed = performance.now() - this.clocks.at;
    for (const seat of [0, 1]) {
      const ms = this.clocks.remaining_ms[seat] - (this.clocks.running === seat ? elapsed : 0);
      const low = ms < LOW_TIME_MS;
      const clock = el('span', { class: `clock${this.clocks.running === seat ? ' running' : ''}${low ? ' low' : ''}`, 'aria-label': t('clock-of', { name: this.name(seat) }) }, `${this.name(seat)} ${formatClock(ms)}`);
      const row = seat === bottomSeat ? this.bottomClock : this.topClock;
      const parts = [clock];
      // A game's first move has a window of its own, while no clock runs.
      if (seat === this.toMove && this.clocks.first_move_ms != null && this.live) {
        const left = Math.max(0, this.clocks.first_move_ms - elapsed);
        const seconds = Math.ceil(left / 1000);
        parts.push(el('span', { class: `clock first-move${left < LOW_TIME_MS ? ' low' : ''}`, role: 'timer', 'aria-label': t('first-move-left') },
          seat === this.mySeat ? t('your-first-move', { seconds }) : t('their-first-move', { name: this.name(seat), seconds })));
      }
      fill(row, parts);
      row.hidden = false;
      // Once a game, a warning when one's own running clock runs low.
      const game = this.current?.game;
      if (seat === this.mySeat && this.clocks.running === seat && low && this.live && this.lowTimeWarned !== game) {
        this.lowTimeWarned = game;
        sound('low_time');
      }
    }
  }

  drawStatus() {
    let text;
    let mine = false;
    if (!this.players) text = t('connecting-match');
    else if (this.ended) text = t('match-over', { result: this.resultWords() });
    else if (!this.current) text = t('first-game-soon');
    else if (this.current.outcome) text = t('game-over-next');
    else if (this.sowing) text = t('plays-house', { name: this.name(this.sowing.seat), house: this.sowing.house });
    else if (this.pending !== null) text = t('house-sent', { house: this.pending });
    else if (this.mySeat !== null && this.toMove === this.mySeat) {
      text = t('your-move');
      mine = true;
    } else if (this.toMove !== null) text = t('to-move', { name: this.name(this.toMove) });
    else text = '';
    this.status.textContent = text;
    this.status.classList.toggle('mine', mine);
    this.refusalLine.textContent = this.refusal;
  }

  drawSummary() {
    const summary = this.summary;
    if (!summary) {
      this.summaryArea.replaceChildren();
      this.summaryArea.hidden = true;
      return;
    }
    this.summaryArea.hidden = false;
    const mini = new BoardView();
    const bottomSeat = this.mySeat ?? (this.flipped ? 1 : 0);
    if (summary.board) {
      mini.render({
        board: summary.board,
        bottomSide: bottomSeat ^ summary.first,
        interactive: false,
        bottomIsMe: this.mySeat !== null,
        names: { bottom: this.name(bottomSeat), top: this.name(1 - bottomSeat) },
        legal: [],
      });
    }
    const last = this.ended && summary.game === this.current?.game;
    // Beside the board, never over it: the next game may be played at once.
    const card = el('section', { class: 'summary', 'aria-label': t('game-result-label', { game: summary.game }) },
      el('h3', {}, t('game-over-title', { game: summary.game })),
      el('p', { class: 'summary-result' }, summary.text),
      el('p', {}, t('summary-stores', {
        first: this.name(0), a: summary.stores[0], second: this.name(1), b: summary.stores[1],
        x: formatPoints(this.points[0]), y: formatPoints(this.points[1]),
      })),
      last ? el('p', { class: 'summary-match' }, t('match-over', { result: this.resultWords() })) : null,
      last && this.ratingChanges ? el('p', { class: 'rating-changes' },
        t('ratings-line', { changes: [0, 1].map((seat) => `${this.name(seat)} ${ratingChangeText(this.ratingChanges[seat])}`).join(', ') })) : null,
      mini.root,
      el('button', { type: 'button', onclick: () => { this.summary = null; this.draw(); } }, last ? t('close') : t('hide')));
    fill(this.summaryArea, card);
  }

  drawActions() {
    const buttons = [];
    const me = this.mySeat;
    if (me === null) {
      buttons.push(el('button', { type: 'button', onclick: () => { this.flipped = !this.flipped; this.draw(); } }, t('flip-board')));
      buttons.push(el('button', { type: 'button', onclick: () => this.app.navigate('/') }, t('stop-watching')));
    } else if (!this.ended) {
      const opponent = 1 - me;
      if (this.drawOffer === opponent) {
        buttons.push(el('span', { class: 'offer' }, t('offers-draw', { name: this.name(opponent) })));
        buttons.push(el('button', { type: 'button', class: 'primary', onclick: () => this.act({ type: 'draw_accept' }) }, t('accept-draw')));
        buttons.push(el('button', { type: 'button', onclick: () => this.act({ type: 'draw_decline' }) }, t('decline-draw')));
      } else if (this.drawOffer === me) {
        buttons.push(el('span', { class: 'offer' }, t('draw-offered')));
      } else if (this.live) {
        buttons.push(el('button', { type: 'button', onclick: () => this.confirmThen(t('offer-draw-question'), t('offer-draw'), { type: 'draw_offer' }) }, t('offer-draw')));
      }
      if (this.live) {
        buttons.push(el('button', { type: 'button', onclick: () => this.confirmThen(t('resign-question', { game: this.current.game }), t('resign'), { type: 'resign' }) }, t('resign-game')));
      }
      if (this.mayBerserk()) {
        buttons.push(el('button', { type: 'button', title: t('berserk-explained'), onclick: () => this.confirmThen(t('berserk-question'), t('berserk'), { type: 'berserk' }) }, t('berserk')));
      }
      buttons.push(el('button', { type: 'button', class: 'danger', onclick: () => this.confirmThen(t('forfeit-question'), t('forfeit-match'), { type: 'forfeit' }) }, t('forfeit-match')));
      // A tournament's match counts: it cannot be aborted.
      if (this.games.length === 1 && this.current.moves.length === 0 && this.tournamentId === null) {
        buttons.push(el('button', { type: 'button', onclick: () => this.confirmThen(t('abort-question'), t('abort'), { type: 'abort' }) }, t('abort')));
      }
      if (this.away[opponent] && this.settings?.time_control?.kind === 'real_time' && this.live) {
        buttons.push(el('button', { type: 'button', onclick: () => this.act({ type: 'claim' }) }, t('claim-game')));
      }
    } else {
      const opponent = 1 - me;
      if (this.tournamentId !== null) {
        // No rematch: the tournament pairs its players.
        buttons.push(el('a', { href: `/tournaments/${this.tournamentId}`, 'data-link': true, class: 'button primary' }, t('back-to-tournament')));
      } else if (this.rematchId !== null) {
        buttons.push(el('button', { type: 'button', class: 'primary', onclick: () => this.app.navigate(`/play/${this.rematchId}`) }, t('go-to-rematch')));
      } else if (this.rematchOffer === opponent) {
        buttons.push(el('span', { class: 'offer' }, t('offers-rematch', { name: this.name(opponent) })));
        buttons.push(el('button', { type: 'button', class: 'primary', onclick: () => this.act({ type: 'rematch_accept' }) }, t('accept-rematch')));
        buttons.push(el('button', { type: 'button', onclick: () => this.act({ type: 'rematch_decline' }) }, t('decline-rematch')));
      } else if (this.rematchOffer === me) {
        buttons.push(el('span', { class: 'offer' }, t('rematch-offered')));
      } else if (!this.rematchDeclined) {
        buttons.push(el('button', { type: 'button', class: 'primary', onclick: () => this.act({ type: 'rematch_offer' }) }, t('rematch')));
      } else {
        buttons.push(el('span', { class: 'offer' }, t('rematch-declined')));
      }
      buttons.push(el('a', { href: `/matches/${this.id}`, 'data-link': true, class: 'button' }, t('replay')));
      buttons.push(el('button', { type: 'button', onclick: () => this.app.navigate('/') }, t('back-to-lobby')));
    }
    if (me === null && this.ended) {
      buttons.push(el('a', { href: `/matches/${this.id}`, 'data-link': true, class: 'button' }, t('replay')));
    }
    fill(this.actions, buttons, this.actionError ? el('p', { class: 'form-error', role: 'alert' }, this.actionError) : null);
  }

  /** The current game's moves as its record writes them, following play. */
  drawMoves() {
    const game = this.current;
    const rounds = game ? recordRounds(game.moves) : [];
    if (rounds.length === 0) {
      fill(this.moveList, el('li', { class: 'empty' }, game ? t('no-move-yet', { game: game.game }) : t('no-game-yet')));
      return;
    }
    fill(this.moveList, rounds.map((round) => el('li', {}, round)));
    // The latest round in view, scrolling the list only, never the page.
    this.moveList.scrollTop = this.moveList.scrollHeight;
  }

  drawGames() {
    if (!this.players || this.games.length === 0) {
      this.gamesTable.replaceChildren();
      return;
    }
    const rows = this.games.map((g) => {
      const o = g.outcome;
      const result = !o ? t('game-playing') : o.winner === null ? t('game-draw') : t('game-won-by', { name: this.name(o.winner) });
      const stores = o ? this.storesBySeat(o.stores, g.first) : null;
      return el('tr', {},
        el('td', {}, String(g.game)),
        el('td', {}, this.name(g.first)),
        el('td', {}, result),
        el('td', {}, o ? gameEndText(o.reason) : t('moves-count', { count: g.moves.length })),
        el('td', {}, stores ? `${stores[0]}–${stores[1]}` : ''),
        el('td', {}, g.points ? `${formatPoints(g.points[0])}–${formatPoints(g.points[1])}` : ''));
    });
    fill(this.gamesTable, el('table', {},
      el('caption', {}, t('games-caption')),
      el('thead', {}, el('tr', {}, ...[t('column-game'), t('column-first'), t('column-result'), t('column-how'),
        t('column-stores', { first: this.name(0), second: this.name(1) }), t('column-points')].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, rows)));
  }

  drawChat() {
    this.chatTitle.textContent = this.mySeat === null ? t('spectators-chat') : t('players-chat');
    fill(this.chatLog, this.chat.map((m) => el('li', {}, el('b', {}, `${m.from.name}: `), m.text)));
    this.chatLog.scrollTop = this.chatLog.scrollHeight;
  }
}
