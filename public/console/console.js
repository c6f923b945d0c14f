// @ts-check
/**
 * The operators' console: static assets over the admin routes and the typed admin client, like the demo
 * page over the players' routes. The token is kept in this tab's sessionStorage only (gone when the tab
 * closes, never shared with another tab or the demo page). Every action sends the reason the moderator
 * typed; the server audits it under the moderator's name.
 */

import { ApiError, createAdminClient, createClient } from '../daily-puzzles/client/index.js';

/**
 * @typedef {import('../daily-puzzles/client/index.js').AdminClient} AdminClient
 * @typedef {import('../daily-puzzles/client/index.js').Flag} Flag
 * @typedef {import('../daily-puzzles/client/index.js').ReviewItem} ReviewItem
 * @typedef {import('../daily-puzzles/client/index.js').WhoAmI} WhoAmI
 * @typedef {import('../daily-puzzles/client/index.js').UpcomingPuzzle} UpcomingPuzzle
 * @typedef {import('../daily-puzzles/client/index.js').ModeratorView} ModeratorView
 * @typedef {import('../daily-puzzles/client/index.js').Analytics} Analytics
 * @typedef {import('../daily-puzzles/client/index.js').PuzzleFeedback} PuzzleFeedback
 * @typedef {import('../daily-puzzles/client/index.js').PuzzleStats} PuzzleStats
 * @typedef {import('../daily-puzzles/client/index.js').TopEvidence} TopEvidence
 * @typedef {import('../daily-puzzles/client/index.js').PlayerEvidence} PlayerEvidence
 * @typedef {'queue' | 'today' | 'upcoming' | 'feedback' | 'analytics' | 'moderators' | 'audit'} Screen
 */

const TOKEN_KEY = 'daily-puzzles.console-token';
const SCREENS = /** @type {const} */ ([
  'queue',
  'today',
  'upcoming',
  'feedback',
  'analytics',
  'moderators',
  'audit',
]);

const admin = createAdminClient(location.origin, { token: () => sessionStorage.getItem(TOKEN_KEY) });
/** The public boards and statistics, as any visitor reads them: no token. */
const publicApi = createClient(location.origin);

/** @type {WhoAmI | null} */
let me = null;
/** @type {ReviewItem[]} */
let queue = [];
let selected = -1;
/** The action a key asked for while the reason was still empty: the next submit of the reason does it. */
/** @type {string | null} */
let pendingAction = null;

