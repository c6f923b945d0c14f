import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Kind } from '../kinds/index.js';
import { type BoardScope, followEachOtherWith, inScope, scopedSolves } from './board-scope.js';
import type { Db } from './client.js';
import { aheadQuery, isCounted, isRanked, ownSolve, solversQuery } from './ranked-solves.js';
import { type BoardVisibility, playerRatings, players, submissions } from './schema.js';

/** Who a row's player is, for the viewer's eyes: its visibility and whether the two follow each other. */
export interface RowPlayer {
  playerId: string;
  displayName: string | null;
  boardVisibility: BoardVisibility;
  /** The player and the viewer follow each other. */
  mutual: boolean;
}

export interface BoardEntry extends RowPlayer {
  submissionId: number;
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
  /** 1-based rank of the page's first entry within the scope. */
  firstRank: number;
  solvers: number;
  /** The viewer's counted solve and its rank within the scope, wherever it stands (null without one). */
  mine: { countedMs: number; rank: number } | null;
  /** True when the viewer's ranked solve waits for a moderator (then `mine` is null). */
  mineUnderReview: boolean;
}

function rowPlayer(player: SQLiteColumn, viewerId: string | null) {
  return {
    playerId: sql<string>`${player}`,
    displayName: players.displayName,
    boardVisibility: players.boardVisibility,
    mutual: sql<boolean>`${followEachOtherWith(player, viewerId)}`.mapWith(Boolean),
  };
}

/**
 * One page of a puzzle's fastest counted times within the scope (ties broken by the earlier submission), its
 * first rank, the solver count and the viewer's own standing: one round trip, every part from an index. A
 * scoped board reads its players' solves (scopedSolves) and sorts those few; everyone's is read in the
 * index's order.
 */
export async function puzzleBoardPage(
  db: Db,
  puzzleId: string,
  page: { after: BoardCursor | null; limit: number; viewerId: string | null; scope: BoardScope },
): Promise<PuzzleBoardPage> {
  const { after, limit, viewerId } = page;
  const source = scopedSolves(page.scope);
  const onPuzzle = and(eq(submissions.puzzleId, puzzleId), isCounted, source.where);
  // A row value, so that the index seeks to the cursor instead of reading the board from its start.
  const afterCursor = after
    ? sql`(${submissions.countedMs}, ${submissions.id}) > (${after.countedMs}, ${after.id})`
    : undefined;
  // The page starts after the cursor's row, so what precedes it is that row and everything ahead of it
  // (ids are integers: ahead of id + 1). Without a cursor: an empty range, as times are never negative.
  const cursorRow = after ? { countedMs: after.countedMs, id: after.id + 1 } : { countedMs: -1, id: 0 };
  // Without a viewer these name no row: the count is then 0 and unused.
  const me = viewerId ?? '';
  // Columns read from `source` are plain SQL: drizzle cannot see the table inside a scope's SQL source.
  const [rows, preceding, total, mine, ahead, review] = await db.batch([
    db
      .select({
        submissionId: sql<number>`${submissions.id}`,
        ...rowPlayer(submissions.playerId, viewerId),
        countedMs: sql<number>`${submissions.countedMs}`,
        createdAt: sql<string>`${submissions.createdAt}`,
      })
      .from(source.from)
      .innerJoin(players, eq(players.id, submissions.playerId))
      .where(and(onPuzzle, afterCursor))
      .orderBy(asc(submissions.countedMs), asc(submissions.id))
      .limit(limit),
    aheadQuery(db, { puzzleId, ...cursorRow }, source),
    solversQuery(db, puzzleId, source),
    db
      .select({ countedMs: sql<number>`${submissions.countedMs}` })
      .from(source.from)
      .where(and(onPuzzle, eq(submissions.playerId, me)))
      .limit(1),
    aheadQuery(
      db,
      { puzzleId, countedMs: ownSolve(puzzleId, me, 'counted_ms'), id: ownSolve(puzzleId, me, 'id') },
      source,
    ),
    db
      .select({ status: submissions.status })
      .from(submissions)
      .where(and(eq(submissions.puzzleId, puzzleId), eq(submissions.playerId, me), isRanked))
      .limit(1),
  ]);
  const own = viewerId === null ? undefined : mine[0];
  return {
    entries: rows,
    firstRank: (preceding[0]?.n ?? 0) + 1,
    solvers: total[0]?.n ?? 0,
    mine: own ? { countedMs: own.countedMs, rank: (ahead[0]?.n ?? 0) + 1 } : null,
    mineUnderReview:
      viewerId !== null && (review[0]?.status === 'flagged' || review[0]?.status === 'pending'),
  };
}

export interface RatingEntry extends RowPlayer {
  rating: number;
  deviation: number;
  games: number;
}

export interface RatingCursor {
  rating: number;
  playerId: string;
}

/** One page of a kind's top ratings among its established players within the scope (never banned ones). */
export async function ratingBoardPage(
  db: Db,
  kind: Kind,
  page: { after: RatingCursor | null; limit: number; viewerId: string | null; scope: BoardScope },
): Promise<RatingEntry[]> {
  const { after, limit, viewerId } = page;
  const afterCursor = after
    ? or(
        lt(playerRatings.rating, after.rating),
        and(eq(playerRatings.rating, after.rating), gt(playerRatings.playerId, after.playerId)),
      )
    : undefined;
  return db
    .select({
      ...rowPlayer(playerRatings.playerId, viewerId),
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
        inScope(playerRatings.playerId, page.scope),
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
  // The middle two of an even count may be an odd number of ms apart: whole milliseconds, as every time.
  const medianMs = Math.round(times.reduce((a, b) => a + b, 0) / times.length);
  return { solvers, medianMs, histogram };
}
