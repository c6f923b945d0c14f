import { env, runInDurableObject } from 'cloudflare:test';
import type { Level } from '../../src/contract/kinds/index.js';
import type { Kind } from '../../src/kinds/index.js';
import { puzzleDesks } from '../../src/live/desks.js';
import type { BoardSolve, PuzzleDesk } from '../../src/live/puzzle-desk.js';
import { newRating } from '../../src/rating/glicko2.js';
import { score } from '../../src/rating/score.js';

/**
 * The suite's bindings on the direct path (SUBMISSION_PATH "direct": each ranked solve written to D1 before it
 * is answered), for a test of that path by name; the suite's own run the committed boards.
 */
export const onDirect: Cloudflare.Env = { ...env, SUBMISSION_PATH: 'direct' };

export function deskNamespace(): DurableObjectNamespace<PuzzleDesk> {
  const namespace = env.PUZZLE_DESK;
  if (!namespace) throw new Error('wrangler.toml binds no PUZZLE_DESK');
  return puzzleDesks(namespace);
}

export function deskOf(puzzleId: string): DurableObjectStub<PuzzleDesk> {
  const namespace = deskNamespace();
  return namespace.get(namespace.idFromName(puzzleId));
}

/** One number a query of the test's D1 reads (`select … as n`). */
export async function d1Number(query: string, ...values: unknown[]): Promise<number> {
  const row = await env.DB.prepare(query)
    .bind(...values)
    .first<{ n: number | null }>();
  return row?.n ?? 0;
}

/** Players made straight in D1 (a board copies only the solves of players D1 knows). */
export async function newPlayers(n: number, at = '2026-11-29T00:00:00Z'): Promise<string[]> {
  const ids = Array.from({ length: n }, () => crypto.randomUUID());
  await env.DB.batch(
    ids.map((id) => env.DB.prepare('insert into players (id, created_at) values (?, ?)').bind(id, at)),
  );
  return ids;
}

/**
 * The columns of a puzzle's rating and play, which a copy starts afresh (their defaults): copied, they would
 * carry whatever solves of the original an earlier test's board had flushed by then.
 */
const PLAY_STATE = [
  'rating',
  'rating_deviation',
  'rating_volatility',
  'rated_through',
  'established_games',
  'rating_version',
  'games',
  'peak_solves_per_minute',
];

/**
 * A copy of a stored puzzle under another id (`DATE:KIND:NAME`, its level column set to NAME): a board of
 * its own, with nothing on it yet and a rating no game has moved.
 */
export async function copyPuzzle(fromId: string, toId: string): Promise<void> {
  const own = ['id', 'level', ...PLAY_STATE];
  const columns = (
    await env.DB.prepare("select name from pragma_table_info('puzzles')").all<{ name: string }>()
  ).results
    .map((c) => c.name)
    .filter((name) => !own.includes(name));
  const list = columns.map((c) => `"${c}"`).join(', ');
  await env.DB.prepare(
    `insert into puzzles (id, level, ${list}) select ?, ?, ${list} from puzzles where id = ?`,
  )
    .bind(toId, toId.split(':')[2], fromId)
    .run();
}

/**
 * A board of its own: a copy of `date`'s easy sudoku named `name` (`DATE:sudoku:NAME`) with nothing on it
 * yet, and `players` new players.
 */
export async function newBoard(date: string, name: string, players: number) {
  const puzzleId = `${date}:sudoku:${name}`;
  await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
  return { puzzleId, board: deskOf(puzzleId), players: await newPlayers(players) };
}

/** Points a board at `d1` from now on, in place of the suite's D1 (a counter of its trips, a failing one). */
export function setDeskD1(board: DurableObjectStub<PuzzleDesk>, d1: D1Database): Promise<void> {
  return runInDurableObject(board, (desk) => {
    const own = desk as unknown as { env: Cloudflare.Env };
    own.env = { ...own.env, DB: d1 };
  });
}

/** One number a query of a board's own storage reads (`select … as n`). */
export function boardNumber(
  board: DurableObjectStub<PuzzleDesk>,
  query: string,
  ...values: SqlStorageValue[]
): Promise<number> {
  return runInDurableObject(
    board,
    (_desk, state) => state.storage.sql.exec<{ n: number }>(query, ...values).one().n,
  );
}

/**
 * `n` earlier players' counted ranked solves of a puzzle, all in its rating (a hot puzzle): what a query
 * that walks the puzzle's solves instead of seeking its batch's would grow with.
 */
export async function priorSolvers(puzzleId: string, n: number): Promise<void> {
  const count = `with recursive k(i) as (select 1 union all select i + 1 from k where i < ?2)`;
  await env.DB.batch([
    env.DB.prepare(
      `${count} insert into players (id, created_at) select ?1 || ':prior:' || i, '2026-11-28T00:00:00Z' from k`,
    ).bind(puzzleId, n),
    env.DB.prepare(
      `${count} insert into submissions (puzzle_id, puzzle_date, kind, level, player_id, created_at, valid,
         ranked, counted, elapsed_ms, counted_ms, score, streak_date)
       select p.id, p.date, p.kind, p.level, ?1 || ':prior:' || i, '2026-11-29T11:00:00Z', 1, 1, 1,
         60000 + i, 60000 + i, 0.5, p.date
       from k join puzzles p on p.id = ?1`,
    ).bind(puzzleId, n),
    env.DB.prepare(
      `update puzzles set rated_through = (select max(id) from submissions where puzzle_id = ?1), games = ?2
       where id = ?1`,
    ).bind(puzzleId, n),
  ]);
}

/** A judged solve as the Worker hands it to a board, for a player of `newPlayers` and a time of our choosing. */
export function judgedSolve(
  puzzleId: string,
  playerId: string,
  countedMs: number,
  verdict: BoardSolve['verdict'] = 'clean',
  at = '2026-11-29T12:30:00Z',
): BoardSolve {
  const [date = '', kind = 'sudoku', level = 'easy'] = puzzleId.split(':');
  const result = score(countedMs / 1000, 300);
  return {
    verdict,
    row: {
      puzzleId,
      puzzleDate: date,
      kind: kind as Kind,
      level: level as Level,
      playerId,
      createdAt: at,
      valid: true,
      elapsedMs: countedMs,
      countedMs,
      capped: false,
      benchmarkSeconds: 300,
      score: result,
      streakDate: date,
      ...(verdict === 'clean' ? {} : { status: verdict, flags: ['pace_unproven'] }),
    },
    player: {
      score: result,
      pace: countedMs / 1000 / 300,
      player: newRating(),
      playerGames: 0,
      pendingPlayerGames: [],
      playDays: [],
      at,
    },
    // As the Worker reads a player of `newPlayers` with no game yet.
    ratingRow: { exists: false, version: 0, lastBefore: 0, pendingIds: [] },
  };
}

/**
 * A judged solve by an established player: its game moves the puzzle's rating (a new player's does not).
 * Its rating is not one D1 holds, so it carries no read of D1's row: the flush catches it up from D1.
 */
export function establishedSolve(puzzleId: string, playerId: string, countedMs: number): BoardSolve {
  const { ratingRow: _read, ...solve } = judgedSolve(puzzleId, playerId, countedMs);
  return {
    ...solve,
    player: {
      ...solve.player,
      player: { rating: 1700, deviation: 60, volatility: 0.06 },
      playerGames: 20,
      playDays: ['2026-11-20', '2026-11-21', '2026-11-22'],
    },
  };
}
