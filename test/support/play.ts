import { env } from 'cloudflare:test';
import type { Level } from '../../src/contract/kinds/index.js';
import { NewPlayerSchema } from '../../src/contract/player.js';
import { PlayablePuzzleSchema } from '../../src/contract/puzzle.js';
import type { SubmissionResult } from '../../src/contract/submission.js';
import type { LogEntry } from '../../src/engines/types.js';
import { engineFor, type Kind, revealOf } from '../../src/kinds/index.js';
import { appAt } from './app.js';
import { bodyOf } from './json.js';
import { humanLog } from './logs.js';

export interface NewPlayer {
  player: { id: string; displayName: string | null };
  token: string;
}

/** A random client address, so the per-address rate limits count each simulated player on its own. */
export function someAddress(): Record<string, string> {
  const byte = () => Math.floor(Math.random() * 256);
  return { 'CF-Connecting-IP': `10.${byte()}.${byte()}.${byte()}` };
}

export async function register(at: string, displayName?: string): Promise<NewPlayer> {
  const res = await appAt(at)('/v1/players', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...someAddress() },
    body: JSON.stringify(displayName === undefined ? {} : { displayName }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return await bodyOf(res, NewPlayerSchema);
}

/**
 * Marks players as vouched for by a moderator, straight in D1: a test about another rule of the boards
 * (visibility, ranks, ties, moderation) then sees its players' rows in the top 10 places, which the top's
 * own rule (test/play/board-top.test.ts) keeps for players with a long history or a moderator's word.
 */
export async function vouch(...players: readonly NewPlayer[]): Promise<void> {
  const ids = JSON.stringify(players.map((p) => p.player.id));
  await env.DB.prepare(
    "update players set approved_at = '2026-01-01T00:00:00Z' where id in (select value from json_each(?))",
  )
    .bind(ids)
    .run();
}

/** Every player so far vouched for (see `vouch`): a board then shows whoever counts on it. */
export async function vouchEveryone(): Promise<void> {
  await env.DB.prepare(
    "update players set approved_at = '2026-01-01T00:00:00Z' where approved_at is null",
  ).run();
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** Fetches a puzzle as the player at `at` (its session starts then) and returns its start token. */
export async function startPuzzle(
  at: string,
  token: string,
  date: string,
  kind: Kind,
  level: Level,
  query = '',
): Promise<string> {
  const res = await appAt(at)(`/v1/puzzles/${date}/${kind}/${level}${query}`, {
    headers: { ...bearer(token), ...someAddress() },
  });
  if (res.status !== 200) throw new Error(`fetch failed: ${res.status} ${await res.text()}`);
  const body = await bodyOf(res, PlayablePuzzleSchema);
  if (!body.startToken) throw new Error('no start token');
  return body.startToken;
}

async function storedPuzzle(puzzleId: string): Promise<unknown> {
  const row = await env.DB.prepare('select puzzle_json from puzzles where id = ?')
    .bind(puzzleId)
    .first<{ puzzle_json: string }>();
  if (!row) throw new Error(`puzzle ${puzzleId} not stored`);
  return JSON.parse(row.puzzle_json);
}

/** A valid solution found by the engine's own solver from the stored puzzle (not from the stored answer). */
export async function solveStored(date: string, kind: Kind, level: Level): Promise<unknown> {
  const engine = engineFor(kind);
  const puzzle = engine.parsePuzzle(await storedPuzzle(`${date}:${kind}:${level}`));
  return engine.solve(puzzle, { maxSolutions: 1 }).solutions[0];
}

/** When the player's session of the puzzle started (ms since the epoch), as the server keeps it. */
export async function sessionStart(playerId: string, puzzleId: string): Promise<number> {
  const row = await env.DB.prepare(
    'select started_at from play_sessions where player_id = ? and puzzle_id = ?',
  )
    .bind(playerId, puzzleId)
    .first<{ started_at: number }>();
  if (!row) throw new Error(`no session of ${playerId} on ${puzzleId}`);
  return row.started_at;
}

/**
 * The log a person would have made entering `solution` on the puzzle, paced like a person, ending half a
 * second before `at` in the player's session (which must have started).
 */
export async function humanLogFor(
  playerId: string,
  path: string,
  solution: unknown,
  at: string,
  seed = 1,
): Promise<LogEntry[]> {
  const [date, kind, level] = path.split('/') as [string, Kind, Level];
  const puzzleId = `${date}:${kind}:${level}`;
  const engine = engineFor(kind);
  const puzzle = engine.parsePuzzle(await storedPuzzle(puzzleId));
  const startedAt = await sessionStart(playerId, puzzleId);
  const endMs = Date.parse(at) - startedAt - 500;
  return humanLog(engine.stepsTo(puzzle, solution), { endMs, seed });
}

function playerIdOf(token: string): string {
  return token.split('.')[0] ?? '';
}

/**
 * Submits as the player at `at`. Without a `log`, one is made as a person would have entered the solution
 * over the session (tests about other things than logs need not build one).
 */
export async function submit(
  at: string,
  token: string,
  path: string,
  body: { solution: unknown; log?: LogEntry[]; elapsedMs?: number; startToken?: string },
  bindings: Cloudflare.Env = env,
): Promise<Response> {
  const log = body.log ?? (await humanLogFor(playerIdOf(token), path, body.solution, at).catch(() => []));
  return appAt(at, bindings)(`/v1/puzzles/${path}/submissions`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json', ...someAddress() },
    body: JSON.stringify({ ...body, log }),
  });
}

/** The JSON of a submission's verdict, as the API sends it. */
export type ResultJson = SubmissionResult;

export interface Solve {
  date: string;
  kind: Kind;
  level: Level;
  /** When the player first fetches the puzzle (its session starts) and when it submits. */
  fetchAt: string;
  submitAt: string;
  /** The solution to submit (default: the engine's own) and the log (default: a person's pace). */
  solution?: unknown;
  log?: LogEntry[];
  elapsedMs?: number;
}

/**
 * Colour sort: asks the reveal route, as the player at `at`, for the position after `moves` (the page asks
 * after every pour; the whole line at once shows the session the same units).
 */
export async function revealLine(
  at: string,
  token: string | null,
  path: string,
  moves: readonly (readonly [number, number])[],
): Promise<Response> {
  return reveal(at, token, path, { moves });
}

/** The reveal route asked for the position after `played`, moves in the kind's solution format. */
async function reveal(at: string, token: string | null, path: string, played: unknown): Promise<Response> {
  return appAt(at)(`/v1/puzzles/${path}/reveal`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...someAddress(), ...(token ? bearer(token) : {}) },
    body: JSON.stringify(played),
  });
}