/** @param {string} id */
function byId(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing`);
  return found;
}

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string>} [attributes]
 * @param {(Node | string)[]} [children]
 */
function el(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** @param {string} text @param {'info' | 'error'} [kind] */
function say(text, kind = 'info') {
  const status = byId('status');
  status.textContent = text;
  status.dataset.kind = kind;
}

/** @param {unknown} error */
function sayError(error) {
  if (error instanceof ApiError) say(`${error.message} (${error.status} ${error.code})`, 'error');
  else say(String(error), 'error');
}

const numbers = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const times = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** @param {number | null | undefined} ms */
function seconds(ms) {
  return ms === null || ms === undefined ? '–' : `${numbers.format(ms / 1000)} s`;
}

/** @param {string} iso */
function when(iso) {
  return times.format(new Date(iso));
}

// Signing in and out.

async function signIn() {
  try {
    me = await admin.whoAmI();
  } catch (error) {
    sessionStorage.removeItem(TOKEN_KEY);
    me = null;
    showSignedOut();
    if (error instanceof ApiError && error.status === 401) say('That token is not accepted.', 'error');
    else sayError(error);
    return;
  }
  byId('who').textContent = `Signed in as ${me.name} (${me.role})`;
  byId('sign-in').hidden = true;
  byId('signed-in').hidden = false;
  byId('sign-out').hidden = false;
  for (const link of document.querySelectorAll('[data-owner-only]')) {
    /** @type {HTMLElement} */ (link).hidden = me.role !== 'owner';
  }
  await show(screenOfHash());
  // The sign-in form is gone: keyboard users continue from the screen's title, where the queue's keys work.
  focusScreenTitle();
}

function focusScreenTitle() {
  const title = document.querySelector('.screen:not([hidden]) h2');
  if (title instanceof HTMLElement) {
    title.tabIndex = -1;
    title.focus();
  }
}

function showSignedOut() {
  byId('who').textContent = '';
  byId('sign-in').hidden = false;
  byId('signed-in').hidden = true;
  byId('sign-out').hidden = true;
}

/** @returns {Screen} */
function screenOfHash() {
  const name = location.hash.slice(1);
  const screen = SCREENS.find((s) => s === name) ?? 'queue';
  return screen === 'moderators' && me?.role !== 'owner' ? 'queue' : screen;
}

/** @param {Screen} screen */
async function show(screen) {
  for (const name of SCREENS) byId(name).hidden = name !== screen;
  for (const link of document.querySelectorAll('nav a')) {
    const current = /** @type {HTMLElement} */ (link).dataset.screen === screen;
    if (current) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  try {
    if (screen === 'queue') await loadQueue();
    if (screen === 'today') await loadToday();
    if (screen === 'upcoming') await loadUpcoming();
    if (screen === 'feedback') await loadFeedback();
    if (screen === 'analytics') await loadAnalytics();
    if (screen === 'moderators') await loadModerators();
    if (screen === 'audit') await loadAudit();
  } catch (error) {
    sayError(error);
  }
  document.body.dataset.screen = screen;
}

// The review queue.

async function loadQueue() {
  const review = await admin.reviewQueue();
  queue = review.items;
  const list = byId('queue-list');
  list.replaceChildren(
    ...queue.map((item, index) =>
      el('li', { 'data-type': item.type }, [
        el('button', { type: 'button', 'data-index': String(index), 'aria-pressed': 'false' }, [
          queueLine(item),
        ]),
      ]),
    ),
  );
  if (queue.length === 0) list.append(el('li', { class: 'empty' }, ['Nothing waits for a moderator.']));
  if (review.heldSolvesTruncated)
    list.append(el('li', { class: 'empty' }, ['More held solves wait: judge these first.']));
  select(queue.length === 0 ? -1 : Math.min(Math.max(selected, 0), queue.length - 1));
}

/**
 * One line of the queue: what waits, whose, and the public places at stake.
 * @param {ReviewItem} item
 */
function queueLine(item) {
  const places = `${numbers.format(item.places)} places at stake`;
  if (item.type === 'solve') {
    const f = item.solve;
    return `${f.puzzleId} · ${f.player.displayName ?? 'anonymous'} · ${seconds(f.countedMs)} · ${f.verdict}, would take ${f.wouldTakePlaces} places`;
  }
  if (item.type === 'top') {
    const r = item.row;
    return `${r.puzzleId} · ${r.displayName ?? 'anonymous'} · ${seconds(r.countedMs)} · new player held from place ${r.rank} · ${places}`;
  }
  const s = item.suspect;
  return `Suspect · ${s.player.displayName ?? 'anonymous'} · ${s.floorHugs} floor hugs, ${s.ramps} ramps · ${places}`;
}

/** The actions each kind of item takes, and what the approve key does to it. */
const ACTIONS = {
  solve: { actions: ['approve', 'void', 'ban', 'clear'], approve: 'Approve (a)' },
  top: { actions: ['approve', 'void', 'ban'], approve: 'Vouch for the player (a)' },
  suspect: { actions: ['approve', 'clear', 'ban'], approve: 'Vouch for the player (a)' },
};

/** @param {ReviewItem | undefined} item */
function showActions(item) {
  const form = byId('decision');
  form.hidden = !item;
  if (!item) return;
  const fits = ACTIONS[item.type];
  for (const button of form.querySelectorAll('button')) {
    button.hidden = !fits.actions.includes(button.value);
    if (button.value === 'approve') button.textContent = fits.approve;
  }
}

/** @param {number} index */
function select(index) {
  selected = index;
  for (const button of byId('queue-list').querySelectorAll('button')) {
    button.setAttribute('aria-pressed', String(button.dataset.index === String(index)));
  }
  const item = queue[index];
  showActions(item);
  const detail = byId('queue-detail');
  if (!item) {
    detail.replaceChildren(el('p', { class: 'empty' }, ['Nothing selected.']));
    void showPlayerEvidence(null);
    return;
  }
  if (item.type === 'top') {
    const r = item.row;
    detail.replaceChildren(
      el('h3', {}, [`Held from the top 10: solve ${r.submissionId}, ${r.puzzleId}`]),
      el('dl', {}, [
        ...pair('Player', `${r.displayName ?? 'anonymous'} (${r.playerId})`),
        ...pair('Why held', 'a new player: neither a long clean history nor a moderator’s approval'),
        ...pair('Place on the board', String(r.rank)),
        ...pair('Counted time', seconds(r.countedMs)),
        ...pair('At stake', `${numbers.format(item.places)} public places`),
      ]),
    );
    void showPlayerEvidence(r.playerId);
    void showLogTimeline(r.submissionId, null);
    return;
  }
  if (item.type === 'suspect') {
    const s = item.suspect;
    detail.replaceChildren(
      el('h3', {}, [`Suspect: ${s.player.displayName ?? 'anonymous'}`]),
      el('dl', {}, [
        ...pair(
          'Player',
          `${s.player.displayName ?? 'anonymous'} (${s.player.id}), since ${when(s.player.createdAt)}`,
        ),
        ...pair('Floor hugs', String(s.floorHugs)),
        ...pair('Ramps', String(s.ramps)),
        ...pair('Early elite in', s.earlyEliteKinds.join(', ') || 'no kind'),
        ...pair('Last cleared', s.player.clearedAt === null ? 'never' : when(s.player.clearedAt)),
        ...pair(
          'At stake',
          `${numbers.format(item.places)} public places${item.puzzleId ? ` (${item.puzzleId})` : ''}`,
        ),
      ]),
      el('h4', {}, ['Its solves of the last 30 days']),
      el(
        'ul',
        { class: 'suspect-solves' },
        s.solves.map((solve) =>
          el('li', {}, [
            `${solve.puzzleId} · ${seconds(solve.countedMs)} · ${solve.status ?? 'unranked'}`,
            [
              solve.hugsFloor && 'hugs the floor',
              solve.ramp && 'ends a ramp',
              solve.earlyElite && 'early elite',
            ]
              .filter(Boolean)
              .map((signal) => ` · ${signal}`)
              .join(''),
          ]),
        ),
      ),
    );
    void showPlayerEvidence(s.player.id);
    return;
  }
  const flag = item.solve;
  const evidence = flag.evidence;
  detail.replaceChildren(
    el('h3', {}, [`Solve ${flag.submissionId}: ${flag.puzzleId}`]),
    el('dl', {}, [
      ...pair(
        'Player',
        `${flag.player.displayName ?? 'anonymous'} (${flag.player.id}), since ${when(flag.player.createdAt)}`,
      ),
      ...pair('Verdict', `${flag.verdict}: ${flag.reasons.join(', ') || 'no reason recorded'}`),
      ...pair('Counted time', seconds(flag.countedMs)),
      ...pair(
        'Benchmark',
        flag.benchmarkSeconds === null ? '–' : `${numbers.format(flag.benchmarkSeconds)} s`,
      ),
      ...pair('Floor', seconds(evidence?.floorMs)),
      ...pair('Elite line', seconds(evidence?.eliteMs)),
      ...pair('Moves logged', evidence ? String(evidence.entries) : '–'),
      ...pair('Gaps under 50 ms', evidence ? String(evidence.fastGaps) : '–'),
      ...pair('Would take', `${flag.wouldTakePlaces} public places`),
      ...pair('Submitted', when(flag.submittedAt)),
    ]),
    timeBar(flag),
  );
  void showPlayerEvidence(flag.player.id);
  void showLogTimeline(flag.submissionId, flag.evidence);
}

/** The submission the selected item judges, if it judges one. */
function selectedSubmission() {
  const item = queue[selected];
  if (item?.type === 'solve') return item.solve.submissionId;
  if (item?.type === 'top') return item.row.submissionId;
  return null;
}

/**
 * The move log as a timeline: the gap before each move, with the floor and the elite line spread evenly
 * over the moves drawn across (a held solve's evidence, else the stored solve's own). Ranked solves keep
 * their log (GET /v1/admin/submissions/{id}).
 * @param {number} submissionId
 * @param {Flag['evidence']} known
 */
async function showLogTimeline(submissionId, known) {
  let stored;
  try {
    stored = await admin.submission(submissionId);
  } catch {
    return;
  }
  if (selectedSubmission() !== submissionId) return;
  const evidence = known ?? storedEvidence(stored.evidence);
  const log = Array.isArray(stored.log) ? /** @type {unknown[]} */ (stored.log) : [];
  const times = log.map((entry) => (Array.isArray(entry) && typeof entry[0] === 'number' ? entry[0] : 0));
  const gaps = times.map((t, i) => t - (i === 0 ? 0 : (times[i - 1] ?? 0)));
  if (gaps.length === 0) return;
  const entries = Math.max(1, gaps.length);
  const floorGap = evidence ? evidence.floorMs / entries : null;
  const eliteGap = evidence?.eliteMs !== undefined ? evidence.eliteMs / entries : null;
  const most = Math.max(1, ...gaps, floorGap ?? 0, eliteGap ?? 0);
  const ns = 'http://www.w3.org/2000/svg';
  const width = 320;
  const height = 100;
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute(
    'aria-label',
    `Gap before each of ${gaps.length} moves: shortest ${seconds(Math.min(...gaps))}, longest ${seconds(
      Math.max(...gaps),
    )}; floor per move ${seconds(floorGap)}, elite line per move ${seconds(eliteGap)}`,
  );
  svg.classList.add('time-bar');
  const step = width / gaps.length;
  gaps.forEach((gap, i) => {
    const h = ((height - 10) * gap) / most;
    const rect = document.createElementNS(ns, 'rect');
    rect.setAttribute('x', String(i * step));
    rect.setAttribute('y', String(height - h));
    rect.setAttribute('width', String(Math.max(0.5, step * 0.8)));
    rect.setAttribute('height', String(h));
    rect.setAttribute('class', 'bar-solve');
    svg.append(rect);
  });
  for (const [gap, name] of /** @type {const} */ ([
    [floorGap, 'floor'],
    [eliteGap, 'elite'],
  ])) {
    if (gap === null) continue;
    const y = height - ((height - 10) * gap) / most;
    const line = document.createElementNS(ns, 'line');
    line.setAttribute('x1', '0');
    line.setAttribute('x2', String(width));
    line.setAttribute('y1', String(y));
    line.setAttribute('y2', String(y));
    line.setAttribute('class', `line-${name}`);
    svg.append(line);
  }
  byId('queue-detail').append(
    el('h4', {}, ['The move log: gap before each move (solid line: floor, dashed: elite line)']),
    svg,
  );
}

/**
 * The floor and elite line of a stored solve's evidence column, when it holds them.
 * @param {unknown} value
 * @returns {{ floorMs: number, eliteMs?: number } | null}
 */
function storedEvidence(value) {
  const parsed = typeof value === 'string' ? safeJson(value) : value;
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { floorMs, eliteMs } = /** @type {{ floorMs?: unknown, eliteMs?: unknown }} */ (parsed);
  if (typeof floorMs !== 'number') return null;
  return typeof eliteMs === 'number' ? { floorMs, eliteMs } : { floorMs };
}

/** @param {string} text */
function safeJson(text) {
  try {
    return /** @type {unknown} */ (JSON.parse(text));
  } catch {
    return null;
  }
}

/** @param {string} term @param {string} value */
function pair(term, value) {
  return [el('dt', {}, [term]), el('dd', {}, [value])];
}

/**
 * The counted time against the floor and the elite line, on one axis: plain SVG, labelled for readers
 * who cannot see it.
 * @param {Flag} flag
 */
function timeBar(flag) {
  const marks = [
    { name: 'floor', ms: flag.evidence?.floorMs },
    { name: 'elite', ms: flag.evidence?.eliteMs },
    { name: 'solve', ms: flag.countedMs ?? undefined },
  ].filter((m) => typeof m.ms === 'number');
  const most = Math.max(1, ...marks.map((m) => /** @type {number} */ (m.ms)));
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 320 60');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', marks.map((m) => `${m.name} ${seconds(m.ms)}`).join(', '));
  svg.classList.add('time-bar');
  marks.forEach((mark, row) => {
    const rect = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
    rect.setAttribute('x', '60');
    rect.setAttribute('y', String(4 + row * 18));
    rect.setAttribute('height', '12');
    rect.setAttribute('width', String(Math.max(1, (250 * /** @type {number} */ (mark.ms)) / most)));
    rect.setAttribute('class', `bar-${mark.name}`);
    const label = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    label.setAttribute('x', '0');
    label.setAttribute('y', String(14 + row * 18));
    label.textContent = mark.name;
    svg.append(rect, label);
  });
  return svg;
}

/** The request of the evidence last asked for: a slower answer for an earlier selection is dropped. */
let evidenceFor = /** @type {string | null} */ (null);

/**
 * The player's evidence (GET /v1/admin/players/{id}/evidence) beside the selected solve: its account and
 * days of play, what lists it as a suspect, networks and devices as counts, earlier moderation, and its
 * pace per kind and level over time (a point a ranked solve, the benchmark at 1).
 * @param {string | null} playerId
 */
async function showPlayerEvidence(playerId) {
  const body = byId('player-evidence-body');
  evidenceFor = playerId;
  if (playerId === null) {
    body.replaceChildren("Select a solve to see its player's history.");
    body.classList.add('empty');
    return;
  }
  body.replaceChildren('Loading the evidence…');
  try {
    const evidence = await admin.playerEvidence(playerId);
    if (evidenceFor !== playerId) return;
    body.classList.remove('empty');
    body.replaceChildren(...evidenceView(evidence));
  } catch (error) {
    if (evidenceFor === playerId) body.replaceChildren(`The evidence could not be read: ${String(error)}`);
  }
}

/** @param {PlayerEvidence} e */
function evidenceView(e) {
  const number = new Intl.NumberFormat(undefined);
  const day = (/** @type {string | null} */ iso) => (iso === null ? '—' : new Date(iso).toLocaleDateString());
  const s = e.suspicion;
  const facts = el('dl', { class: 'facts' }, [
    el('dt', {}, ['Account age']),
    el('dd', {}, [`${number.format(e.player.accountAgeDays)} days (since ${day(e.player.createdAt)})`]),
    el('dt', {}, ['Days of play']),
    el('dd', {}, [
      `${number.format(e.daysOfPlay.days)} (${day(e.daysOfPlay.first)} – ${day(e.daysOfPlay.last)})`,
    ]),
    el('dt', {}, ['Suspect']),
    el('dd', {}, [
      s.listed
        ? `listed: ${s.floorHugs} floor hugs, ${s.ramps} ramps, early elite in ${s.earlyEliteKinds.join(', ') || 'no kind'}`
        : 'not listed',
    ]),
    el('dt', {}, ['Networks']),
    el('dd', {}, [`${e.networks.distinct} distinct over ${e.networks.sessions} sessions`]),
    el('dt', {}, ['Devices']),
    el('dd', {}, [
      `${e.devices.count} (${e.devices.active} active, ${e.devices.linked.length} linked by code)`,
    ]),
    el('dt', {}, ['Under review']),
    el('dd', {}, [String(e.underReview.length)]),
  ]);
  const history = el(
    'ul',
    { class: 'moderation-history' },
    e.moderation.map((m) =>
      el('li', {}, [
        `${new Date(m.at).toLocaleString()}: ${m.action} ${m.target}${m.reason ? ` (${m.reason})` : ''}`,
      ]),
    ),
  );
  const paces = e.paceHistory.map((line) => paceChart(`${line.kind} ${line.level}`, line.solves));
  return [
    facts,
    el('h4', {}, ['Pace per kind and level (1 = the benchmark; lower is faster)']),
    ...paces,
    el('h4', {}, ['Earlier moderation']),
    e.moderation.length === 0 ? el('p', { class: 'empty' }, ['None.']) : history,
  ];
}

/**
 * One kind and level's paces over time as a small SVG: a dot per ranked solve (hollow when not counted),
 * the benchmark drawn across at 1.
 * @param {string} title
 * @param {PlayerEvidence['paceHistory'][number]['solves']} solves
 */
function paceChart(title, solves) {
  const width = 320;
  const height = 80;
  const top = Math.max(1.2, ...solves.map((p) => p.pace));
  const y = (/** @type {number} */ pace) => height - 4 - (pace / top) * (height - 8);
  const x = (/** @type {number} */ i) =>
    solves.length <= 1 ? width / 2 : 6 + (i * (width - 12)) / (solves.length - 1);
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('role', 'img');
  const fastest = Math.min(...solves.map((p) => p.pace));
  svg.setAttribute(
    'aria-label',
    `${title}: ${solves.length} solves, fastest at ${Math.round(fastest * 100)} % of the benchmark`,
  );
  const line = document.createElementNS('http://www.w3.org/2000/svg', 'line');
  for (const [name, value] of Object.entries({ x1: 0, x2: width, y1: y(1), y2: y(1), class: 'benchmark' }))
    line.setAttribute(name, String(value));
  svg.append(line);
  for (const [i, p] of solves.entries()) {
    const dot = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
    const counted = p.status === 'clean' || p.status === 'approved';
    for (const [name, value] of Object.entries({
      cx: x(i),
      cy: y(p.pace),
      r: 3,
      class: counted ? 'counted' : 'held',
    }))
      dot.setAttribute(name, String(value));
    const tip = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    tip.textContent = `${p.date}: ${Math.round(p.pace * 100)} % of the benchmark (${p.status})`;
    dot.append(tip);
    svg.append(dot);
  }
  return el('figure', { class: 'pace' }, [svg, el('figcaption', {}, [title])]);
}

/**
 * Does the action to the selected item, as fits it (ACTIONS): approve a held solve or vouch for a held
 * row's or a suspect's player, void the solve, ban or clear the player.
 * @param {string} action @param {string} reason
 */
async function decide(action, reason) {
  const item = queue[selected];
  if (!item || !ACTIONS[item.type].actions.includes(action)) return;
  const playerId =
    item.type === 'solve'
      ? item.solve.player.id
      : item.type === 'top'
        ? item.row.playerId
        : item.suspect.player.id;
  const submissionId = selectedSubmission();
  let done = '';
  try {
    if (action === 'approve' && item.type === 'solve') {
      await admin.approve(item.solve.submissionId, reason);
      done = `Solve ${item.solve.submissionId}: approved.`;
    } else if (action === 'approve') {
      await admin.approvePlayer(playerId, reason);
      done = 'Player vouched for: approved.';
    } else if (action === 'void' && submissionId !== null) {
      await admin.voidSubmission(submissionId, reason);
      done = `Solve ${submissionId}: voided.`;
    } else if (action === 'ban') {
      await admin.ban(playerId, reason);
      done = 'Player banned.';
    } else if (action === 'clear') {
      await admin.clearSuspect(playerId, reason);
      done = 'Suspect cleared.';
    } else return;
  } catch (error) {
    sayError(error);
    return;
  }
  say(done);
  /** @type {HTMLInputElement} */ (byId('reason')).value = '';
  pendingAction = null;
  await loadQueue();
}

/** @param {string} action */
function act(action) {
  const input = /** @type {HTMLInputElement} */ (byId('reason'));
  if (input.value.trim().length < 3) {
    pendingAction = action;
    say(`Say why (3 characters or more), then press Enter to ${action}.`);
    input.focus();
    return;
  }
  void decide(action, input.value.trim());
}

// Today's boards.

async function loadToday() {
  const [analytics, flags] = await Promise.all([admin.analytics(), admin.flags({ limit: 100 })]);
  const today = analytics.puzzles.filter((p) => p.date === analytics.today);
  const list = byId('today-list');
  if (today.length === 0) {
    list.replaceChildren(
      el('p', { class: 'empty' }, ['No figures for today yet: recompute them on the Analytics screen.']),
    );
    return;
  }
  const cards = await Promise.all(
    today.map(async (p) => {
      const kind = /** @type {import('../daily-puzzles/client/index.js').Kind} */ (p.kind);
      const level = /** @type {import('../daily-puzzles/client/index.js').Level} */ (p.level);
      const [stats, board] = await Promise.all([
        publicApi.stats(p.date, kind, level, { fresh: true }),
        admin.topEvidence(p.date, kind, level),
      ]);
      const held = flags.flags.filter((f) => f.puzzleId === stats.puzzleId).length;
      return { solvers: stats.solvers + held, card: todayCard(stats, board, held) };
    }),
  );
  // The busiest boards first; the rest keep the kinds' and levels' order.
  cards.sort((a, b) => b.solvers - a.solvers);
  list.replaceChildren(...cards.map((c) => c.card));
}

/** What each evidence badge says: why the row may take a top place, or that it is held back. */
const EVIDENCE_BADGES = {
  long_history: 'long history',
  approved: 'approved',
  new: 'new: held for review',
};

/**
 * @param {PuzzleStats} stats
 * @param {TopEvidence} board
 * @param {number} held
 */
function todayCard(stats, board, held) {
  const headingId = `today-${stats.puzzleId.replace(/[^a-z0-9]/gi, '-')}`;
  // Every row of the top places, the held ones too (players see the others): each says why it stands there.
  const top = el('ol', { class: 'top' }, [
    ...board.rows.map((r) =>
      el('li', { value: String(r.rank), 'data-evidence': r.evidence, ...(r.held ? { class: 'held' } : {}) }, [
        `${r.displayName ?? 'anonymous'} · ${seconds(r.countedMs)} `,
        el('span', { class: `badge badge-${r.evidence}` }, [EVIDENCE_BADGES[r.evidence]]),
      ]),
    ),
  ]);
  return el('article', { class: 'puzzle', 'aria-labelledby': headingId, 'data-today': stats.puzzleId }, [
    el('h3', { id: headingId }, [stats.puzzleId]),
    el('dl', {}, [
      ...pair('Solvers so far', numbers.format(stats.solvers)),
      ...pair(
        'Median',
        `${seconds(stats.medianMs)} against a benchmark of ${numbers.format(stats.benchmarkSeconds)} s`,
      ),
      ...pair('Held for review', numbers.format(held)),
    ]),
    histogramChart(stats),
    el('h4', {}, ['Top 10, with each row’s evidence']),
    board.rows.length === 0 ? el('p', { class: 'empty' }, ['No counted solve yet.']) : top,
  ]);
}

/** @param {PuzzleStats} stats */
function histogramChart(stats) {
  return barChart(
    'Counted times by bucket (seconds)',
    stats.histogram.map((b) => ({
      label: b.toMs === null ? `${numbers.format(b.fromMs / 1000)}+` : numbers.format(b.toMs / 1000),
      value: b.count,
    })),
    numbers.format,
    'active',
  );
}

// Tomorrow's puzzles.

async function loadUpcoming() {
  const { puzzles } = await admin.upcomingPuzzles();
  const list = byId('upcoming-list');
  if (puzzles.length === 0) {
    list.replaceChildren(el('p', { class: 'empty' }, ['No puzzle is made ahead yet.']));
    return;
  }
  list.replaceChildren(...puzzles.map(upcomingCard));
}

/** @param {UpcomingPuzzle} puzzle */
function upcomingCard(puzzle) {
  const title = `${puzzle.date} · ${puzzle.kind} · ${puzzle.level}`;
  const headingId = `puzzle-${puzzle.id.replace(/[^a-z0-9]/gi, '-')}`;
  const card = el('article', { class: 'puzzle', 'aria-labelledby': headingId, 'data-puzzle': puzzle.id }, [
    el('h3', { id: headingId }, [title]),
    el('dl', {}, [
      ...pair('Attempt', String(puzzle.attempt)),
      ...pair('Graded', `${puzzle.grade.level}, score ${numbers.format(puzzle.grade.score)}`),
      ...pair('Techniques', puzzle.grade.techniques.join(', ') || '–'),
      ...pair('Benchmark', `${numbers.format(puzzle.benchmarkSeconds)} s`),
      ...pair('Players see it', when(puzzle.beginsAt)),
    ]),
    el('pre', { 'aria-label': `${title}, as the engine draws it`, tabindex: '0' }, [puzzle.rendering]),
  ]);
  if (me?.role === 'owner') {
    const reasonId = `${headingId}-reason`;
    const form = el('form', { class: 'reroll' }, [
      el('label', { for: reasonId }, ['Reason to reroll']),
      el('input', { id: reasonId, name: 'reason', minlength: '3', maxlength: '500', required: '' }),
      el('button', { type: 'submit' }, [`Reroll ${puzzle.kind} ${puzzle.level}`]),
    ]);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const reason = /** @type {HTMLInputElement} */ (form.querySelector('input')).value.trim();
      try {
        const result = await admin.reroll(puzzle.date, puzzle.kind, puzzle.level, reason);
        say(`${title}: now attempt ${result.puzzle.attempt}.`);
        await loadUpcoming();
      } catch (error) {
        sayError(error);
      }
    });
    card.append(form);
  }
  return card;
}

// Reports and votes.

async function loadFeedback() {
  const { reports } = await admin.reports({ limit: 100 });
  const puzzleIds = [...new Set(reports.map((r) => r.puzzleId))];
  const list = byId('feedback-list');
  if (puzzleIds.length === 0) {
    list.replaceChildren(el('p', { class: 'empty' }, ['No open report.']));
    return;
  }
  const cards = await Promise.all(
    puzzleIds.map(async (id) => {
      const [date = '', kind = '', level = ''] = id.split(':');
      return feedbackCard(await admin.puzzleFeedback(date, kind, level));
    }),
  );
  list.replaceChildren(...cards);
}

/** @param {PuzzleFeedback} feedback */
function feedbackCard(feedback) {
  const headingId = `feedback-${feedback.puzzleId.replace(/[^a-z0-9]/gi, '-')}`;
  const { votes } = feedback;
  const card = el(
    'article',
    { class: 'puzzle', 'aria-labelledby': headingId, 'data-feedback': feedback.puzzleId },
    [
      el('h3', { id: headingId }, [feedback.puzzleId]),
      el('table', {}, [
        el('caption', {}, [`${votes.voters} votes`]),
        el('thead', {}, [
          el('tr', {}, [
            el('th', { scope: 'col' }, ['Fun 1']),
            el('th', { scope: 'col' }, ['2']),
            el('th', { scope: 'col' }, ['3']),
            el('th', { scope: 'col' }, ['4']),
            el('th', { scope: 'col' }, ['5']),
            el('th', { scope: 'col' }, ['Easier']),
            el('th', { scope: 'col' }, ['Right']),
            el('th', { scope: 'col' }, ['Harder']),
          ]),
        ]),
        el('tbody', {}, [
          el('tr', {}, [
            ...votes.fun.map((n) => el('td', {}, [numbers.format(n)])),
            el('td', {}, [numbers.format(votes.felt.easier)]),
            el('td', {}, [numbers.format(votes.felt.right)]),
            el('td', {}, [numbers.format(votes.felt.harder)]),
          ]),
        ]),
      ]),
    ],
  );
  const reports = el('ul', { class: 'reports' });
  for (const report of feedback.reports) {
    const item = el('li', {}, [
      `${report.reason}${report.note ? `: “${report.note}”` : ''} (${when(report.reportedAt)}${
        report.resolvedAt ? `, resolved ${when(report.resolvedAt)}` : ''
      })`,
    ]);
    if (!report.resolvedAt) {
      const inputId = `report-${report.id}-reason`;
      const form = el('form', { class: 'resolve' }, [
        el('label', { for: inputId }, ['What was found']),
        el('input', { id: inputId, minlength: '3', maxlength: '500', required: '' }),
        el('button', { type: 'submit' }, [`Resolve report ${report.id}`]),
      ]);
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        const reason = /** @type {HTMLInputElement} */ (form.querySelector('input')).value.trim();
        try {
          await admin.resolveReport(report.id, reason);
          say(`Report ${report.id} resolved.`);
          await loadFeedback();
        } catch (error) {
          sayError(error);
        }
      });
      item.append(form);
    }
    reports.append(item);
  }
  card.append(reports);
  return card;
}

// Analytics.

/** @type {Analytics | null} */
let shownAnalytics = null;
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** @param {string} date */
function shortDate(date) {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

async function loadAnalytics() {
  const from = /** @type {HTMLInputElement} */ (byId('analytics-from')).value;
  const to = /** @type {HTMLInputElement} */ (byId('analytics-to')).value;
  /** @type {{ from?: string, to?: string }} */
  const query = {};
  if (from) query.from = from;
  if (to) query.to = to;
  const analytics = await admin.analytics(query);
  shownAnalytics = analytics;
  /** @type {HTMLInputElement} */ (byId('analytics-from')).value = analytics.from;
  /** @type {HTMLInputElement} */ (byId('analytics-to')).value = analytics.to;
  byId('analytics-days').replaceChildren(
    ...analytics.days.map((d) =>
      el('tr', { 'data-date': d.date }, [
        el('th', { scope: 'row' }, [shortDate(d.date)]),
        el('td', {}, [numbers.format(d.activePlayers)]),
        el('td', {}, [numbers.format(d.newPlayers)]),
        el('td', {}, [numbers.format(d.returningPlayers)]),
        el('td', {}, [numbers.format(d.sharesMade)]),
        el('td', {}, [numbers.format(d.streak1)]),
        el('td', {}, [numbers.format(d.streak2to6)]),
        el('td', {}, [numbers.format(d.streak7to29)]),
        el('td', {}, [numbers.format(d.streak30up)]),
      ]),
    ),
  );
  byId('analytics-retention').replaceChildren(
    ...analytics.retention.map((w) =>
      el('tr', { 'data-week': w.week }, [
        el('th', { scope: 'row' }, [shortDate(w.week)]),
        el('td', {}, [numbers.format(w.newPlayers)]),
        el('td', {}, [returned(w.back1, w.rate1)]),
        el('td', {}, [returned(w.back7, w.rate7)]),
        el('td', {}, [returned(w.back30, w.rate30)]),
      ]),
    ),
  );
  byId('analytics-puzzles').replaceChildren(
    ...analytics.puzzles.map((p) =>
      el('tr', { 'data-puzzle': `${p.date}:${p.kind}:${p.level}` }, [
        el('th', { scope: 'row' }, [`${shortDate(p.date)} ${p.kind} ${p.level}`]),
        el('td', {}, [numbers.format(p.started)]),
        el('td', {}, [numbers.format(p.solved)]),
        el('td', {}, [p.completionRate === null ? '–' : percent.format(p.completionRate)]),
        el('td', {}, [
          p.medianMs === null ? '–' : `${seconds(p.medianMs)} (${seconds(p.p25Ms)}–${seconds(p.p75Ms)})`,
        ]),
        el('td', {}, [`${numbers.format(p.benchmarkSeconds)} s`]),
        el('td', {}, [numbers.format(p.hints)]),
        el('td', {}, [`${p.pending} pending, ${p.flagged} flagged`]),
        el('td', {}, [
          p.voters === 0
            ? '–'
            : `${p.voters}: ${numbers.format(p.funMean ?? 0)} · ${p.feltEasier}/${p.feltRight}/${p.feltHarder}`,
        ]),
      ]),
    ),
  );
  byId('analytics-charts').replaceChildren(
    barChart(
      'Active players by date (new players in the lighter bar)',
      analytics.days.map((d) => ({ label: shortDate(d.date), value: d.activePlayers, second: d.newPlayers })),
      numbers.format,
      'active',
    ),
    barChart(
      'Completion by date: solved of started, all puzzles',
      completionByDate(analytics).map((d) => ({ label: shortDate(d.date), value: d.rate })),
      percent.format,
      'completion',
    ),
    barChart(
      'Share cards made by date',
      analytics.days.map((d) => ({ label: shortDate(d.date), value: d.sharesMade })),
      numbers.format,
      'shares',
    ),
    streakChart(analytics),
    barChart(
      "Back after 7 days, by the week of the players' first day",
      analytics.retention.flatMap((w) =>
        w.rate7 === null ? [] : [{ label: shortDate(w.week), value: w.rate7 }],
      ),
      percent.format,
      'retention',
    ),
  );
}

/**
 * Players back after n days: the count and its share of the week's new players, or why there is none.
 * @param {number | null} back
 * @param {number | null} rate
 */
function returned(back, rate) {
  if (back === null) return 'not yet';
  return rate === null ? numbers.format(back) : `${numbers.format(back)} (${percent.format(rate)})`;
}

/**
 * The streak lengths of the range's last date with figures up to today (UTC), one bar per bucket: a player
 * is in one bucket a date, so the dates are not summed.
 * @param {Analytics} analytics
 */
function streakChart(analytics) {
  const last = analytics.days.filter((d) => d.date <= analytics.today).at(-1);
  const title = last ? `Streak lengths reaching ${shortDate(last.date)}` : 'Streak lengths';
  const buckets = last
    ? [
        { label: '1 day', value: last.streak1 },
        { label: '2–6 days', value: last.streak2to6 },
        { label: '7–29 days', value: last.streak7to29 },
        { label: '30+ days', value: last.streak30up },
      ]
    : [];
  return barChart(title, buckets, numbers.format, 'streak');
}

/** @param {Analytics} analytics */
function completionByDate(analytics) {
  /** @type {Map<string, { started: number, solved: number }>} */
  const byDate = new Map();
  for (const p of analytics.puzzles) {
    const day = byDate.get(p.date) ?? { started: 0, solved: 0 };
    day.started += p.started;
    day.solved += p.solved;
    byDate.set(p.date, day);
  }
  return [...byDate].map(([date, d]) => ({ date, rate: d.started === 0 ? 0 : d.solved / d.started }));
}

/**
 * A bar per date in plain SVG, its figures also in the table beside it; the picture is labelled with its
 * title and each bar carries its value for screen readers.
 * @param {string} title
 * @param {{ label: string, value: number, second?: number }[]} bars
 * @param {(n: number) => string} format
 * @param {string} kind
 */
function barChart(title, bars, format, kind) {
  const ns = 'http://www.w3.org/2000/svg';
  const width = 640;
  const height = 160;
  const most = Math.max(1e-9, ...bars.map((b) => b.value));
  const step = bars.length === 0 ? 0 : (width - 40) / bars.length;
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute(
    'aria-label',
    `${title}: ${bars.map((b) => `${b.label} ${format(b.value)}`).join(', ') || 'no data'}`,
  );
  svg.classList.add('chart');
  bars.forEach((bar, i) => {
    const h = ((height - 30) * bar.value) / most;
    const rect = document.createElementNS(ns, 'rect');
    rect.setAttribute('x', String(30 + i * step));
    rect.setAttribute('y', String(height - 20 - h));
    // Bars stay slim when there are few dates: a single one would otherwise fill the chart.
    rect.setAttribute('width', String(Math.max(1, Math.min(step * 0.7, 28))));
    rect.setAttribute('height', String(h));
    rect.setAttribute('class', `bar-${kind}`);
    svg.append(rect);
    if (bar.second !== undefined) {
      const inner = document.createElementNS(ns, 'rect');
      const h2 = ((height - 30) * bar.second) / most;
      inner.setAttribute('x', String(30 + i * step + Math.min(step * 0.2, 8)));
      inner.setAttribute('y', String(height - 20 - h2));
      inner.setAttribute('width', String(Math.max(1, Math.min(step * 0.3, 12))));
      inner.setAttribute('height', String(h2));
      inner.setAttribute('class', 'bar-new');
      svg.append(inner);
    }
    if (bars.length <= 31 && (bars.length <= 10 || i % 5 === 0)) {
      const label = document.createElementNS(ns, 'text');
      label.setAttribute('x', String(30 + i * step));
      label.setAttribute('y', String(height - 6));
      label.textContent = bar.label;
      svg.append(label);
    }
  });
  const heading = document.createElementNS(ns, 'text');
  heading.setAttribute('x', '0');
  heading.setAttribute('y', '10');
  heading.textContent = `${title} (most: ${format(bars.length === 0 ? 0 : most)})`;
  svg.append(heading);
  return svg;
}

/**
 * A table as CSV (RFC 4180: every field quoted), downloaded from a blob: nothing leaves the page.
 * @param {string} name
 * @param {Record<string, unknown>[]} rows
 */
function downloadCsv(name, rows) {
  const columns = rows.length === 0 ? [] : Object.keys(rows[0] ?? {});
  const quote = (/** @type {unknown} */ v) => `"${String(v ?? '').replace(/"/g, '""')}"`;
  const text = [
    columns.map(quote).join(','),
    ...rows.map((r) => columns.map((c) => quote(r[c])).join(',')),
  ].join('\r\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = el('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Moderators (owners only).

async function loadModerators() {
  const { moderators } = await admin.moderators();
  byId('moderator-rows').replaceChildren(...moderators.map(moderatorRow));
}

/** @param {ModeratorView} moderator */
function moderatorRow(moderator) {
  const status = el('td', {}, [moderator.revokedAt ? `revoked ${when(moderator.revokedAt)}` : 'active ']);
  if (!moderator.revokedAt) {
    const revoke = el('button', { type: 'button' }, [`Revoke ${moderator.name}`]);
    revoke.addEventListener('click', async () => {
      try {
        await admin.revokeModerator(moderator.id, 'Revoked from the console');
        say(`${moderator.name}'s token is revoked.`);
        await loadModerators();
      } catch (error) {
        sayError(error);
      }
    });
    status.append(revoke);
  }
  return el('tr', {}, [
    el('td', {}, [moderator.name]),
    el('td', {}, [moderator.role]),
    el('td', {}, [when(moderator.createdAt)]),
    status,
  ]);
}

// The audit log.

async function loadAudit() {
  const { actions } = await admin.audit({ limit: 100 });
  byId('audit-rows').replaceChildren(
    ...actions.map((a) =>
      el('tr', {}, [
        el('td', {}, [when(a.at)]),
        el('td', {}, [a.moderator?.name ?? '–']),
        el('td', {}, [a.action]),
        el('td', {}, [a.target]),
        el('td', {}, [a.reason ?? '']),
      ]),
    ),
  );
}

// Wiring.

byId('sign-in').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = /** @type {HTMLInputElement} */ (byId('token'));
  sessionStorage.setItem(TOKEN_KEY, input.value.trim());
  input.value = '';
  say('');
  void signIn();
});

