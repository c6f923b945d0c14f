// @ts-check
/**
 * The public API through plain fetch: the reference client for front ends. Shapes follow /openapi.json;
 * nothing here can see an answer or a hidden colour, because the API never sends one before the date has
 * ended everywhere.
 */

/**
 * @typedef {'public' | 'followers' | 'hidden'} BoardVisibility
 * @typedef {{ kind: string, rating: number, deviation: number, games: number, provisional: boolean }} Rating
 * @typedef {{
 *   id: string, displayName: string | null, createdAt: string, timeZone: string | null,
 *   boardVisibility: BoardVisibility, streak: Streak, ratings: Rating[]
 * }} Player
 * @typedef {{ current: number, best: number, freezes: number,
 *   change: 'started' | 'extended' | 'frozen' | 'reset' | null }} Streak
 *   `change`: what the submission just made did to the streak (null on a profile, or when it changed nothing)
 * @typedef {{ player: Player, token: string }} NewPlayer
 * @typedef {{ level: string, score: number, techniques: string[], hardest: string, nodes: number }} Difficulty
 * @typedef {{
 *   id: string, date: string, kind: string, level: string, engineVersion: number, puzzle: unknown,
 *   difficulty: Difficulty, benchmarkSeconds: number, rating: number, answersPublicAt: string,
 *   session?: { startedAt: string, elapsedMs: number }, startToken?: string
 * }} PuzzleView
 * @typedef {{ date: string, timeZone?: string, puzzles: PuzzleView[] }} DayPuzzles
 * @typedef {'clean' | 'flagged' | 'approved' | 'voided'} Verdict
 * @typedef {{
 *   valid: boolean, reason?: string, repeated: boolean, verdict?: Verdict, practice?: boolean,
 *   countedMs?: number, capped?: boolean, score?: number,
 *   rating?: { before: number, after: number, deviation: number, provisional: boolean }, rank?: number,
 *   solvers?: number, fasterThanPercent?: number, streak: Streak
 * }} SubmissionResult
 * @typedef {'global' | 'following' | `group:${string}`} Scope whose rows a board shows; ranks are within it
 * @typedef {{ playerId: string | null, displayName: string | null, hidden: boolean }} ShownPlayer a hidden
 *   player (its board visibility) comes without id and name
 * @typedef {ShownPlayer & { rank: number, countedMs: number, submittedAt: string }} BoardEntry
 * @typedef {{
 *   puzzleId: string, scope: string, entries: BoardEntry[], nextCursor: string | null, solvers: number,
 *   me: { rank: number, countedMs: number, fasterThanPercent: number } | null, meUnderReview: boolean
 * }} PuzzleBoard
 * @typedef {ShownPlayer & { rank: number, total: number, solved: number }} DailyEntry
 * @typedef {{
 *   date: string, scope: string, entries: DailyEntry[], nextCursor: string | null, players: number,
 *   me: { rank: number, total: number, solved: number } | null
 * }} DailyBoard
 * @typedef {{ limit: number, cursor?: string | null, scope?: Scope }} BoardPage
 * @typedef {{ fromMs: number, toMs: number | null, count: number }} Bucket
 * @typedef {{ puzzleId: string, solvers: number, medianMs: number | null, benchmarkSeconds: number, histogram: Bucket[] }} PuzzleStats
 * @typedef {{ capacity: number, tubes: (number | null)[][], moves: number, hidden: number, sorted: boolean,
 *   cleared: boolean }} TubesView
 * @typedef {{ date: string, kind: string, level: string }} PuzzleKey
 * @typedef {{ kind: string, displayName: string, levels: string[], engineVersion: number, logFormat: string,
 *   reveal: boolean }} KindInfo
 * @typedef {{
 *   submissionId: number, date: string, kind: string, level: string, valid: boolean, verdict: Verdict | null,
 *   practice: boolean, countedMs: number | null, score: number | null, rank: number | null,
 *   solvers: number | null, ratingAfter: number | null, submittedAt: string
 * }} HistoryEntry `verdict` is null for wrong attempts and practice
 * @typedef {{ entries: HistoryEntry[], nextCursor: string | null }} History
 * @typedef {{ code: string, expiresAt: string }} LinkCode
 * @typedef {{ id: string, createdAt: string, via: 'register' | 'link' | 'legacy', current: boolean }} Device
 *   one token in use, `current` the one of this request
 * @typedef {{ playerId: string, displayName: string | null, followedAt: string }} Follow
 * @typedef {{ follows: Follow[], nextCursor: string | null }} Follows
 * @typedef {{ id: string, name: string, ownerId: string, createdAt: string, members: number }} Group
 * @typedef {ShownPlayer & { joinedAt: string }} GroupMember
 * @typedef {Group & { inviteCode: string | null, memberList: GroupMember[] }} GroupDetail `inviteCode`
 *   for the owner only
 * @typedef {{ reason: 'linked' | 'signed-out', player: Player }} PlayerChange
 */

