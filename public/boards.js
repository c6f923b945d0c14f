// @ts-check
/**
 * The leaderboard beside a solved puzzle: this puzzle's times or today's totals over every puzzle, among
 * everyone, the players followed, or one of the player's groups; page by page, the player's own rank in
 * the scope below. Rows of other players carry a follow button; players one may not see are not listed.
 */

import * as api from './api.js';
import { h } from './kinds/common.js';
import { isFollowed, myGroups, onSocialChange, toggleFollow } from './social.js';
import { act, byId, fail, formatTime, playerLabel, plural } from './ui.js';

/** Rows per page: the sidebar keeps the histogram in view below it. */
const PAGE_SIZE = 8;

const ui = {
  section: byId('leaderboard'),
  solvers: byId('board-solvers'),
  kind: byId('board-kind'),
  scope: byId('board-scope'),
  head: byId('board-head'),
  rows: byId('board-rows'),
  prev: /** @type {HTMLButtonElement} */ (byId('board-prev')),
  next: /** @type {HTMLButtonElement} */ (byId('board-next')),
  page: byId('board-page'),
  me: byId('board-me'),
  held: byId('board-held'),
};

const state = {
  /** @type {api.PuzzleKey | null} */
  key: null,
  daily: false,
  /** @type {api.Scope} */
  scope: 'global',
  /** Cursors of the pages seen so far; the last is the current page. @type {(string | null)[]} */
  pages: [null],
  /** @type {string | null} */
  nextCursor: null,
  /** Bumped on every load: answers for an earlier one are dropped. */
  generation: 0,
};

/** Shows the boards of a puzzle from their first page. @param {api.PuzzleKey} key */
export async function showBoard(key) {
  state.key = key;
  state.pages = [null];
  await reloadBoard();
}

export function hideBoard() {
  state.key = null;
  state.generation++;
  ui.section.hidden = true;
}

/** Reads the current page again (a name, a follow or a group changed); nothing while no board is shown. */
export async function reloadBoard() {
  const key = state.key;
  if (!key) return;
  if (state.scope.startsWith('group:') && !myGroups().some((g) => `group:${g.id}` === state.scope)) {
    state.scope = 'global';
    state.pages = [null];
  }
  const generation = ++state.generation;
  /** @type {api.BoardPage} the standings as they are now, with the solve just made */
  const page = {
    limit: PAGE_SIZE,
    cursor: state.pages[state.pages.length - 1] ?? undefined,
    scope: state.scope,
    fresh: true,
  };
  const board = state.daily
    ? await api.client.dailyLeaderboard(key.date, page)
    : await api.client.leaderboard(key.date, key.kind, key.level, page);
  if (generation !== state.generation) return;
  renderTabs();
  if ('players' in board) renderDaily(board);
  else renderPuzzle(board);
  state.nextCursor = board.nextCursor;
  ui.page.textContent = `page ${state.pages.length}`;
  ui.prev.disabled = state.pages.length <= 1;
  ui.next.disabled = board.nextCursor === null;
  ui.section.hidden = false;
}

/**
 * @param {HTMLElement} group
 * @param {{ label: string, pressed: boolean, select: () => void }[]} tabs
 */
function renderTabGroup(group, tabs) {
  group.replaceChildren(
    ...tabs.map((tab) => {
      const button = h('button', { type: 'button', 'aria-pressed': tab.pressed, text: tab.label });
      button.addEventListener('click', () => {
        tab.select();
        state.pages = [null];
        void reloadBoard().catch(fail);
      });
      return button;
    }),
  );
}

function renderTabs() {
  renderTabGroup(ui.kind, [
    { label: 'This puzzle', pressed: !state.daily, select: () => (state.daily = false) },
    { label: 'Today', pressed: state.daily, select: () => (state.daily = true) },
  ]);
  /** @type {{ label: string, scope: api.Scope }[]} */
  const scopes = [
    { label: 'Everyone', scope: 'global' },
    { label: 'Following', scope: 'following' },
    ...myGroups().map((g) => ({ label: g.name, scope: /** @type {api.Scope} */ (`group:${g.id}`) })),
  ];
  renderTabGroup(
    ui.scope,
    scopes.map((s) => ({
      label: s.label,
      pressed: s.scope === state.scope,
      select: () => {
        state.scope = s.scope;
      },
    })),
  );
}