byId('sign-out').addEventListener('click', () => {
  sessionStorage.removeItem(TOKEN_KEY);
  me = null;
  showSignedOut();
  say('Signed out.');
  /** @type {HTMLInputElement} */ (byId('token')).focus();
});

window.addEventListener('hashchange', async () => {
  if (!me) return;
  await show(screenOfHash());
  focusScreenTitle();
});

byId('queue-list').addEventListener('click', (event) => {
  const button = /** @type {HTMLElement} */ (event.target).closest('button');
  if (button?.dataset.index !== undefined) select(Number(button.dataset.index));
});

byId('decision').addEventListener('submit', (event) => {
  event.preventDefault();
  const submitter = /** @type {SubmitEvent} */ (event).submitter;
  const chosen = submitter instanceof HTMLButtonElement ? submitter.value : null;
  // Enter in the reason field does what the key asked for; a button, its own action.
  const action =
    (submitter === null || submitter === byId('decision').querySelector('button') ? pendingAction : null) ??
    chosen ??
    'approve';
  const reason = /** @type {HTMLInputElement} */ (byId('reason')).value.trim();
  void decide(action, reason);
});

byId('new-moderator').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.target);
  const name = /** @type {HTMLInputElement} */ (byId('moderator-name')).value.trim();
  const role =
    /** @type {HTMLSelectElement} */ (byId('moderator-role')).value === 'owner' ? 'owner' : 'moderator';
  try {
    const made = await admin.createModerator({ name, role });
    byId('new-token-value').textContent = made.token;
    byId('new-token').hidden = false;
    form.reset();
    say(`${made.name} is a ${made.role} now.`);
    await loadModerators();
  } catch (error) {
    sayError(error);
  }
});

