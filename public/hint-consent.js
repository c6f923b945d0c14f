// @ts-check
/**
 * The player's consent before the first hint of a ranked solve: a hint makes the solve practice for good, so
 * the page asks in a modal dialog (keyboard-reachable, Escape keeps the solve ranked) and the answer is
 * remembered with the puzzle's session by the caller.
 */

import { byId } from './ui.js';

const dialog = /** @type {HTMLDialogElement} */ (byId('hint-consent'));

/**
 * Asks whether to give up the ranked result for a hint. Resolves true only on "Show the hint". Focus goes
 * back to `opener` on close: it was disabled while its request ran, so the browser's own return of focus
 * would land on the page's body.
 * @param {HTMLElement} opener
 * @returns {Promise<boolean>}
 */
export function askHintConsent(opener) {
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener(
      'close',
      () => {
        opener.focus();
        resolve(dialog.returnValue === 'practice');
      },
      { once: true },
    );
  });
}
