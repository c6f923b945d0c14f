// @ts-check
/**
 * The public API through plain fetch: the reference client for front ends. Shapes follow /openapi.json;
 * nothing here can see an answer or a hidden colour, because the API never sends one before the date has
 * ended everywhere.
 */

/**
 * The shapes are the client package's (`daily-puzzles/client`, inferred from the schemas the server
 * validates with), so `npm test`'s type check of this page fails when the page and the API disagree.
 * @typedef {import('../src/client/index.js').PlayerProfile} Player
 * @typedef {Player['boardVisibility']} BoardVisibility
 * @typedef {Player['ratings'][number]} Rating
 * @typedef {import('../src/client/index.js').Streak} Streak `change`: what the submission just made did to
 *   the streak (null on a profile, or when it changed nothing)
 * @typedef {import('../src/client/index.js').NewPlayer} NewPlayer
 * @typedef {import('../src/client/index.js').PlayablePuzzle} PuzzleView
 * @typedef {import('../src/client/index.js').DayPuzzles} DayPuzzles
 * @typedef {import('../src/client/index.js').SubmissionResult} SubmissionResult
 * @typedef {NonNullable<SubmissionResult['verdict']>} Verdict
 * @typedef {import('../src/client/index.js').BoardScope} Scope whose rows a board shows; ranks are within it
 * @typedef {import('../src/client/index.js').PuzzleBoard} PuzzleBoard
 * @typedef {PuzzleBoard['entries'][number]} BoardEntry only players the caller may see are listed
 * @typedef {import('../src/client/index.js').DailyBoard} DailyBoard
 * @typedef {DailyBoard['entries'][number]} DailyEntry
 * @typedef {Pick<BoardEntry, 'playerId' | 'displayName'>} ShownPlayer
 * @typedef {{ limit: number, cursor?: string | null, scope?: Scope }} BoardPage
 * @typedef {import('../src/client/index.js').PuzzleStats} PuzzleStats
 * @typedef {PuzzleStats['histogram'][number]} Bucket
 * @typedef {import('../src/client/index.js').ColorSortPosition} TubesView
 * @typedef {{ date: string, kind: string, level: string }} PuzzleKey
 * @typedef {import('../src/client/index.js').KindList['kinds'][number]} KindInfo
 * @typedef {import('../src/client/index.js').History} History
 * @typedef {History['entries'][number]} HistoryEntry `verdict` is null for wrong attempts and practice
 * @typedef {import('../src/client/index.js').LinkCode} LinkCode
 * @typedef {import('../src/client/index.js').PlayerTokens['tokens'][number]} Device one token in use,
 *   `current` the one of this request
 * @typedef {import('../src/client/index.js').FollowsPage} Follows
 * @typedef {Follows['follows'][number]} Follow
 * @typedef {import('../src/client/index.js').Group} Group
 * @typedef {import('../src/client/index.js').PlayerGroups} PlayerGroups
 * @typedef {import('../src/client/index.js').GroupDetail} GroupDetail `inviteCode` for the owner only
 * @typedef {GroupDetail['memberList'][number]} GroupMember
 * @typedef {{ reason: 'linked' | 'signed-out', player: Player }} PlayerChange
 */

const PLAYER_KEY = 'daily-puzzles.player';

/** An answer of the API that is not a success; `status` 0 and `code` 'network' when no answer came at all. */
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

/** Message of the error a request gets when the API cannot be reached at all (offline, server down). */
export const NETWORK_MESSAGE = 'Cannot reach the puzzle server. Check your connection and try again.';

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
  /** @type {Response} */
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      // What carries a token is one player's: never from or into the browser's cache.
      cache: options.fresh || sent ? 'no-store' : 'default',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    // fetch rejects only when no answer came at all; its own wording ("Failed to fetch") tells a player nothing.
    if (error instanceof TypeError) throw new ApiError(0, 'network', NETWORK_MESSAGE);
    throw error;
  }
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
 * The groups the player belongs to, the same on every linked device.
 * @returns {Promise<PlayerGroups>}
 */
export function myGroups() {
  return call('GET', '/v1/players/me/groups', { auth: true });
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
 * others); an illegal move is a 422 `illegal_move`. With the token: until the date's answers are public the
 * server shows hidden colours only to the player's session (started by `startPuzzle`) and records them.
 * @param {PuzzleKey} key
 * @param {[number, number][]} moves
 * @returns {Promise<TubesView>}
 */
export function revealTubes(key, moves) {
  return call('POST', `${puzzlePath(key)}/reveal`, { body: { moves }, auth: true });
}

/** The signed-in player's id (after ensurePlayer), to find its own row on leaderboards. */
export function playerId() {
  return credentials?.id ?? null;
}