/**
 * One player's whole play of a puzzle: fetch with the token, play (a kind that hides something: its line
 * revealed, as a client does), then submit; the response and its JSON.
 */
export async function solveAs(token: string, solve: Solve): Promise<{ status: number; body: unknown }> {
  await startPuzzle(solve.fetchAt, token, solve.date, solve.kind, solve.level);
  const solution = solve.solution ?? (await solveStored(solve.date, solve.kind, solve.level));
  // The whole line at once: the reveal route takes the moves so far in the kind's solution format.
  if (revealOf(solve.kind))
    await reveal(solve.submitAt, token, `${solve.date}/${solve.kind}/${solve.level}`, solution);
  const body: { solution: unknown; log?: LogEntry[]; elapsedMs?: number } = { solution };
  if (solve.log) body.log = solve.log;
  if (solve.elapsedMs !== undefined) body.elapsedMs = solve.elapsedMs;
  const res = await submit(solve.submitAt, token, `${solve.date}/${solve.kind}/${solve.level}`, body);
  return { status: res.status, body: await res.json() };
}

/** `iso` moved by `seconds`. */
export function later(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}

/** A wrong sudoku: two blank cells of one row with different digits swapped (givens kept, so a log reaches it). */
export async function wrongSudoku(date: string, level: Level): Promise<{ grid: string }> {
  const puzzle = (await storedPuzzle(`${date}:sudoku:${level}`)) as { grid: string };
  const { grid } = (await solveStored(date, 'sudoku', level)) as { grid: string };
  for (let row = 0; row < 9; row++) {
    const blanks = [...Array(9).keys()].map((c) => row * 9 + c).filter((cell) => puzzle.grid[cell] === '.');
    const [a, b] = blanks;
    if (a === undefined || b === undefined) continue;
    const cells = [...grid];
    [cells[a], cells[b]] = [cells[b] as string, cells[a] as string];
    return { grid: cells.join('') };
  }
  throw new Error('no row with two blanks');
}
