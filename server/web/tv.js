// The TV (`/tv`): the featured live match (the highest-rated, as the
// server picks it in `GET /api/lobby`), watched; when it ends, the next one.

import { MatchView } from './match.js';
import { readApi } from './net.js';
import { el, fill } from './ui.js';
import { t } from './i18n.js';

/** How long the end of a featured match stays on screen before the next. */
const NEXT_AFTER_MS = 8000;
/** How often an empty TV looks again for a live match. */
const LOOK_AGAIN_MS = 10000;

export class TvView extends MatchView {
  constructor(app) {
    super(app, null, 'watch');
    this.root.setAttribute('aria-label', t('tv-label'));
    this.timer = null;
  }

  async start() {
    const lobby = await readApi('/api/lobby').catch(() => null);
    const featured = lobby?.featured;
    if (!featured) {
      fill(this.root, el('h2', {}, t('nav-tv')), el('p', { class: 'empty' }, lobby
        ? t('tv-empty')
        : t('server-unreachable')));
      this.timer = setTimeout(() => this.again(), LOOK_AGAIN_MS);
      return;
    }
    this.id = featured.match_id;
    this.root.replaceChildren();
    this.layout();
    super.start();
  }

  handle(msg) {
    super.handle(msg);
    if (msg.type === 'match_ended' && this.timer === null) {
      this.timer = setTimeout(() => this.again(), NEXT_AFTER_MS);
    }
  }

  /** Pick again, as a new TV page. */
  again() {
    this.timer = null;
    this.app.navigate('/tv');
  }

  destroy() {
    clearTimeout(this.timer);
    super.destroy();
  }
}
