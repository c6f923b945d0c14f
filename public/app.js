// @ts-check
/**
 * The demo page: today's puzzles through the public API. One player per browser (anonymous until named,
 * shared with other devices by link codes); per puzzle a session (the server's start, the page's clock,
 * progress, the move log, result) in localStorage, so a reload keeps the clock, the board and the log.
 * Kind modules are loaded on demand and know nothing of the API except colour sort's reveal; they report
 * each move, which the page times and sends as the log. The panels around the puzzle live in their own
 * modules: boards.js, profile.js, devices.js, social.js.
 */

import * as api from './api.js';
import { hideBoard, showBoard } from './boards.js';
import { refreshDevices } from './devices.js';
import { hideFeedback, showFeedback } from './feedback.js';
import { askHintConsent } from './hint-consent.js';
import { FREEZE_RULE, refreshProfile, showPlayer, streakText } from './profile.js';
import { refreshReminder } from './reminders.js';
import { hideShare, showShare } from './share.js';
import { refreshSocial } from './social.js';
import './settings.js';
import {
  act,
  announce,
  byId,
  fail,
  formatTime,
  kindName,
  playerLabel,
  plural,
  say,
  scoreFigure,
  setKinds,
} from './ui.js';

/** @typedef {import('./kinds/common.js').Board} Board */
/** @typedef {{ createBoard: (puzzle: unknown, context: import('./kinds/common.js').BoardContext) => Board }} KindModule */
/**
 * @typedef {{ startedAt: string, clockStart: number, log: [number, number, number][], progress?: unknown,
 *   result?: api.SubmissionResult, finishedMs?: number, completedMs?: number, rejected?: string,
 *   practiceAccepted?: boolean }} Session
 * `startedAt` is the server's session start; `clockStart` the same moment on this page's clock (the server
 * says how long ago it was), so that log times and the timer agree with the server whatever the clocks.
 * `completedMs`: the clock's time when the board became complete; unset while it is not. `rejected`: the
 * complete position the server judged wrong (as JSON), so that it is not sent again. `practiceAccepted`:
 * the player agreed that hints make this solve practice, so the page asks no more.
 */

/**
 * Each kind's board lives in kinds/<kind>.js; the list of kinds, their names and level order come from the
 * service (GET /v1/kinds), so a new kind needs only its board module here.
 * @param {string} kind
 * @returns {Promise<KindModule>}
 */
const loadKind = (kind) => import(`./kinds/${kind}.js`);
const ui = {
  date: byId('date'),
  kinds: byId('kinds'),
  levels: byId('levels'),
  title: byId('puzzle-title'),
  timer: byId('timer'),
  submit: /** @type {HTMLButtonElement} */ (byId('submit')),
  hint: /** @type {HTMLButtonElement} */ (byId('hint')),
  info: byId('puzzle-info'),
  board: byId('board'),
  help: byId('help'),
  result: byId('result'),
  stats: byId('stats'),
  statsSummary: byId('stats-summary'),
  histogram: byId('histogram'),
};

const state = {
  /** @type {api.KindInfo[]} */
  kinds: [],
  /** The browser's IANA zone: which date is today, and the calendar a new player's streak counts in. */
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  /** @type {api.DayPuzzles | null} */
  day: null,
  /** @type {api.PuzzleKey | null} */
  key: null,
  /** @type {api.PuzzleView | null} */
  view: null,
  /** @type {Session | null} */
  session: null,
  /** @type {Board | null} */
  board: null,
  /** Bumped on every open: answers for an earlier puzzle are dropped. */
  generation: 0,
  /** @type {ReturnType<typeof setInterval> | undefined} */
  ticker: undefined,
  submitting: false,
};

// Sessions --------------------------------------------------------------------------------------------

/** @param {string} puzzleId */
const sessionKey = (puzzleId) => `daily-puzzles.session.${api.playerId()}.${puzzleId}`;

/** @param {string} puzzleId @returns {Session | null} */
function loadSession(puzzleId) {
  try {
    const session = JSON.parse(localStorage.getItem(sessionKey(puzzleId)) ?? 'null');
    return session &&
      typeof session.startedAt === 'string' &&
      typeof session.clockStart === 'number' &&
      Array.isArray(session.log)
      ? session
      : null;
  } catch {
    return null;
  }
}