const PLAYER_KEY = 'daily-puzzles.player';

export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {Record<string, unknown>} [details]
   */
  constructor(status, code, message, details) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details ?? {};
  }
}

/** @type {{ id: string, token: string } | null} */
let credentials = null;
/** @type {(change: PlayerChange) => void} */
let playerChanged = () => undefined;
/** The registration that replaces refused credentials, shared by the requests that found them refused. */
/** @type {Promise<Player> | null} */
let replacing = null;

/** Message of the error a request gets when this device's token was refused. */
export const SIGNED_OUT =
  'This device was signed out (its token is no longer accepted). It now plays as a new anonymous player: ' +
  'enter a code from another device to link it again.';

/**
 * Called when the page's player changes under it: this device was linked to another player, or its token
 * was refused (signed out from another device) and a new anonymous player took its place.
 * @param {(change: PlayerChange) => void} listener
 */
export function onPlayerChange(listener) {
  playerChanged = listener;
}

/** @param {NewPlayer} created */
function keep(created) {
  credentials = { id: created.player.id, token: created.token };
  localStorage.setItem(PLAYER_KEY, JSON.stringify(credentials));
  return created.player;
}

/**
 * @param {string} method
 * @param {string} path
 * @param {{ body?: unknown, auth?: boolean, fresh?: boolean }} [options] `fresh`: past every cache, for
 *   standings that should include the solve just made (anonymous boards are otherwise reused for seconds)
 * @returns {Promise<any>} the parsed JSON body (null for 204); each exported function states its type
 */
async function call(method, path, options = {}) {
  /** @type {Record<string, string>} */
  const headers = { accept: 'application/json' };
  const sent = options.auth ? credentials : null;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (sent) headers.authorization = `Bearer ${sent.token}`;
  if (options.fresh) headers['cache-control'] = 'no-cache';
  const res = await fetch(path, {
    method,
    headers,
    // What carries a token is one player's: never from or into the browser's cache.
    cache: options.fresh || sent ? 'no-store' : 'default',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401 && sent) {
      await replaceRefused(sent);
      throw new ApiError(401, 'signed_out', SIGNED_OUT);
    }
    const error = data?.error ?? {};
    throw new ApiError(
      res.status,
      error.code ?? 'http_error',
      error.message ?? res.statusText,
      error.details,
    );
  }
  return data;
}

/**
 * The server refused this device's token (revoked from another device, or signed by a key it no longer
 * holds): a new anonymous player takes its place, once however many requests found out.
 * @param {{ id: string, token: string }} refused
 */
async function replaceRefused(refused) {
  if (credentials !== refused) return;
  replacing ??= call('POST', '/v1/players', { body: {} })
    .then((created) => {
      const player = keep(created);
      playerChanged({ reason: 'signed-out', player });
      return player;
    })
    .finally(() => {
      replacing = null;
    });
  await replacing;
}

/** @param {PuzzleKey} key */
const puzzlePath = (key) =>
  `/v1/puzzles/${encodeURIComponent(key.date)}/${encodeURIComponent(key.kind)}/${encodeURIComponent(key.level)}`;

