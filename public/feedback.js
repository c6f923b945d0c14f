// @ts-check
/**
 * After a solve: the player's vote on the puzzle (how much fun, how hard it felt for its level) and a
 * report of a broken or mislabelled puzzle. Both go to the API as the player; the vote is shown as the
 * server keeps it, so a reload or another device shows the same.
 */

import * as api from './api.js';
import { byId, fail, say } from './ui.js';

/** @typedef {import('./daily-puzzles/client/index.js').Vote} Vote */
/** @typedef {import('./daily-puzzles/client/index.js').Felt} Felt */
/** @typedef {import('./daily-puzzles/client/index.js').ReportReason} ReportReason */

const FELT_LABELS = /** @type {const} */ ({ easier: 'Easier', right: 'About right', harder: 'Harder' });

const ui = {
  section: byId('feedback'),
  fun: byId('vote-fun'),
  felt: byId('vote-felt'),
  thanks: byId('vote-thanks'),
  reportForm: /** @type {HTMLFormElement} */ (byId('report-form')),
  reportReason: /** @type {HTMLSelectElement} */ (byId('report-reason')),
  reportNote: /** @type {HTMLTextAreaElement} */ (byId('report-note')),
};

/** @type {{ key: api.PuzzleKey | null, fun: number | null, felt: Felt | null }} */
const state = { key: null, fun: null, felt: null };

/** @param {HTMLElement} group @param {string} value */
function press(group, value) {
  for (const button of group.querySelectorAll('button')) {
    button.setAttribute('aria-pressed', String(button.dataset.value === value));
  }
}

/** @param {Vote | null} vote */
function showVote(vote) {
  state.fun = vote?.fun ?? null;
  state.felt = vote?.felt ?? null;
  press(ui.fun, String(state.fun));
  press(ui.felt, String(state.felt));
  ui.thanks.textContent = vote ? 'Thanks: your vote counts.' : '';
}

/**
 * Shows the stored vote, except where the player already chose while it was loading: a quick click must
 * not be undone by the answer arriving after it. A choice completed by the stored half is sent.
 * @param {Vote | null} stored
 */
function keepChoicesOver(stored) {
  if (state.fun === null && state.felt === null) {
    showVote(stored);
    return;
  }
  const alreadySent = state.fun !== null && state.felt !== null;
  state.fun ??= stored?.fun ?? null;
  state.felt ??= stored?.felt ?? null;
  press(ui.fun, String(state.fun));
  press(ui.felt, String(state.felt));
  if (!alreadySent) void sendVote();
}

async function sendVote() {
  const key = state.key;
  if (!key || state.fun === null || state.felt === null) return;
  try {
    showVote(await api.client.vote(key.date, key.kind, key.level, { fun: state.fun, felt: state.felt }));
  } catch (error) {
    fail(error, ui.felt);
  }
}

function buildButtons() {
  ui.fun.replaceChildren(
    ...[1, 2, 3, 4, 5].map((fun) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.value = String(fun);
      button.textContent = '★'.repeat(fun);
      button.setAttribute('aria-label', `Fun: ${fun} of 5`);
      button.addEventListener('click', () => {
        state.fun = fun;
        press(ui.fun, String(fun));
        void sendVote();
      });
      return button;
    }),
  );
  ui.felt.replaceChildren(
    ...Object.entries(FELT_LABELS).map(([felt, label]) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.value = felt;
      button.textContent = label;
      button.addEventListener('click', () => {
        state.felt = /** @type {Felt} */ (felt);
        press(ui.felt, felt);
        void sendVote();
      });
      return button;
    }),
  );
}

ui.reportForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const key = state.key;
  if (!key) return;
  const note = ui.reportNote.value.trim();
  try {
    await api.client.report(key.date, key.kind, key.level, {
      reason: /** @type {ReportReason} */ (ui.reportReason.value),
      ...(note ? { note } : {}),
    });
    ui.reportNote.value = '';
    say('Thanks: the moderators will look at it.');
  } catch (error) {
    fail(error, ui.reportNote);
  }
});

buildButtons();

/**
 * Shows the vote and report for the solved puzzle `key`, with the player's vote so far.
 * @param {api.PuzzleKey} key
 */
export async function showFeedback(key) {
  state.key = key;
  showVote(null);
  ui.section.hidden = false;
  try {
    const stats = await api.client.stats(key.date, key.kind, key.level, { fresh: true });
    if (state.key === key) keepChoicesOver(stats.myVote);
  } catch (error) {
    fail(error);
  }
}

export function hideFeedback() {
  state.key = null;
  ui.section.hidden = true;
}
