// What the client says about match settings: the variants and their
// parameters (as the server lists them, `GET /api/variants`), a settings
// line for the lobby, and the ending reasons in words. No rules here: the
// server says which houses are legal and what each move did.

import { readApi } from './net.js';
import { t } from './i18n.js';
import { refusal } from './ui.js';

/**
 * The variants the server offers and each one's options (choices, the
 * default first, and their words), as `GET /api/variants` gives them; filled
 * once by `loadVariants` before the first page is drawn.
 */
export const VARIANTS = [];

/** Reads the variants from the server; throws with a sentence if it cannot. */
export async function loadVariants() {
  const body = await readApi('/api/variants').catch((error) => {
    throw new Error(t('variants-unread', { reason: refusal(error) }));
  });
  VARIANTS.splice(0, VARIANTS.length, ...body.variants);
}

/** A variant's name as players know it, in the player's language. */
export function variantTitle(id) {
  return VARIANTS.some((v) => v.id === id) ? t(`variant-${id}`) : id;
}

/** An option's label in the settings form. */
export function paramLabel(param) {
  return t(`param-${param.key}`);
}

/** Words for an option's value that is neither a number nor yes/no. */
export function paramValueText(param, value) {
  return param.words?.[value] === undefined ? String(value) : t(`param-value-${value}`);
}

function paramsText(ruleset) {
  const variant = VARIANTS.find((v) => v.id === ruleset.variant);
  const params = ruleset.params || {};
  const parts = [];
  for (const param of variant?.params ?? []) {
    const value = params[param.key];
    if (value === undefined) continue;
    if (param.bool) {
      if (value) parts.push(t(`param-${param.key}-short`));
    } else if (param.key === 'seeds_per_house') {
      parts.push(t('param-seeds_per_house-short', { count: value }));
    } else {
      parts.push(`${t(`param-${param.key}-short`)}: ${paramValueText(param, value)}`);
    }
  }
  return parts.join(', ');
}

export function rulesetText(ruleset) {
  const extra = paramsText(ruleset);
  return extra ? `${variantTitle(ruleset.variant)} (${extra})` : variantTitle(ruleset.variant);
}

export function timeControlText(tc) {
  if (!tc || tc.kind === 'untimed') return t('untimed');
  if (tc.kind === 'real_time') {
    const minutes = tc.initial_ms / 60000;
    const shown = Number.isInteger(minutes) ? minutes : Number(minutes.toFixed(1));
    return t('real-time-control', { minutes: shown, seconds: tc.increment_ms / 1000 });
  }
  return t('days-a-move', { days: tc.days_per_move });
}

export function gamesText(settings) {
  return t('games-count', { games: settings.games ?? 5 });
}

/** One line: "Turkish Mangala · 5 games · untimed · rated". */
export function settingsText(settings) {
  const parts = [rulesetText(settings.ruleset || { variant: 'mangala' }), gamesText(settings), timeControlText(settings.time_control)];
  if (settings.rated) parts.push(t('rated'));
  if (settings.stop_when_decided) parts.push(t('stops-when-decided'));
  return parts.join(' · ');
}

/** A rating as the protocol shows it: whole points, `?` while provisional. */
export function ratingText(rating) {
  if (!rating) return '';
  return `${Math.round(rating.rating)}${rating.provisional ? '?' : ''}`;
}

/** A rated match's change to one rating: "1500 → 1662, +162". */
export function ratingChangeText(change) {
  const before = Math.round(change.before);
  const after = Math.round(change.after);
  const delta = after - before;
  const signed = delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '±0';
  return `${before} → ${after}${change.provisional ? '?' : ''}, ${signed}`;
}

export function gameEndText(reason) {
  return t(`game-end-${reason}`);
}

export function matchEndText(reason) {
  return t(`match-end-${reason}`);
}