/** @param {Record<string, string | number | null | undefined>} params @returns {string} */
function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(name, String(value));
  }
  return search.size ? `?${search}` : '';
}

/**
 * The player of this browser: registered anonymously on the first visit, its token kept in localStorage.
 * `signedOut`: the stored token was refused, so a new anonymous player took its place.
 * @returns {Promise<{ player: Player, signedOut: boolean }>}
 */
export async function ensurePlayer() {
  const stored = localStorage.getItem(PLAYER_KEY);
  if (stored) {
    try {
      credentials = JSON.parse(stored);
      return { player: await me(), signedOut: false };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'signed_out') {
        return { player: await me(), signedOut: true };
      }
      if (!(error instanceof SyntaxError)) throw error;
    }
  }
  return { player: keep(await call('POST', '/v1/players', { body: {} })), signedOut: false };
}

/**
 * The calling player: name, calendar, board visibility, streak and ratings per kind.
 * @returns {Promise<Player>}
 */
export function me() {
  return call('GET', '/v1/players/me', { auth: true });
}

/**
 * @param {{ displayName?: string | null, boardVisibility?: BoardVisibility }} changes
 * @returns {Promise<Player>}
 */
export function changePlayer(changes) {
  return call('PATCH', '/v1/players/me', { body: changes, auth: true });
}

/**
 * The player's submissions, newest first: ranked solves, practice and wrong attempts.
 * @param {{ limit: number, cursor?: string | null }} page
 * @returns {Promise<History>}
 */
export function history(page) {
  return call('GET', `/v1/players/me/history${query({ limit: page.limit, cursor: page.cursor })}`, {
    auth: true,
  });
}

// Devices ---------------------------------------------------------------------------------------------

/**
 * A single-use code, valid for ten minutes, that gives another device this player.
 * @returns {Promise<LinkCode>}
 */
export function newLinkCode() {
  return call('POST', '/v1/players/me/link-codes', { auth: true });
}

/**
 * Makes this device the player of another device's code: the stored credentials are replaced (the
 * player this device had stays behind) and the page hears of it through onPlayerChange.
 * @param {string} code
 * @returns {Promise<Player>}
 */
export async function linkDevice(code) {
  const player = keep(await call('POST', '/v1/players/link', { body: { code } }));
  playerChanged({ reason: 'linked', player });
  return player;
}

/** @returns {Promise<Device[]>} the player's tokens in use, oldest first */
export async function devices() {
  return (await call('GET', '/v1/players/me/tokens', { auth: true })).tokens;
}

/**
 * Revokes a token of the player: that device's next request is refused.
 * @param {string} tokenId
 * @returns {Promise<void>}
 */
export async function signOutDevice(tokenId) {
  await call('DELETE', `/v1/players/me/tokens/${encodeURIComponent(tokenId)}`, { auth: true });
}

// Following -------------------------------------------------------------------------------------------

/** @param {string} playerId @returns {Promise<void>} */
export async function follow(playerId) {
  await call('PUT', `/v1/players/me/follows/${encodeURIComponent(playerId)}`, { auth: true });
}

/** @param {string} playerId @returns {Promise<void>} */
export async function unfollow(playerId) {
  await call('DELETE', `/v1/players/me/follows/${encodeURIComponent(playerId)}`, { auth: true });
}

/**
 * One page of the players the caller follows.
 * @param {string | null} cursor
 * @returns {Promise<Follows>}
 */
export function follows(cursor) {
  return call('GET', `/v1/players/me/follows${query({ limit: 100, cursor })}`, { auth: true });
}

// Groups ----------------------------------------------------------------------------------------------

/**
 * @param {string} name
 * @returns {Promise<{ group: Group, inviteCode: string }>}
 */
export function makeGroup(name) {
  return call('POST', '/v1/groups', { body: { name }, auth: true });
}

/**
 * @param {string} inviteCode
 * @returns {Promise<{ group: Group }>}
 */
export function joinGroup(inviteCode) {
  return call('POST', '/v1/groups/join', { body: { inviteCode }, auth: true });
}

