// @ts-check
/**
 * After a solve: a spoiler-free share of this result or of the player's whole day. The server makes the
 * chat line and the card (POST /v1/players/me/shares); the page shows the line, copies it, and opens the
 * card's public page, which a chat unfolds into the card image.
 */

import * as api from './api.js';
import { byId, fail, say } from './ui.js';

const ui = {
  section: byId('share'),
  one: /** @type {HTMLButtonElement} */ (byId('share-one')),
  day: /** @type {HTMLButtonElement} */ (byId('share-day')),
  made: byId('share-made'),
  text: byId('share-text'),
  copy: /** @type {HTMLButtonElement} */ (byId('share-copy')),
  card: /** @type {HTMLAnchorElement} */ (byId('share-card')),
};

/** @type {{ key: api.PuzzleKey | null }} */
const state = { key: null };

/** @param {boolean} wholeDay */
async function makeShare(wholeDay) {
  const key = state.key;
  if (!key) return;
  const button = wholeDay ? ui.day : ui.one;
  try {
    const share = await api.client.share(
      wholeDay ? { date: key.date } : { date: key.date, kind: key.kind, level: key.level },
    );
    if (state.key !== key) return;
    ui.text.textContent = share.text;
    ui.card.href = share.urls.page;
    ui.made.hidden = false;
  } catch (error) {
    fail(error, button);
  }
}

ui.one.addEventListener('click', () => void makeShare(false));
ui.day.addEventListener('click', () => void makeShare(true));
ui.copy.addEventListener('click', async () => {
  try {
    await navigator.clipboard.writeText(ui.text.textContent ?? '');
    say('Copied: paste it in a chat.');
  } catch {
    // No clipboard (an insecure origin, or permission refused): select the text for the player to copy.
    const range = document.createRange();
    range.selectNodeContents(ui.text);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    say('Select and copy the text above.');
  }
});

/**
 * Offers a share of the solved puzzle `key` (and of its day).
 * @param {api.PuzzleKey} key
 */
export function showShare(key) {
  state.key = key;
  ui.made.hidden = true;
  ui.section.hidden = false;
}

export function hideShare() {
  state.key = null;
  ui.section.hidden = true;
}
