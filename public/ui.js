// @ts-check
/** What every part of the page shares: elements by id, the status line, time and name formats. */

import { ApiError } from './api.js';

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
export const byId = (id) => /** @type {T} */ (document.getElementById(id));

const status = byId('status');

const announcer = byId('announcer');

/**
 * Tells screen readers what a move on the board changed, through an unseen live region (the status line is
 * for the result and errors, which it announces too). The same words twice in a row are read twice.
 * @param {string} message
 */
export function announce(message) {
  announcer.textContent = '';
  requestAnimationFrame(() => {
    announcer.textContent = message;
  });
}

/** The page's status line. @param {string} message @param {'info' | 'error'} [tone] */
export function say(message, tone = 'info') {
  status.textContent = message;
  status.dataset.tone = tone;
}

/**
 * Shows a failure in the status line: the API's own message for its errors. With `near`, the control the
 * player just used, it is also shown beside that control and scrolled into view: on a phone the status
 * line is often a screen away from a form in the header or the panels.
 * @param {unknown} error
 * @param {HTMLElement | null} [near]
 */
export function fail(error, near = null) {
  if (!(error instanceof ApiError)) console.error(error);
  const message = error instanceof Error ? error.message : String(error);
  say(message, 'error');
  if (!near) return;
  const shown = inlineError(near);
  shown.textContent = message;
  shown.hidden = false;
  shown.scrollIntoView({ block: 'nearest' });
}

/**
 * The error line of a control: the last child of its form, or the element right after a lone control.
 * @param {HTMLElement} control
 * @returns {HTMLElement}
 */
function inlineError(control) {
  const form = control.closest('form');
  const existing = form
    ? form.querySelector(':scope > .inline-error')
    : control.nextElementSibling?.classList.contains('inline-error')
      ? control.nextElementSibling
      : null;
  if (existing instanceof HTMLElement) return existing;
  const line = document.createElement('p');
  line.className = 'inline-error';
  line.setAttribute('role', 'alert');
  if (form) form.append(line);
  else control.after(line);
  return line;
}

/** Hides the error line of a control, once it is used again. @param {HTMLElement} control */
function clearInlineError(control) {
  const form = control.closest('form');
  const line = form ? form.querySelector(':scope > .inline-error') : control.nextElementSibling;
  if (line instanceof HTMLElement && line.classList.contains('inline-error')) line.hidden = true;
}

/**
 * Runs an action of a control, showing its failure beside it and in the status line; the control is
 * disabled meanwhile.
 * @param {HTMLButtonElement | null} control
 * @param {() => Promise<unknown>} action
 */
export async function act(control, action) {
  if (control) {
    control.disabled = true;
    clearInlineError(control);
  }
  try {
    await action();
  } catch (error) {
    fail(error, control);
  } finally {
    if (control) control.disabled = false;
  }
}

/** m:ss, or m:ss.t with tenths. @param {number} ms @param {boolean} [tenths] */
export function formatTime(ms, tenths = false) {
  const total = Math.max(0, ms) / 1000;
  const minutes = Math.floor(total / 60);
  const seconds = total - minutes * 60;
  const text = tenths ? (Math.floor(seconds * 10) / 10).toFixed(1) : String(Math.floor(seconds));
  return `${minutes}:${text.padStart(tenths ? 4 : 2, '0')}`;
}

/**
 * A player as a row shows it: its name, a stand-in for an anonymous one, "hidden player" for a group
 * member the owner may not see (no id, no name).
 * @param {{ playerId: string | null, displayName: string | null }} player
 */
export function playerLabel(player) {
  if (player.displayName !== null) return player.displayName;
  return player.playerId === null ? 'hidden player' : `anonymous ${player.playerId.slice(0, 4)}`;
}

/** @param {number} n @param {string} word */
export const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** @type {import('./api.js').KindInfo[]} */
let kindList = [];

/** The service's kinds (GET /v1/kinds), for their names. @param {import('./api.js').KindInfo[]} kinds */
export function setKinds(kinds) {
  kindList = kinds;
}

/** @param {string} kind */
export const kindName = (kind) => kindList.find((k) => k.kind === kind)?.displayName ?? kind;

/**
 * A score (0 to 1, 0.5 at the puzzle's par time) as people read it: a percentage, with the exact figure
 * shown on hover and, when `focusable`, on keyboard focus (style.css, `.figure`); screen readers read it
 * always. A list of many (the history) leaves them out of the tab order.
 * @param {number} score
 * @param {boolean} [focusable]
 * @returns {HTMLElement}
 */
export function scoreFigure(score, focusable = true) {
  // The percentage from the figure shown, so that the two never disagree (0.9349 shows 0.935 and 94 %).
  const permille = Math.round(score * 1000);
  const exact = (permille / 1000).toFixed(3);
  const figure = document.createElement('span');
  figure.className = 'figure';
  if (focusable) figure.tabIndex = 0;
  figure.title = `score ${exact}: 50 % is the par time`;
  figure.dataset.exact = exact;
  const shown = document.createElement('span');
  shown.textContent = `${Math.round(permille / 10)} %`;
  const spoken = document.createElement('span');
  spoken.className = 'visually-hidden';
  spoken.textContent = ` (score ${exact}; 50 % is the par time)`;
  figure.append(shown, spoken);
  return figure;
}