/**
 * A group of the caller's with its members; 404 once the caller is no longer in it.
 * @param {string} groupId
 * @returns {Promise<GroupDetail>}
 */
export function group(groupId) {
  return call('GET', `/v1/groups/${encodeURIComponent(groupId)}`, { auth: true });
}

/**
 * The owner's new invite code; the old one stops working.
 * @param {string} groupId
 * @returns {Promise<{ inviteCode: string }>}
 */
export function newInviteCode(groupId) {
  return call('POST', `/v1/groups/${encodeURIComponent(groupId)}/invite-code`, { auth: true });
}

/** @param {string} groupId @returns {Promise<void>} */
export async function leaveGroup(groupId) {
  await call('DELETE', `/v1/groups/${encodeURIComponent(groupId)}/members/me`, { auth: true });
}

// Puzzles ---------------------------------------------------------------------------------------------

/**
 * The kinds the service offers, in the order to show them, each with its levels (easiest first).
 * @returns {Promise<KindInfo[]>}
 */
export async function kinds() {
  return (await call('GET', '/v1/kinds')).kinds;
}

/**
 * @param {string} timeZone IANA name; the server answers 400 for one it does not know
 * @returns {Promise<DayPuzzles>}
 */
export function todaysPuzzles(timeZone) {
  return call('GET', `/v1/puzzles/today?tz=${encodeURIComponent(timeZone)}`);
}

/**
 * The puzzle with the player's session: the server's clock for a ranked submission starts at the first
 * fetch and never moves; `session.elapsedMs` says how long ago that was.
 * @param {PuzzleKey} key
 * @param {string} timeZone the player's IANA zone: a player without one takes it for its streak
 * @returns {Promise<PuzzleView>}
 */
export function startPuzzle(key, timeZone) {
  return call('GET', `${puzzlePath(key)}?tz=${encodeURIComponent(timeZone)}`, { auth: true });
}

/**
 * @param {PuzzleKey} key
 * @param {{ solution: unknown, log: [number, number, number][], elapsedMs: number }} body `log`: every move
 *   `[t, a, b]`, `t` in ms since the session started
 * @returns {Promise<SubmissionResult>}
 */
export function submitSolution(key, body) {
  return call('POST', `${puzzlePath(key)}/submissions`, { body, auth: true });
}

/**
 * A puzzle's fastest counted times within a scope; `me` is the caller's rank within it.
 * @param {PuzzleKey} key
 * @param {BoardPage} page
 * @returns {Promise<PuzzleBoard>}
 */
export function leaderboard(key, page) {
  return call(
    'GET',
    `/v1/leaderboards/${encodeURIComponent(key.date)}/${encodeURIComponent(key.kind)}/${encodeURIComponent(key.level)}${query({ ...page })}`,
    { auth: true, fresh: true },
  );
}

/**
 * A date's players by the sum of their scores over its puzzles, within a scope.
 * @param {string} date
 * @param {BoardPage} page
 * @returns {Promise<DailyBoard>}
 */
export function dailyBoard(date, page) {
  return call('GET', `/v1/leaderboards/${encodeURIComponent(date)}/daily${query({ ...page })}`, {
    auth: true,
    fresh: true,
  });
}

/**
 * @param {PuzzleKey} key
 * @returns {Promise<PuzzleStats>}
 */
export function puzzleStats(key) {
  return call('GET', `${puzzlePath(key)}/stats`, { fresh: true });
}

/**
 * Colour sort: the position after `moves`, with the colours of units that have been on top (null for the
 * others); an illegal move is a 422 `illegal_move`.
 * @param {PuzzleKey} key
 * @param {[number, number][]} moves
 * @returns {Promise<TubesView>}
 */
export function revealTubes(key, moves) {
  return call('POST', `${puzzlePath(key)}/reveal`, { body: { moves } });
}

/** The signed-in player's id (after ensurePlayer), to find its own row on leaderboards. */
export function playerId() {
  return credentials?.id ?? null;
}