/** @param {string[]} columns */
function renderHead(columns) {
  ui.head.replaceChildren(
    h(
      'tr',
      {},
      [...columns, ''].map((text) =>
        h('th', { scope: 'col' }, text ? [text] : [h('span', { class: 'visually-hidden', text: 'Follow' })]),
      ),
    ),
  );
}

/**
 * A row: rank, player (its whole name as the title: a long one is cut short), the other cells, then the
 * follow button of a player one may follow (not oneself).
 * @param {api.ShownPlayer & { rank: number }} player
 * @param {string[]} cells
 */
function row(player, cells) {
  const name = playerLabel(player);
  const tr = h('tr', {}, [
    h('td', { text: String(player.rank) }),
    h('td', { text: name, title: name }),
    ...cells.map((text) => h('td', { text })),
  ]);
  const { playerId, displayName } = player;
  if (playerId === api.playerId()) tr.classList.add('me');
  const cell = h('td');
  if (playerId !== api.playerId()) {
    const followed = isFollowed(playerId);
    const button = h('button', {
      type: 'button',
      class: 'follow',
      'data-action': followed ? 'unfollow' : 'follow',
      'aria-label': `${followed ? 'Unfollow' : 'Follow'} ${name}`,
      text: followed ? 'Unfollow' : 'Follow',
    });
    button.addEventListener('click', () => act(button, () => toggleFollow({ playerId, displayName })));
    cell.append(button);
  }
  tr.append(cell);
  return tr;
}

/**
 * Everyone's board keeps its top 10 places for players with a long history or a moderator's word: say how
 * many rows wait, and when it is the player's own, why and when it will show.
 * @param {{ heldForReview: number }} board
 * @param {number | null} myRank the player's own rank on this board, if it has one
 * @param {boolean} mineShown the player's own row is on this page
 */
function renderHeld(board, myRank, mineShown) {
  const mineHeld = myRank !== null && myRank <= 10 && !mineShown && board.heldForReview > 0;
  ui.held.hidden = board.heldForReview === 0;
  ui.held.textContent = mineHeld
    ? `Your row is one of ${plural(board.heldForReview, 'fast solve')} not shown in everyone's top 10 yet: ` +
      'new accounts appear there once they have played on 20 different days (about three weeks), or once a ' +
      'moderator has looked. Your time and rank count already, and your friends and groups see you.'
    : `${plural(board.heldForReview, 'fast solve')} of new accounts wait here for a longer history before everyone's top 10 shows them.`;
}

/** @param {api.PuzzleBoard} board */
function renderPuzzle(board) {
  renderHeld(
    board,
    board.me?.rank ?? null,
    board.entries.some((e) => e.playerId === api.playerId()),
  );
  renderHead(['#', 'Player', 'Time']);
  ui.rows.replaceChildren(...board.entries.map((e) => row(e, [formatTime(e.countedMs, true)])));
  ui.solvers.textContent = plural(board.solvers, 'solver');
  ui.me.textContent = board.me
    ? `You: rank ${board.me.rank} of ${board.solvers}, faster than ${board.me.fasterThanPercent} %`
    : board.meUnderReview
      ? 'You: your solve is under review'
      : '';
}

/** @param {api.DailyBoard} board */
function renderDaily(board) {
  renderHeld(
    board,
    board.me?.rank ?? null,
    board.entries.some((e) => e.playerId === api.playerId()),
  );
  renderHead(['#', 'Player', 'Score', 'Solved']);
  ui.rows.replaceChildren(...board.entries.map((e) => row(e, [e.total.toFixed(2), String(e.solved)])));
  ui.solvers.textContent = `${plural(board.players, 'player')} today`;
  ui.me.textContent = board.me
    ? `You: rank ${board.me.rank} of ${board.players} today, ${plural(board.me.solved, 'puzzle')} solved, total ${board.me.total.toFixed(2)}`
    : '';
}

ui.next.addEventListener('click', () => {
  if (!state.nextCursor) return;
  state.pages.push(state.nextCursor);
  void reloadBoard().catch(fail);
});
ui.prev.addEventListener('click', () => {
  if (state.pages.length <= 1) return;
  state.pages.pop();
  void reloadBoard().catch(fail);
});

onSocialChange(() => void reloadBoard().catch(fail));
