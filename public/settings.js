// @ts-check
/**
 * The page's settings, kept in this browser: how colour sort marks its colours beside their hue (letters,
 * patterns, or both), so that no colour has to be told by hue alone. The choice is an attribute of the
 * document that style.css reads, so boards need not be redrawn.
 */

import { byId } from './ui.js';

const KEY = 'daily-puzzles.colour-marks';
const MARKS = ['letters', 'patterns', 'both'];

const select = /** @type {HTMLSelectElement} */ (byId('colour-marks'));

/** @param {string} marks */
function apply(marks) {
  const chosen = MARKS.includes(marks) ? marks : 'letters';
  document.documentElement.dataset.colourMarks = chosen;
  select.value = chosen;
}

apply(localStorage.getItem(KEY) ?? 'letters');
select.addEventListener('change', () => {
  localStorage.setItem(KEY, select.value);
  apply(select.value);
});
