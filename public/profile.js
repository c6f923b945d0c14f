// @ts-check
/**
 * The player as it sees itself: the header's name and streak (and renaming), the profile panel (streak and
 * freezes, time zone, board visibility, ratings per kind) and its history of submissions, page by page.
 */

import * as api from './api.js';
import { reloadBoard } from './boards.js';
import { h } from './kinds/common.js';
import { act, byId, fail, formatTime, kindName, playerLabel, plural, say, scoreFigure } from './ui.js';

const HISTORY_PAGE_SIZE = 10;

const ui = {
  name: byId('player-name'),
  headerStreak: byId('player-streak'),
  toProfile: /** @type {HTMLButtonElement} */ (byId('to-profile')),
  rename: /** @type {HTMLDetailsElement} */ (byId('rename')),
  renameForm: /** @type {HTMLFormElement} */ (byId('rename-form')),
  renameInput: /** @type {HTMLInputElement} */ (byId('rename-input')),
  panel: byId('profile'),
  streak: byId('profile-streak'),
  timeZone: byId('profile-time-zone'),
  visibility: /** @type {HTMLSelectElement} */ (byId('profile-visibility')),
  ratings: byId('ratings'),
  ratingsEmpty: byId('ratings-empty'),
  history: byId('history-list'),
  historyEmpty: byId('history-empty'),
  historyMore: /** @type {HTMLButtonElement} */ (byId('history-more')),
  streakEnded: byId('streak-ended'),
};

/** @type {api.Player | null} */
let player = null;
/** @type {string | null} */
let historyCursor = null;

/**
 * How freezes work, said wherever a streak ends or is saved (the API's rule: src/rating/streak.ts).
 */
export const FREEZE_RULE =
  'Every 7 days of a streak earn a streak freeze (you can hold 2); each one covers a missed day by itself.';

/** Where the page remembers the streak it last showed a player, to notice once that it has ended. @param {string} playerId */
const shownStreakKey = (playerId) => `daily-puzzles.streak-shown.${playerId}`;

/**
 * Says once that the player's streak has ended: the API shows an ended streak as 0, so the page compares it
 * with the streak it showed last time. The note stays until the streak is back above 0.
 * @param {api.Player} shown
 */
function noticeEndedStreak(shown) {
  const key = shownStreakKey(shown.id);
  const before = Number(localStorage.getItem(key) ?? '0');
  const now = shown.streak.current;
  localStorage.setItem(key, String(now));
  if (now > 0) {
    ui.streakEnded.hidden = true;
  } else if (before > 0) {
    ui.streakEnded.textContent =
      `Your ${before}-day streak has ended: a day was missed with no streak freeze left to cover it. ` +
      `Solve any puzzle today to start a new one. ${FREEZE_RULE}`;
    ui.streakEnded.hidden = false;
  }
}

/** @param {api.Streak} streak */
export const streakText = (streak) => `${plural(streak.current, 'day')} (best ${streak.best})`;

/** @param {api.Player} shown */
export function showPlayer(shown) {
  player = shown;
  ui.name.textContent = playerLabel({ playerId: shown.id, displayName: shown.displayName });
  ui.headerStreak.textContent = shown.streak.current > 0 ? `${shown.streak.current}-day streak` : '';
  noticeEndedStreak(shown);
  ui.renameInput.value = shown.displayName ?? '';
  ui.streak.textContent = `${streakText(shown.streak)} · ${plural(shown.streak.freezes, 'freeze')} held`;
  ui.timeZone.textContent = shown.timeZone ?? 'UTC (until your first puzzle sets it)';
  ui.visibility.value = shown.boardVisibility;
  ui.ratings.replaceChildren(
    ...shown.ratings.map((r) =>
      h('tr', { 'data-kind': r.kind }, [
        h('td', { text: kindName(r.kind) }),
        h('td', { text: `${r.rating} ±${r.deviation}` }),
        h('td', { text: String(r.games) }),
        h('td', {}, r.provisional ? [h('span', { class: 'badge', text: 'provisional' })] : []),
      ]),
    ),
  );
  ui.ratingsEmpty.hidden = shown.ratings.length > 0;
}

/**
 * Shows the player afresh (after a solve, or when the page plays as another one) with the first page of
 * its history; `known` spares the read when the page has just got it.
 * @param {api.Player} [known]
 */
export async function refreshProfile(known) {
  const [shown, page] = await Promise.all([
    known ?? api.client.me(),
    api.client.history({ limit: HISTORY_PAGE_SIZE }),
  ]);
  showPlayer(shown);
  ui.history.replaceChildren();
  showHistory(page);
}

/** What became of a submission, in a word or two. @param {api.HistoryEntry} entry */
function verdictText(entry) {
  if (!entry.valid) return 'not solved';
  if (entry.practice) return 'practice';
  switch (entry.verdict) {
    case 'pending':
    case 'flagged':
      return 'under review';
    case 'approved':
      return 'ranked after review';
    case 'voided':
      return 'voided';
    default:
      return 'ranked';
  }
}

/** @param {api.History} page */
function showHistory(page) {
  ui.history.append(
    ...page.entries.map((e) =>
      h('li', { 'data-verdict': verdictText(e) }, [
        h('span', { class: 'what', text: `${e.date} · ${kindName(e.kind)} ${e.level}` }),
        h('span', { class: 'time', text: e.countedMs === null ? '–' : formatTime(e.countedMs, true) }),
        h('span', { class: 'score' }, e.score === null ? [] : ['score ', scoreFigure(e.score, false)]),
        h('span', { class: 'rank', text: e.rank === null ? '' : `rank ${e.rank} of ${e.solvers}` }),
        h('span', { class: 'verdict', text: verdictText(e) }),
      ]),
    ),
  );
  historyCursor = page.nextCursor;
  ui.historyMore.hidden = historyCursor === null;
  ui.historyEmpty.hidden = ui.history.childElementCount > 0;
}

ui.historyMore.addEventListener('click', () =>
  act(ui.historyMore, async () => {
    if (historyCursor)
      showHistory(await api.client.history({ limit: HISTORY_PAGE_SIZE, cursor: historyCursor }));
  }),
);

ui.toProfile.addEventListener('click', () => ui.panel.scrollIntoView({ behavior: 'smooth' }));

ui.renameForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void act(ui.renameForm.querySelector('button'), async () => {
    showPlayer(await api.client.updateMe({ displayName: ui.renameInput.value.trim() || null }));
    ui.rename.open = false;
    await reloadBoard();
  });
});

ui.visibility.addEventListener('change', () => {
  const boardVisibility = /** @type {api.BoardVisibility} */ (ui.visibility.value);
  api.client.updateMe({ boardVisibility }).then(
    (changed) => {
      showPlayer(changed);
      say(`Saved: on boards, ${ui.visibility.selectedOptions[0]?.textContent ?? boardVisibility}.`);
    },
    (error) => {
      if (player) ui.visibility.value = player.boardVisibility;
      fail(error);
    },
  );
});
