import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Kind } from '../kinds/index.js';
import type { Db } from './client.js';
import { aheadQuery, isCounted, isRanked, ownSolve, solversQuery } from './ranked-solves.js';
import { playerRatings, players, submissions } from './schema.js';

export interface BoardEntry {
  submissionId: number;
  playerId: string;
  displayName: string | null;
  countedMs: number;
  createdAt: string;
}

/** Where the previous page ended: keyset pagination in the index's own order (time, then submission id). */
export interface BoardCursor {
  countedMs: number;
  id: number;
}

/** A page of a puzzle's board with what places it: the rank of its first row and the number of solvers. */
export interface PuzzleBoardPage {
  entries: BoardEntry[];
  /** 1-based rank of the page's first entry. */
  firstRank: number;
  solvers: number;
  /** The given player's counted solve and its rank, wherever it stands (null without one). */
  mine: { countedMs: number; rank: number } | null;
  /** True when the given player's ranked solve waits for a moderator (then `mine` is null). */
  mineUnderReview: boolean;
}

/**
 * One page of a puzzle's fastest ranked times (ties broken by the earlier submission), its first rank, the
 * solver count and, for a player, their own standing: one round trip, every part from the board's index.
 */
export async function puzzleBoardPage(
  db: Db,
  puzzleId: string,
  after: BoardCursor | null,
  limit: number,
  playerId: string | null,
): Promise<PuzzleBoardPage> {
  const onPuzzle = and(eq(submissions.puzzleId, puzzleId), isCounted);
  const afterCursor = after
    ? or(
        gt(submissions.countedMs, after.countedMs),
        and(eq(submissions.countedMs, after.countedMs), gt(submissions.id, after.id)),
      )
    : undefined;
  // The page starts after the cursor's row, so what precedes it is that row and everything ahead of it
  // (ids are integers: ahead of id + 1). Without a cursor: an empty range, as times are never negative.
  const cursorRow = after ? { countedMs: after.countedMs, id: after.id + 1 } : { countedMs: -1, id: 0 };
  // Without a player these name no row: the count is then 0 and unused.
  const me = playerId ?? '';
  const [rows, preceding, total, mine, ahead, review] = await db.batch([
    db
      .select({
        submissionId: submissions.id,
        playerId: submissions.playerId,
        displayName: players.displayName,
        countedMs: submissions.countedMs,
        createdAt: submissions.createdAt,
      })
      .from(submissions)
      .innerJoin(players, eq(players.id, submissions.playerId))
      .where(and(onPuzzle, afterCursor))
      .orderBy(asc(submissions.countedMs), asc(submissions.id))
      .limit(limit),
    aheadQuery(db, { puzzleId, ...cursorRow }),
    solversQuery(db, puzzleId),
    db
      .select({ countedMs: submissions.countedMs })
      .from(submissions)
      .where(and(onPuzzle, eq(submissions.playerId, me)))
      .limit(1),
    aheadQuery(db, {
      puzzleId,
      countedMs: ownSolve(puzzleId, me, 'counted_ms'),
      id: ownSolve(puzzleId, me, 'id'),
    }),
    db
      .select({ status: submissions.status })
      .from(submissions)
      .where(and(eq(submissions.puzzleId, puzzleId), eq(submissions.playerId, me), isRanked))
      .limit(1),
  ]);
  const own = playerId === null ? undefined : mine[0];
  return {
    entries: rows.map((r) => ({ ...r, countedMs: r.countedMs ?? 0 })),
    firstRank: (preceding[0]?.n ?? 0) + 1,
    solvers: total[0]?.n ?? 0,
    mine: own ? { countedMs: own.countedMs ?? 0, rank: (ahead[0]?.n ?? 0) + 1 } : null,
    mineUnderReview: playerId !== null && review[0]?.status === 'flagged',
  };
}

export interface RatingEntry {
  playerId: string;
  displayName: string | null;
  rating: number;
  deviation: number;
  games: number;
}

export interface RatingCursor {
  rating: number;
  playerId: string;
}

/** One page of a kind's top ratings among its established players (banned players never appear). */
export async function ratingBoardPage(
  db: Db,
  kind: Kind,
  after: RatingCursor | null,
  limit: number,
): Promise<RatingEntry[]> {
  const afterCursor = after
    ? or(
        lt(playerRatings.rating, after.rating),
        and(eq(playerRatings.rating, after.rating), gt(playerRatings.playerId, after.playerId)),
      )
    : undefined;
  return db
    .select({
      playerId: playerRatings.playerId,
      displayName: players.displayName,
      rating: playerRatings.rating,
      deviation: playerRatings.deviation,
      games: playerRatings.games,
    })
    .from(playerRatings)
    .innerJoin(players, eq(players.id, playerRatings.playerId))
    .where(
      and(
        eq(playerRatings.kind, kind),
        eq(playerRatings.established, true),
        isNull(players.bannedAt),
        afterCursor,
      ),
    )
    .orderBy(desc(playerRatings.rating), asc(playerRatings.playerId))
    .limit(limit)
    .all();
}

export interface PuzzleStatsRow {
  solvers: number;
  medianMs: number | null;
  /** Counts per bucket index (0 .. buckets - 1; the last bucket holds everything slower). */
  histogram: number[];
}

/** Solvers, median and a time histogram of a puzzle's counted solves, each from the (puzzle, time) index. */
export async function puzzleStats(
  db: Db,
  puzzleId: string,
  bucketMs: number,
  buckets: number,
): Promise<PuzzleStatsRow> {
  const onPuzzle = and(eq(submissions.puzzleId, puzzleId), isCounted);
  const last = buckets - 1;
  const bucket = sql<number>`min(cast(${submissions.countedMs} / ${bucketMs} as integer), ${last})`;
  const [countRows, bucketRows] = await db.batch([
    db.select({ n: sql<number>`count(*)` }).from(submissions).where(onPuzzle),
    db.select({ bucket, n: sql<number>`count(*)` }).from(submissions).where(onPuzzle).groupBy(bucket),
  ]);
  const solvers = countRows[0]?.n ?? 0;
  const histogram = new Array<number>(buckets).fill(0);
  for (const row of bucketRows) histogram[row.bucket] = row.n;
  if (solvers === 0) return { solvers, medianMs: null, histogram };
  const middle = await db
    .select({ countedMs: submissions.countedMs })
    .from(submissions)
    .where(onPuzzle)
    .orderBy(asc(submissions.countedMs))
    .limit(2 - (solvers % 2))
    .offset(Math.floor((solvers - 1) / 2))
    .all();
  const times = middle.map((r) => r.countedMs ?? 0);
  const medianMs = times.reduce((a, b) => a + b, 0) / times.length;
  return { solvers, medianMs, histogram };
}