byId('analytics-range').addEventListener('submit', (event) => {
  event.preventDefault();
  loadAnalytics().catch(sayError);
});

byId('analytics-refresh').addEventListener('click', async () => {
  try {
    const { dates } = await admin.refreshAnalytics();
    say(`Recomputed ${dates.length} dates.`);
    await loadAnalytics();
  } catch (error) {
    sayError(error);
  }
});

byId('analytics-days-csv').addEventListener('click', () => {
  if (shownAnalytics)
    downloadCsv(`players-${shownAnalytics.from}-${shownAnalytics.to}.csv`, shownAnalytics.days);
});

byId('analytics-retention-csv').addEventListener('click', () => {
  if (shownAnalytics)
    downloadCsv(`retention-${shownAnalytics.from}-${shownAnalytics.to}.csv`, shownAnalytics.retention);
});

byId('analytics-puzzles-csv').addEventListener('click', () => {
  if (shownAnalytics)
    downloadCsv(`puzzles-${shownAnalytics.from}-${shownAnalytics.to}.csv`, shownAnalytics.puzzles);
});

/** The queue's keys, outside text fields only: typing a reason never moves the selection. */
document.addEventListener('keydown', (event) => {
  if (!me || byId('queue').hidden || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = /** @type {HTMLElement} */ (event.target);
  if (target.closest('input, textarea, select')) return;
  if (event.key === 'j') select(Math.min(selected + 1, queue.length - 1));
  else if (event.key === 'k') select(Math.max(selected - 1, 0));
  else if (event.key === 'a') act('approve');
  else if (event.key === 'v') act('void');
  else return;
  event.preventDefault();
});

if (sessionStorage.getItem(TOKEN_KEY)) await signIn();
else showSignedOut();
document.body.dataset.ready = 'true';