function saveSession() {
  if (state.view && state.session) {
    localStorage.setItem(sessionKey(state.view.id), JSON.stringify(state.session));
  }
}

// Navigation ------------------------------------------------------------------------------------------

/** The levels of a kind that today has, easiest first. @param {string} kind */
function levelsOf(kind) {
  const levels = (state.day?.puzzles ?? []).filter((p) => p.kind === kind).map((p) => p.level);
  const order = state.kinds.find((k) => k.kind === kind)?.levels ?? [];
  return order.filter((l) => levels.includes(l));
}

/** @param {HTMLElement} nav @param {{ href: string, text: string, current: boolean, done: boolean }[]} links */
function renderLinks(nav, links) {
  nav.replaceChildren(
    ...links.map((link) => {
      const a = document.createElement('a');
      a.href = link.href;
      a.textContent = link.done ? `${link.text} ✓` : link.text;
      if (link.current) a.setAttribute('aria-current', 'page');
      return a;
    }),
  );
}

function renderNav() {
  const day = state.day;
  if (!day) return;
  const current = state.key;
  /** @param {string} kind @param {string} level */
  const done = (kind, level) => Boolean(loadSession(`${day.date}:${kind}:${level}`)?.result);
  const kinds = state.kinds.map((k) => k.kind).filter((k) => levelsOf(k).length > 0);
  renderLinks(
    ui.kinds,
    kinds.map((kind) => ({
      href: `#/${kind}/${current?.kind === kind ? current.level : levelsOf(kind)[0]}`,
      text: kindName(kind),
      current: current?.kind === kind,
      done: levelsOf(kind).every((level) => done(kind, level)),
    })),
  );
  if (!current) return;
  renderLinks(
    ui.levels,
    levelsOf(current.kind).map((level) => ({
      href: `#/${current.kind}/${level}`,
      text: level,
      current: level === current.level,
      done: done(current.kind, level),
    })),
  );
}

