// The one WebSocket to the server (docs/PROTOCOL.md): hello with the saved
// token, requests answered by id, and reconnection with a doubling, jittered
// delay after any drop. Every message is handed to `onMessage`; a request's
// promise also settles with its answer (the reply, or the `error` as a
// rejection). `readApi` reads the HTTP API's answers.

import { t } from './i18n.js';

/** `GET path` under `/api/` as JSON, or an Error with the server's words and its `code` (for `refusal`). */
export async function readApi(path) {
  let response;
  try {
    response = await fetch(path, { headers: { Accept: 'application/json' } });
  } catch {
    throw Object.assign(new Error(t('server-unreachable')), { code: 'unreachable' });
  }
  const body = await response.json().catch(() => null);
  if (!response.ok || !body) {
    const message = body?.message ?? t('server-answered', { status: String(response.status) });
    throw Object.assign(new Error(message), { code: body?.code });
  }
  return body;
}

/** A server frame as a message, or null if it cannot be read. */
function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const IDENTITY_KEY = 'mancala.identity';
const PROTOCOL_VERSION = 1;
const FIRST_DELAY_MS = 250;
const LONGEST_DELAY_MS = 5000;

/** The name and token kept from the last sign-in, if any. */
export function savedIdentity() {
  try {
    return JSON.parse(localStorage.getItem(IDENTITY_KEY) || 'null');
  } catch {
    return null;
  }
}

function saveIdentity(identity) {
  localStorage.setItem(IDENTITY_KEY, JSON.stringify(identity));
}

export class Connection {
  /**
   * onMessage(msg): every server message.
   * onState(state, detail): 'connecting', 'online' (detail: the welcome),
   * 'reconnecting' (detail: delay ms), 'refused' (detail: the hello's error),
   * 'replaced' (signed in elsewhere; no reconnection).
   */
  constructor({ onMessage, onState }) {
    this.onMessage = onMessage;
    this.onState = onState;
    this.pending = new Map();
    this.nextId = 1;
    this.failures = 0;
    this.ws = null;
    this.identity = null;
    this.online = false;
    this.timer = null;
  }

  /** Sign in as `name` (with `password`, or the saved token when it is the same name). */
  signIn(name, password) {
    const saved = savedIdentity();
    this.identity = { name };
    if (password) this.identity.password = password;
    else if (saved && saved.token && saved.name.toLowerCase() === name.toLowerCase()) {
      this.identity.token = saved.token;
    }
    this.failures = 0;
    this.open();
  }

  open() {
    clearTimeout(this.timer);
    this.onState('connecting');
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => this.hello(ws);
    ws.onmessage = (event) => this.receive(event.data);
    ws.onclose = (event) => this.closed(ws, event);
  }

  hello(ws) {
    const hello = { type: 'hello', protocol_version: PROTOCOL_VERSION, name: this.identity.name };
    if (this.identity.token) hello.token = this.identity.token;
    if (this.identity.password) hello.password = this.identity.password;
    this.send(hello, ws).then(
      (welcome) => {
        this.identity = { name: welcome.name, token: welcome.token };
        saveIdentity(this.identity);
        this.online = true;
        this.failures = 0;
        this.onState('online', welcome);
      },
      (error) => {
        if (error.code === 'unknown_token') {
          // The server forgot this guest (or the token is stale): the
          // name may still be free, so ask for it afresh.
          delete this.identity.token;
          ws.close(1000);
          return;
        }
        if (error.code === 'disconnected') return;
        this.identity = null;
        this.onState('refused', error);
        ws.close(1000);
      },
    );
  }

  receive(text) {
    const msg = parse(text);
    if (!msg) return;
    if (msg.id !== undefined && this.pending.has(msg.id)) {
      const { resolve, reject, type } = this.pending.get(msg.id);
      // A resume is answered by the missed events and then `resumed` (or a
      // snapshot); only that settles it.
      const final = type !== 'resume' || msg.type === 'resumed' || msg.type === 'match_snapshot' || msg.type === 'error';
      if (final) {
        this.pending.delete(msg.id);
        if (msg.type === 'error') reject(msg);
        else resolve(msg);
      }
    }
    this.onMessage(msg);
  }

