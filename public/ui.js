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

/** The page's status line. @param {string} message @param {'info' | 'error'} [tone] */
export function say(message, tone = 'info') {
  status.textContent = message;
  status.dataset.tone = tone;
}

/** Shows a failure in the status line: the API's own message for its errors. @param {unknown} error */
export function fail(error) {
  if (!(error instanceof ApiError)) console.error(error);
  say(error instanceof Error ? error.message : String(error), 'error');
}

/**
 * Runs an action of a control, showing its failure; the control is disabled meanwhile.
 * @param {HTMLButtonElement | null} control
 * @param {() => Promise<unknown>} action
 */
export async function act(control, action) {
  if (control) control.disabled = true;
  try {
    await action();
  } catch (error) {
    fail(error);
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
