// @ts-check
/**
 * The public API through plain fetch: the reference client for front ends. Shapes follow /openapi.json;
 * nothing here can see an answer or a hidden colour, because the API never sends one before the date has
 * ended everywhere.
 */

/**
 * @typedef {{ id: string, displayName: string | null, createdAt: string, streak: Streak }} Player
 * @typedef {{ current: number, best: number }} Streak
 * @typedef {{ level: string, score: number, techniques: string[], hardest: string, nodes: number }} Difficulty
 * @typedef {{
 *   id: string, date: string, kind: string, level: string, engineVersion: number, puzzle: unknown,
 *   difficulty: Difficulty, benchmarkSeconds: number, rating: number, answersPublicAt: string,
 *   session?: { startedAt: string, elapsedMs: number }, startToken?: string
 * }} PuzzleView
 * @typedef {{ date: string, timeZone?: string, puzzles: PuzzleView[] }} DayPuzzles
 * @typedef {{
 *   valid: boolean, reason?: string, repeated: boolean, verdict?: 'clean' | 'flagged' | 'approved' | 'voided',
 *   countedMs?: number, capped?: boolean, score?: number,
 *   rating?: { before: number, after: number, deviation: number, provisional: boolean }, rank?: number,
 *   solvers?: number, fasterThanPercent?: number, streak: Streak
 * }} SubmissionResult
 * @typedef {{ rank: number, playerId: string, displayName: string | null, countedMs: number, submittedAt: string }} BoardEntry
 * @typedef {{
 *   puzzleId: string, entries: BoardEntry[], nextCursor: string | null, solvers: number,
 *   me: { rank: number, countedMs: number, fasterThanPercent: number } | null, meUnderReview: boolean
 * }} PuzzleBoard
 * @typedef {{ fromMs: number, toMs: number | null, count: number }} Bucket
 * @typedef {{ puzzleId: string, solvers: number, medianMs: number | null, benchmarkSeconds: number, histogram: Bucket[] }} PuzzleStats
 * @typedef {{ capacity: number, tubes: (number | null)[][], moves: number, hidden: number, sorted: boolean,
 *   cleared: boolean }} TubesView
 * @typedef {{ date: string, kind: string, level: string }} PuzzleKey
 * @typedef {{ kind: string, displayName: string, levels: string[], engineVersion: number, logFormat: string,
 *   reveal: boolean }} KindInfo
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

/**
 * @param {string} method
 * @param {string} path
 * @param {{ body?: unknown, auth?: boolean, fresh?: boolean }} [options] `fresh`: past every cache, for
 *   standings that should include the solve just made (anonymous boards are otherwise reused for seconds)
 * @returns {Promise<any>} the parsed JSON body; each exported function states its type
 */
async function call(method, path, options = {}) {
  /** @type {Record<string, string>} */
  const headers = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth && credentials) headers.authorization = `Bearer ${credentials.token}`;
  if (options.fresh) headers['cache-control'] = 'no-cache';
  const res = await fetch(path, {
    method,
    headers,
    cache: options.fresh ? 'no-store' : 'default',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) {
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

/** @param {PuzzleKey} key */
const puzzlePath = (key) =>
  `/v1/puzzles/${encodeURIComponent(key.date)}/${encodeURIComponent(key.kind)}/${encodeURIComponent(key.level)}`;

/**
 * The anonymous player of this browser: registered on the first visit, its token kept in localStorage.
 * A token the server no longer accepts (another deployment's secret) is replaced by a new player.
 * @returns {Promise<Player>}
 */
export async function ensurePlayer() {
  const stored = localStorage.getItem(PLAYER_KEY);
  if (stored) {
    try {
      credentials = JSON.parse(stored);
      return /** @type {Player} */ (await call('GET', '/v1/players/me', { auth: true }));
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401) && !(error instanceof SyntaxError))
        throw error;
    }
  }
  const created = /** @type {{ player: Player, token: string }} */ (
    await call('POST', '/v1/players', { body: {} })
  );
  credentials = { id: created.player.id, token: created.token };
  localStorage.setItem(PLAYER_KEY, JSON.stringify(credentials));
  return created.player;
}

/**
 * @param {string | null} displayName
 * @returns {Promise<Player>}
 */
export function renamePlayer(displayName) {
  return call('PATCH', '/v1/players/me', { body: { displayName }, auth: true });
}

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
 * @param {PuzzleKey} key
 * @param {{ limit: number, cursor?: string | null }} page
 * @returns {Promise<PuzzleBoard>}
 */
export function leaderboard(key, page) {
  const query = new URLSearchParams({ limit: String(page.limit) });
  if (page.cursor) query.set('cursor', page.cursor);
  return call(
    'GET',
    `/v1/leaderboards/${encodeURIComponent(key.date)}/${encodeURIComponent(key.kind)}/${encodeURIComponent(key.level)}?${query}`,
    { auth: true, fresh: true },
  );
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