  closed(ws, event) {
    if (ws !== this.ws) return;
    this.online = false;
    for (const { reject } of this.pending.values()) {
      reject({ type: 'error', code: 'disconnected', message: 'the connection was lost' });
    }
    this.pending.clear();
    if (event.code === 4000) {
      this.onState('replaced');
      return;
    }
    if (!this.identity) return;
    const step = Math.min(LONGEST_DELAY_MS, FIRST_DELAY_MS * 2 ** this.failures);
    const delay = step / 2 + Math.random() * (step / 2);
    this.failures += 1;
    this.onState('reconnecting', delay);
    this.timer = setTimeout(() => this.open(), delay);
  }

  /** Send a request; resolves with its answer, rejects with its error. */
  request(msg) {
    if (!this.online) {
      return Promise.reject({ type: 'error', code: 'disconnected', message: 'not connected: reconnecting…' });
    }
    return this.send(msg, this.ws);
  }

  send(msg, ws) {
    const id = this.nextId++;
    const frame = { ...msg, id };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, type: msg.type });
      try {
        ws.send(JSON.stringify(frame));
      } catch {
        this.pending.delete(id);
        reject({ type: 'error', code: 'disconnected', message: 'the connection was lost' });
      }
    });
  }

  /** Forget the saved identity and close (sign out). */
  signOut() {
    this.identity = null;
    localStorage.removeItem(IDENTITY_KEY);
    if (this.ws) this.ws.close(1000);
  }
}

/** The lobby as its subscription tells it: open seeks, live matches, how many are online. */
export class LobbyModel {
  constructor() {
    this.seeks = new Map();
    this.matches = new Map();
    this.online = 0;
  }

  /** Take in `msg`: whether it was one of the lobby's. */
  apply(msg) {
    switch (msg.type) {
      case 'lobby_snapshot':
        this.seeks = new Map(msg.seeks.map((s) => [s.seek_id, s]));
        this.matches = new Map(msg.matches.map((m) => [m.match_id, m]));
        this.online = msg.players_online;
        return true;
      case 'seek_added': this.seeks.set(msg.seek.seek_id, msg.seek); return true;
      case 'seek_removed': this.seeks.delete(msg.seek_id); return true;
      case 'match_listed':
      case 'match_changed': this.matches.set(msg.summary.match_id, msg.summary); return true;
      case 'match_unlisted': this.matches.delete(msg.match_id); return true;
      case 'players_online': this.online = msg.count; return true;
      default: return false;
    }
  }
}

/**
 * The lobby followed without signing in (the front page before sign-in):
 * its own socket, subscribed without a hello, kept as seeks, matches and
 * the count online; `onChange(lobby)` after each change. Reconnects after a
 * drop with the same doubling delay, until `stop()`.
 */
export class LobbyFollower extends LobbyModel {
  constructor(onChange) {
    super();
    this.onChange = onChange;
    this.failures = 0;
    this.stopped = false;
    this.timer = null;
    this.open();
  }

  open() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'lobby_subscribe', id: 1 }));
    ws.onmessage = (event) => this.receive(event.data);
    ws.onclose = () => {
      if (this.stopped || ws !== this.ws) return;
      const step = Math.min(LONGEST_DELAY_MS, FIRST_DELAY_MS * 2 ** this.failures);
      this.failures += 1;
      this.timer = setTimeout(() => this.open(), step / 2 + Math.random() * (step / 2));
    };
  }

  receive(text) {
    const msg = parse(text);
    if (!msg || !this.apply(msg)) return;
    if (msg.type === 'lobby_snapshot') this.failures = 0;
    this.onChange(this);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.ws.close(1000);
  }
}