/** The puzzle the address names, or the first of the day. @returns {api.PuzzleKey | null} */
function keyFromHash() {
  const day = state.day;
  if (!day || day.puzzles.length === 0) return null;
  const [kind, level] = location.hash.replace(/^#\/?/, '').split('/');
  const named = day.puzzles.find((p) => p.kind === kind && p.level === level);
  const first = day.puzzles.find(
    (p) => p.kind === state.kinds.find((k) => levelsOf(k.kind).length > 0)?.kind,
  );
  const chosen = named ?? first ?? day.puzzles[0];
  return chosen ? { date: day.date, kind: chosen.kind, level: chosen.level } : null;
}

// Timer -----------------------------------------------------------------------------------------------

function stopTimer() {
  clearInterval(state.ticker);
  state.ticker = undefined;
}

function startTimer() {
  stopTimer();
  const tick = () => {
    if (state.session) ui.timer.textContent = formatTime(Date.now() - state.session.clockStart);
  };
  tick();
  state.ticker = setInterval(tick, 250);
}

/**
 * The clock follows the board: it stops the moment the board is complete, shows the time of that moment
 * (kept across reloads) and the solve is submitted at once with that time, so the time shown is the time
 * counted (the server lowers its own by the client's by up to 2 s, more than a submission takes to arrive).
 * It runs on once the board changes, and on a complete position the server has already judged wrong.
 */
function followBoard() {
  const { board, session } = state;
  if (!board || !session || session.result) return;
  if (board.complete() && JSON.stringify(board.solution()) !== session.rejected) {
    session.completedMs ??= Date.now() - session.clockStart;
    stopTimer();
    ui.timer.textContent = formatTime(session.completedMs, true);
    saveSession();
    void submit().catch(fail);
    return;
  }
  delete session.completedMs;
  if (state.ticker === undefined) startTimer();
  saveSession();
}

// Playing ---------------------------------------------------------------------------------------------

/** Submit stays as the way to send again a solve whose automatic submission did not get through. */
function updateSubmit() {
  ui.submit.disabled =
    state.session?.completedMs === undefined || state.submitting || Boolean(state.session?.result);
}

/**
 * Shows a puzzle. One this device has started before comes back as it was left (its clock ran on at the
 * server); any other is shown covered with a Start button, from the day's public list alone: its ranked
 * clock starts when the player presses Start, not when it only looks at the level.
 * @param {api.PuzzleKey} key
 */
async function open(key) {
  const generation = ++state.generation;
  stopTimer();
  state.key = key;
  state.board = null;
  state.view = null;
  state.session = null;
  renderNav();
  ui.title.textContent = `${kindName(key.kind)} · ${key.level}`;
  ui.board.replaceChildren();
  ui.info.textContent = '';
  ui.help.textContent = '';
  ui.timer.textContent = '0:00';
  ui.result.hidden = true;
  ui.hint.hidden = true;
  hideFeedback();
  hideShare();
  hideBoard();
  ui.stats.hidden = true;
  say('');
  updateSubmit();

  const listed = state.day?.puzzles.find((p) => p.kind === key.kind && p.level === key.level);
  if (!listed) throw new Error(`There is no ${kindName(key.kind)} ${key.level} puzzle today`);
  showInfo(listed, false);
  if (loadSession(listed.id)) {
    say('Loading…');
    await play(key, generation);
    return;
  }
  showCover(key, generation);
}

/**
 * The puzzle's line above the board. The techniques it needs tell how to solve it, so they show only once
 * the player has started (pressed Start): a covered puzzle gives nothing away.
 * @param {api.DayPuzzles['puzzles'][number]} puzzle
 * @param {boolean} started
 */
function showInfo(puzzle, started) {
  const d = puzzle.difficulty;
  ui.info.textContent =
    `${d.level} · par ${formatTime(puzzle.benchmarkSeconds * 1000)} · puzzle rating ${puzzle.rating}` +
    (started && d.techniques.length ? ` · needs ${d.techniques.join(', ')}` : '');
}

/**
 * The board's place, covered: nothing of the puzzle is drawn until Start, which fetches it with the
 * player's token (the server's session, the ranked clock, begins with that fetch).
 * @param {api.PuzzleKey} key
 * @param {number} generation
 */
function showCover(key, generation) {
  // The board's code meanwhile, so that Start shows the board at once.
  loadKind(key.kind).catch(() => undefined);
  const start = document.createElement('button');
  start.type = 'button';
  start.id = 'start';
  start.textContent = 'Start';
  const note = document.createElement('p');
  note.textContent = 'The puzzle stays covered until you start: your ranked time runs from then.';
  const cover = document.createElement('div');
  cover.className = 'cover';
  cover.append(note, start);
  ui.board.replaceChildren(cover);
  start.addEventListener('click', () =>
    act(start, async () => {
      say('Loading…');
      await play(key, generation);
    }),
  );
  start.focus();
}

/**
 * Fetches the puzzle with the player's token (starting or resuming its session) and shows its board.
 * @param {api.PuzzleKey} key
 * @param {number} generation
 */
async function play(key, generation) {
  const [view, module] = await Promise.all([
    api.client.puzzle(key.date, key.kind, key.level, { tz: state.timeZone }),
    loadKind(key.kind).catch(() => {
      throw new Error(`This page cannot show ${kindName(key.kind)} puzzles yet`);
    }),
  ]);
  if (generation !== state.generation) return;
  if (!view.session) throw new Error('The server started no session');
  let session = loadSession(view.id);
  if (session?.startedAt !== view.session.startedAt) {
    session = { startedAt: view.session.startedAt, clockStart: Date.now() - view.session.elapsedMs, log: [] };
  }
  state.view = view;
  state.session = session;
  saveSession();

  const board = module.createBoard(view.puzzle, {
    changed(entry) {
      if (state.board !== board || !state.session) return;
      // A hint is about the position it was asked for: the next change leaves it behind.
      board.showHint(null);
      if (entry) state.session.log.push([Date.now() - state.session.clockStart, entry[0], entry[1]]);
      state.session.progress = board.snapshot();
      saveSession();
      followBoard();
      updateSubmit();
    },
    retracted() {
      if (state.board !== board || !state.session) return;
      board.showHint(null);
      state.session.log.pop();
      state.session.progress = board.snapshot();
      saveSession();
      followBoard();
      updateSubmit();
    },
    say,
    announce,
    // Only a colour sort board asks, so the key's level is one of colour sort's.
    reveal: (moves) => api.client.reveal(key.date, /** @type {api.ColorSortLevel} */ (key.level), moves),
    saved: session.progress,
  });
  state.board = board;
  ui.hint.hidden = !hasHints(key.kind) || Boolean(session.result);
  ui.board.replaceChildren(board.element);
  ui.help.textContent = board.help;
  showInfo(view, true);
  say('');

  if (session.result) {
    board.setLocked(true);
    ui.timer.textContent = formatTime(session.result.countedMs ?? session.finishedMs ?? 0, true);
    showResult(session.result);
    offerShare(key, session.result);
    await Promise.all([showBoard(key), showStats(), showFeedback(key)]);
  } else {
    board.element.focus();
    followBoard();
  }
  updateSubmit();
}

/**
 * A ranked solve may be shared, as the server allows it: a practice solve counts nowhere and a flagged one
 * waits for a moderator, so neither has a result to show.
 * @param {api.PuzzleKey} key
 * @param {api.SubmissionResult} result
 */
function offerShare(key, result) {
  if (!result.practice && result.verdict !== 'flagged') showShare(key);
}

/**
 * Sends the complete board with the clock's time of its completion; the board takes no input meanwhile.
 * A wrong solution is recorded by the server as an attempt, and the clock runs on.
 */
async function submit() {
  const { key, board, session } = state;
  if (!key || !board || !session || session.result || state.submitting) return;
  if (session.completedMs === undefined) return;
  const generation = state.generation;
  const elapsedMs = session.completedMs;
  state.submitting = true;
  board.setLocked(true);
  updateSubmit();
  say('Checking…');
  let solved = false;
  try {
    const solution = board.solution();
    // The board is the key's kind, so its solution is in that kind's format.
    const submission = /** @type {api.Submission} */ ({ solution, log: session.log, elapsedMs });
    const result = await api.client.submit(key.date, key.kind, key.level, submission);
    if (generation !== state.generation) return;
    if (!result.valid) {
      session.rejected = JSON.stringify(solution);
      delete session.completedMs;
      saveSession();
      startTimer();
      say(`Not solved: ${result.reason ?? 'the solution was rejected'}`, 'error');
      return;
    }
    solved = true;
    ui.hint.hidden = true;
    session.result = result;
    session.finishedMs = elapsedMs;
    saveSession();
    stopTimer();
    ui.timer.textContent = formatTime(result.countedMs ?? elapsedMs, true);
    say(resultLine(result));
    renderNav();
    showResult(result);
    offerShare(key, result);
    await Promise.all([showBoard(key), showStats(), refreshProfile(), showFeedback(key)]);
  } catch (error) {
    if (!(error instanceof api.ApiError)) throw error;
    say(error.message, 'error');
  } finally {
    state.submitting = false;
    if (!solved && state.board === board) board.setLocked(false);
    updateSubmit();
  }
}

ui.submit.addEventListener('click', () => void submit().catch(fail));
ui.hint.addEventListener('click', () => void hintClicked().catch(fail));

/** Whether the service gives hints for `kind` (GET /v1/kinds). @param {api.Kind} kind */
const hasHints = (kind) => state.kinds.find((k) => k.kind === kind)?.hints === true;

/**
 * A hint, asked for with the player's consent when the server says the first one ends a ranked solve
 * (`hint_ends_ranking`): the server knows whether the solve is still ranked, so a practice solve is never
 * asked.
 */
async function hintClicked() {
  let needsConsent = false;
  await act(ui.hint, async () => {
    needsConsent = !(await hint());
  });
  if (!needsConsent) return;
  const session = state.session;
  if (!(await askHintConsent(ui.hint))) {
    say('No hint: this solve stays ranked.');
    return;
  }
  if (!session || state.session !== session) return;
  session.practiceAccepted = true;
  saveSession();
  await act(ui.hint, hint);
}

/**
 * Asks the server for the grader's next step and marks it on the board; a solve after one is practice.
 * False when the server wants the player's consent first, true otherwise.
 * @returns {Promise<boolean>}
 */
async function hint() {
  const { board, key, session } = state;
  if (!board || !key || !session) return true;
  const acceptPractice = session.practiceAccepted === true;
  let answer;
  try {
    answer = await api.client.hint(key.date, key.kind, key.level, board.hintPosition(), { acceptPractice });
  } catch (error) {
    if (error instanceof api.ApiError && error.code === 'hint_ends_ranking' && !acceptPractice) return false;
    throw error;
  }
  if (state.board !== board) return true;
  board.showHint(answer.hint);
  say(`${answer.hint.explanation} (hint ${answer.hintsUsed}: this solve is practice now)`);
  return true;
}

// After the solve -------------------------------------------------------------------------------------

/**
 * What a pending solve means, said where the result is: why it waits, for how long, and where its outcome
 * will show. A review is done by a person, so the page promises no hour, only what to expect.
 * @param {number | undefined} wouldBeRank
 */
const pendingNote = (wouldBeRank) =>
  'Your solve is valid and kept; it is waiting for a review because it is faster than your history so far ' +
  '(a fast first solve often is). A moderator, a person, looks at it, which can take a few days; until then ' +
  'it is on no public board and does not change your rating, and your streak day is kept. Your History ' +
  '(in your profile below) shows it as "under review", then "ranked after review" or "voided"' +
  (wouldBeRank === undefined ? '.' : `; approved now, it would be #${wouldBeRank} on this puzzle's board.`);

/** The status line after a valid solve. @param {api.SubmissionResult} result */
function resultLine(result) {
  if (result.verdict === 'pending') return 'Solved, and held for review: see below for what that means.';
  if (result.verdict === 'flagged') {
    return 'Solved. A moderator will look at this solve before it is ranked (under review).';
  }
  if (result.practice) return practiceReason(result);
  return result.repeated ? 'Already ranked: this is the result of your first solve.' : 'Solved!';
}

/** Why a solve is practice, in the player's words. @param {api.SubmissionResult} result */
const practiceReason = (result) =>
  result.hints
    ? `Solved as practice because you took ${plural(result.hints, 'hint')}: it counts on no leaderboard, rating or streak.`
    : "Solved as practice: this date's ranking has closed, so it counts nowhere.";

/** What a solve did to the streak, said in the result (nothing when it only added the day). */
const STREAK_CHANGES = {
  started: 'a new streak begins',
  extended: '',
  frozen: 'a streak freeze covered the missed day and kept your streak',
  reset: `a missed day with no freeze left ended your streak; a new one begins. ${FREEZE_RULE}`,
};

/** @param {api.SubmissionResult} result */
function showResult(result) {
  /** @param {string} id @param {string} text */
  const put = (id, text) => {
    byId(id).textContent = text;
  };
  const rating = result.rating;
  const change = rating ? rating.after - rating.before : 0;
  put(
    'result-time',
    formatTime(result.countedMs ?? 0, true) + (result.capped ? ' (capped by the server clock)' : ''),
  );
  if (result.score === undefined) put('result-score', '–');
  else byId('result-score').replaceChildren(scoreFigure(result.score));
  put(
    'result-rating',
    rating
      ? `${rating.before} → ${rating.after} (${change >= 0 ? '+' : '−'}${Math.abs(change)}) ±${rating.deviation}`
      : '–',
  );
  put(
    'result-rank',
    result.verdict === 'flagged' || result.verdict === 'pending'
      ? 'under review'
      : result.practice
        ? result.hints
          ? `practice: you took ${plural(result.hints, 'hint')}`
          : 'practice: ranking has closed'
        : result.rank === undefined
          ? '–'
          : `${result.rank} of ${result.solvers}`,
  );
  put(
    'result-percentile',
    result.fasterThanPercent === undefined ? '–' : `${result.fasterThanPercent} % of solvers`,
  );
  const note = byId('result-note');
  note.textContent =
    result.verdict === 'pending'
      ? pendingNote(result.wouldBeRank)
      : result.practice
        ? practiceReason(result)
        : '';
  note.hidden = note.textContent === '';
  const said = result.streak.change ? STREAK_CHANGES[result.streak.change] : '';
  put('result-streak', streakText(result.streak) + (said ? ` · ${said}` : ''));
  ui.result.hidden = false;
}

async function showStats() {
  const key = state.key;
  if (!key) return;
  const generation = state.generation;
  // With the player's token: the server first copies the player's own solve off the live board, so the
  // panel counts it exactly as the board beside it does (anonymous, it could still read 0 solvers).
  const stats = await api.client.stats(key.date, key.kind, key.level, { fresh: true });
  if (generation !== state.generation) return;
  const mine = state.session?.result?.countedMs;
  const highest = Math.max(1, ...stats.histogram.map((b) => b.count));
  ui.histogram.replaceChildren(
    ...stats.histogram.map((bucket) => {
      const range =
        bucket.toMs === null
          ? `${formatTime(bucket.fromMs)}+`
          : `${formatTime(bucket.fromMs)}–${formatTime(bucket.toMs)}`;
      const isMine =
        mine !== undefined && mine >= bucket.fromMs && (bucket.toMs === null || mine < bucket.toMs);
      const column = document.createElement('div');
      column.className = isMine ? 'bucket mine' : 'bucket';
      column.title = `${range}: ${plural(bucket.count, 'solver')}`;
      column.dataset.count = String(bucket.count);
      const count = document.createElement('span');
      count.className = 'count';
      count.textContent = bucket.count ? String(bucket.count) : '';
      const bar = document.createElement('div');
      bar.className = 'bar';
      bar.style.height = `${(bucket.count / highest) * 100}%`;
      const label = document.createElement('span');
      label.className = 'range';
      label.textContent = range;
      column.append(count, bar, label);
      return column;
    }),
  );
  ui.statsSummary.textContent =
    plural(stats.solvers, 'solver') +
    (stats.medianMs === null ? '' : ` · median ${formatTime(stats.medianMs, true)}`) +
    ` · par ${formatTime(stats.benchmarkSeconds * 1000)}` +
    (mine === undefined ? '' : ' · your time is highlighted');
  ui.stats.hidden = false;
}

// Start -----------------------------------------------------------------------------------------------

async function route() {
  const key = keyFromHash();
  if (!key) {
    say('No puzzles today yet.', 'error');
    return;
  }
  const wanted = `#/${key.kind}/${key.level}`;
  if (location.hash !== wanted) history.replaceState(null, '', wanted);
  await open(key);
}

/** The panels of the player: profile and history, its reminder, devices, follows and groups. @param {api.Player} [player] */
const refreshAccount = (player) =>
  Promise.all([refreshProfile(player), refreshDevices(), refreshReminder(), refreshSocial()]);

/**
 * The page plays as another player now (linked, or signed out from another device): every panel and the
 * puzzle's session are that player's.
 * @param {api.PlayerChange} change
 */
async function switchPlayer(change) {
  showPlayer(change.player);
  await Promise.all([refreshAccount(change.player), route()]);
  const name = playerLabel({ playerId: change.player.id, displayName: change.player.displayName });
  if (change.reason === 'signed-out') say(api.SIGNED_OUT, 'error');
  else say(`This device now plays as ${name}.`);
}

/**
 * This device's player. A new one may have to wait its turn where many people join from one network (a
 * school, an office: the service lets an address make a few players a minute): the page says so and tries
 * again when the service says it may, rather than leaving a dead page.
 * @returns {ReturnType<typeof api.ensurePlayer>}
 */
async function patientPlayer() {
  for (;;) {
    try {
      return await api.ensurePlayer();
    } catch (error) {
      if (!(error instanceof api.ApiError) || error.code !== 'rate_limited') throw error;
      const seconds = Number(error.details?.retryAfterSeconds) || 60;
      say(`Many new players are joining from your network. This page tries again in ${seconds} s.`);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      say('');
    }
  }
}

async function main() {
  const [{ player, signedOut }, { kinds }] = await Promise.all([patientPlayer(), api.anonymous.kinds()]);
  state.kinds = kinds;
  setKinds(kinds);
  showPlayer(player);
  api.onPlayerChange((change) => void switchPlayer(change).catch(fail));
  state.day = await api.anonymous.today({ tz: state.timeZone }).catch((error) => {
    if (error instanceof api.ApiError && error.code === 'invalid_time_zone') {
      state.timeZone = 'UTC';
      return api.anonymous.today({ tz: 'UTC' });
    }
    throw error;
  });
  ui.date.textContent = state.day.date;
  window.addEventListener('hashchange', () => void route().catch(fail));
  // After the puzzle: its first fetch gives a new player its time zone.
  await route();
  await refreshAccount();
  if (signedOut) say(api.SIGNED_OUT, 'error');
  document.body.dataset.ready = 'true';
}

main().catch(fail);
