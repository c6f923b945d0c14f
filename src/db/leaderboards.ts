import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { HistoryBar } from '../fairplay/long-history.js';
import type { Kind } from '../kinds/index.js';
import { batch, statement } from './batch.js';
import { type BoardScope, inScope, scopedSolves } from './board-scope.js';
import type { Db } from './client.js';
import { topEarnedStatement } from './earned-players.js';
import { ownVoteQuery, tallyOf, type VoteRow, type VoteTally, voteTallyQuery } from './feedback.js';
import { aheadQuery, isCounted, isRanked, ownCountedOf, ownSolve, solversQuery } from './ranked-solves.js';
import { playerRatings, players, submissions } from './schema.js';
import { shownTo } from './visibility.js';

/** A row's player: every row a board returns is of a player the viewer may see (shownTo). */
export interface RowPlayer {
  playerId: string;
  displayName: string | null;
}

export interface BoardEntry extends RowPlayer {
  /** 1-based, within the scope. */
  rank: number;
  submissionId: number;
  /** A moderator approved this solve (src/play/board-top.ts). */
  approved: boolean;
  countedMs: number;
  createdAt: string;
}

/** Where the previous page ended: keyset pagination in the index's own order (time, then submission id). */
export interface BoardCursor {
  countedMs: number;
  id: number;
}

/** A page of a puzzle's board with what places it: each row's rank and the number of solvers. */
export interface PuzzleBoardPage {
  entries: BoardEntry[];
  solvers: number;
  /** The viewer's counted solve and its rank within the scope, wherever it stands (null without one). */
  mine: { countedMs: number; rank: number } | null;
  /** True when the viewer's ranked solve waits for a moderator (then `mine` is null). */
  mineUnderReview: boolean;
  /** The players of the board's top rows with the evidence for them, when the page was asked to read it. */
  topEarned?: ReadonlySet<string>;
}

/**
 * What a live puzzle's board holds in memory (src/play/live-board-reads.ts): its solvers and the viewer's
 * counted solve with its rank, solves it acknowledged before D1 has them included. Everyone's board takes
 * them from there instead of counting the viewer's rank in D1, which reads every solve ahead of it.
 */
export interface LiveBoardFacts {
  solvers: number;
  mine: { countedMs: number; rank: number } | null;
}

/** The row's player, joined as `players`. */
function rowPlayer(player: SQLiteColumn) {
  return { playerId: sql<string>`${player}`, displayName: players.displayName };
}

/**
 * One page of a puzzle's fastest counted times within the scope (ties broken by the earlier submission), of
 * the players the viewer may see (shownTo), with their ranks, the solver count and the viewer's own
 * standing: one round trip, every part from an index. A scoped board reads its players' solves
 * (scopedSolves: only players the viewer may see) and sorts those few; its ranks follow the page's order.
 * Everyone's board is read in the index's order, leaving out the rows of players the viewer may not see,
 * while its ranks and solver count are the whole crowd's (as the puzzle's statistics): counting only shown
 * rows ahead would read every row ahead one by one. So a row's rank is the rows before the page plus those
 * of the page's range before it, shown or not, each a short range of the index; ranks may skip.
 */
export async function puzzleBoardPage(
  db: Db,
  puzzleId: string,
  page: {
    after: BoardCursor | null;
    limit: number;
    viewerId: string | null;
    scope: BoardScope;
    /**
     * Only with everyone's board of a live puzzle (a scope's ranks are within it, the board's the whole
     * crowd's): `livePageFacts` gives none for a scope.
     */
    live?: LiveBoardFacts;
    /**
     * The bar of a top row's evidence: everyone's first page then reads which players of its top have it
     * in its own batch (src/play/board-top.ts), instead of a round trip after it.
     */
    topEvidence?: HistoryBar;
  },
): Promise<PuzzleBoardPage> {
  const { after, limit, viewerId, live } = page;
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
  // Everyone's rows from the cursor to this one, shown or not: the ranks the page's range holds before it.
  // Named: D1 passes rows through objects, where a column named like an integer ("0") would come first.
  const sinceCursor = (
    page.scope.kind === 'global'
      ? sql<number>`(select count(*) from submissions crowd
          where crowd.puzzle_id = ${puzzleId} and crowd.counted = 1
            and (crowd.counted_ms, crowd.id) >= (${cursorRow.countedMs}, ${cursorRow.id})
            and (crowd.counted_ms, crowd.id) < (${submissions.countedMs}, ${submissions.id}))`
      : sql<number>`0`
  ).as('since_cursor');
  const topBar = page.scope.kind === 'global' && after === null ? page.topEvidence : undefined;
  const [rows, preceding, total, mine, ahead, review, earned] = await batch(db, [
    statement(
      db,
      db
        .select({
          submissionId: sql<number>`${submissions.id}`,
          approved: sql<boolean>`${submissions.status} = 'approved'`.mapWith(Boolean),
          ...rowPlayer(submissions.playerId),
          countedMs: sql<number>`${submissions.countedMs}`,
          createdAt: sql<string>`${submissions.createdAt}`,
          sinceCursor,
        })
        .from(source.from)
        .innerJoin(players, eq(players.id, submissions.playerId))
        .where(and(onPuzzle, afterCursor, shownTo(viewerId)))
        .orderBy(asc(submissions.countedMs), asc(submissions.id))
        .limit(limit),
    ),
    statement(db, aheadQuery(db, { puzzleId, ...cursorRow }, source)),
    live ? null : statement(db, solversQuery(db, puzzleId, source)),
    live
      ? null
      : statement(
          db,
          db
            .select({ countedMs: sql<number>`${submissions.countedMs}` })
            .from(source.from)
            .where(and(ownCountedOf(puzzleId, me), source.where))
            .limit(1),
        ),
    live
      ? null
      : statement(
          db,
          aheadQuery(
            db,
            { puzzleId, countedMs: ownSolve(puzzleId, me, 'counted_ms'), id: ownSolve(puzzleId, me, 'id') },
            source,
          ),
        ),
    statement(
      db,
      db
        .select({ status: submissions.status })
        .from(submissions)
        .where(and(eq(submissions.puzzleId, puzzleId), eq(submissions.playerId, me), isRanked))
        .limit(1),
    ),
    topBar ? topEarnedStatement(db, puzzleId, topBar) : null,
  ] as const);
  const own = viewerId === null ? undefined : mine?.[0];
  const firstRank = (preceding[0]?.n ?? 0) + 1;
  return {
    // A scope holds only shown players: its page's rows are consecutive.
    entries: rows.map(({ sinceCursor, ...row }, i) => ({
      ...row,
      rank: firstRank + (page.scope.kind === 'global' ? sinceCursor : i),
    })),
    solvers: live ? live.solvers : (total?.[0]?.n ?? 0),
    mine: live ? live.mine : own ? { countedMs: own.countedMs, rank: (ahead?.[0]?.n ?? 0) + 1 } : null,
    mineUnderReview:
      viewerId !== null && (review[0]?.status === 'flagged' || review[0]?.status === 'pending'),
    ...(earned && { topEarned: new Set(earned.map((r) => r.id)) }),
  };
}

export interface RatingEntry extends RowPlayer {
  /** 1-based, within the scope; ties of rating go to the smaller player id. */
  rank: number;
  rating: number;
  deviation: number;
  games: number;
}

export interface RatingCursor {
  rating: number;
  playerId: string;
}

/** A page of a kind's rating board, and the viewer's own place on it (null when not on the board). */
export interface RatingBoardPage {
  entries: RatingEntry[];
  mine: { rank: number; rating: number; deviation: number; games: number } | null;
}

/** A rating board's place: its row is ahead of another's with a higher rating, or the same and a smaller id. */
type Place = { rating: SQL | number; playerId: SQL | string };

/** `row` comes after `place` in the board's order: what a page after a cursor holds. */
function behind(row: SQL, place: Place): SQL {
  return sql`(${row}.rating < ${place.rating} or (${row}.rating = ${place.rating} and ${row}.player_id > ${place.playerId}))`;
}

/** `rating` (a player_ratings alias, joined with its player as `player`) is on the kind's board. */
function onBoard(kind: Kind, rating: SQL, player: SQL): SQL {
  return sql`(${rating}.kind = ${kind} and ${rating}.established = 1 and ${player}.banned_at is null)`;
}

/** The outer queries' own tables, named as drizzle names them. */
const RATING = sql.raw('"player_ratings"');
const PLAYER = sql.raw('"players"');

/**
 * How many rows of the kind's board within the scope meet `where`, which names the counted row
 * `board_r`. Each `where` below is one range of the board's index (kind, rating descending, player id):
 * an `or` of two ranges would make SQLite scan the whole kind for every row it counts for.
 */
function countOnBoard(kind: Kind, scope: BoardScope, where: (row: SQL) => SQL): SQL<number> {
  const row = sql.raw('board_r');
  const scoped = scope.kind === 'global' ? sql`` : sql`and ${inScope(sql`board_r.player_id`, scope)}`;
  return sql<number>`(select count(*) from player_ratings board_r
    join players board_p on board_p.id = board_r.player_id
    where ${onBoard(kind, row, sql.raw('board_p'))} ${scoped} and ${where(row)})`;
}

/** Rows ahead of `place` (and `place` itself with `orAt`): a higher rating, or the same and a smaller id. */
function countAhead(kind: Kind, scope: BoardScope, place: Place, orAt = false): SQL<number> {
  const id = orAt ? sql`<=` : sql`<`;
  return sql<number>`(${countOnBoard(kind, scope, (row) => sql`${row}.rating > ${place.rating}`)} + ${countOnBoard(
    kind,
    scope,
    (row) => sql`${row}.rating = ${place.rating} and ${row}.player_id ${id} ${place.playerId}`,
  )})`;
}

/**
 * Rows strictly between `first` and `last` (`first` ahead): the rest of `first`'s rating, the ratings
 * between, and the start of `last`'s, or the ids between when both have one rating. A page's worth of index.
 */
function countBetween(kind: Kind, scope: BoardScope, first: Place, last: Place): SQL<number> {
  const sameRating = sql`${first.rating} = ${last.rating}`;
  return sql<number>`(${countOnBoard(
    kind,
    scope,
    (row) =>
      sql`${row}.rating = ${first.rating} and ${row}.player_id > ${first.playerId} and (not ${sameRating} or ${row}.player_id < ${last.playerId})`,
  )} + ${countOnBoard(kind, scope, (row) => sql`${row}.rating < ${first.rating} and ${row}.rating > ${last.rating}`)} + ${countOnBoard(
    kind,
    scope,
    (row) =>
      sql`not ${sameRating} and ${row}.rating = ${last.rating} and ${row}.player_id < ${last.playerId}`,
  )})`;
}

/**
 * One page of a kind's top ratings among its established players within the scope, of the players the
 * viewer may see (never banned ones), with each row's rank and the viewer's own place, in one round trip.
 * As on a puzzle's board, everyone's ranks are the whole crowd's (players the viewer may not see count,
 * so ranks may skip): the rows up to the cursor plus those after it and ahead of the row, each an index
 * range. A scope holds only players the viewer may see, so its ranks follow the page's order.
 */
export async function ratingBoardPage(
  db: Db,
  kind: Kind,
  page: { after: RatingCursor | null; limit: number; viewerId: string | null; scope: BoardScope },
): Promise<RatingBoardPage> {
  const { after, limit, viewerId, scope } = page;
  const global = scope.kind === 'global';
  const afterCursor = after ? behind(RATING, after) : undefined;
  const thisRow: Place = { rating: sql`${playerRatings.rating}`, playerId: sql`${playerRatings.playerId}` };
  // Named: D1 passes rows through objects, where a column named like an integer would come first.
  const sinceCursor = (
    global
      ? after
        ? countBetween(kind, scope, after, thisRow)
        : countAhead(kind, scope, thisRow)
      : sql<number>`0`
  ).as('since_cursor');
  // Everything not behind the cursor: its own row and those ahead of it.
  const upToCursor = after ? countAhead(kind, scope, after, true) : sql<number>`0`;
  const [rows, mine] = await db.batch([
    db
      .select({
        ...rowPlayer(playerRatings.playerId),
        rating: playerRatings.rating,
        deviation: playerRatings.deviation,
        games: playerRatings.games,
        sinceCursor,
        upToCursor: upToCursor.as('up_to_cursor'),
      })
      .from(playerRatings)
      .innerJoin(players, eq(players.id, playerRatings.playerId))
      .where(
        and(
          onBoard(kind, RATING, PLAYER),
          shownTo(viewerId),
          inScope(playerRatings.playerId, scope),
          afterCursor,
        ),
      )
      .orderBy(desc(playerRatings.rating), asc(playerRatings.playerId))
      .limit(limit),
    db
      .select({
        rating: playerRatings.rating,
        deviation: playerRatings.deviation,
        games: playerRatings.games,
        ahead: countAhead(kind, scope, thisRow).as('ahead'),
      })
      .from(playerRatings)
      .innerJoin(players, eq(players.id, playerRatings.playerId))
      .where(and(eq(playerRatings.playerId, viewerId ?? ''), onBoard(kind, RATING, PLAYER)))
      .limit(1),
  ]);
  const own = viewerId === null ? undefined : mine[0];
  return {
    entries: rows.map(({ sinceCursor, upToCursor, ...row }, i) => ({
      ...row,
      rank: upToCursor + 1 + (global ? sinceCursor : i),
    })),
    mine: own
      ? { rank: own.ahead + 1, rating: own.rating, deviation: own.deviation, games: own.games }
      : null,
  };
}

export interface PuzzleStatsRow {
  solvers: number;
  medianMs: number | null;
  /** Counts per bucket: bucket i holds times in [edges[i-1], edges[i]), the last everything slower. */
  histogram: number[];
  /** The bucket of the viewer's counted time on the puzzle, if it has one: by the same rule as the counts. */
  mineBucket: number | null;
  /** Every vote on the puzzle, and the viewer's own. */
  votes: VoteTally;
  myVote: VoteRow | null;
}

/** A live puzzle's counted solves as its board summarises them from memory (src/live/puzzle-desk.ts). */
export interface LiveStats {
  solvers: number;
  medianMs: number | null;
  /** Counted solves per bucket of the edges asked (bucket i holds [edges[i-1], edges[i]); the last is open-ended). */
  histogram: number[];
}

/**
 * Solvers, median and a time histogram of a puzzle's counted solves, each from the (puzzle, time) index,
 * with the bucket of the viewer's own counted time. A live puzzle's board gives the first three from
 * memory (`live`): they then count every solve it acknowledged, and D1 reads no more than the viewer's
 * own solve and the votes, however many solved.
 */
export async function puzzleStats(
  db: Db,
  puzzleId: string,
  edges: readonly number[],
  viewerId: string | null,
  live?: LiveStats,
): Promise<PuzzleStatsRow> {
  const onPuzzle = and(eq(submissions.puzzleId, puzzleId), isCounted);
  const bucket = sql<number>`case ${sql.join(
    edges.map((edge, i) => sql`when ${submissions.countedMs} < ${edge} then ${i}`),
    sql` `,
  )} else ${edges.length} end`;
  const [countRows, bucketRows, mine, voteRows, ownVote] = await batch(db, [
    live ? null : statement(db, db.select({ n: sql<number>`count(*)` }).from(submissions).where(onPuzzle)),
    live
      ? null
      : statement(
          db,
          db.select({ bucket, n: sql<number>`count(*)` }).from(submissions).where(onPuzzle).groupBy(bucket),
        ),
    statement(
      db,
      db
        .select({ bucket })
        .from(submissions)
        .where(ownCountedOf(puzzleId, viewerId ?? ''))
        .limit(1),
    ),
    statement(db, voteTallyQuery(db, puzzleId)),
    statement(db, ownVoteQuery(db, puzzleId, viewerId)),
  ] as const);
  const votes = tallyOf(voteRows);
  const myVote = viewerId === null ? null : (ownVote[0] ?? null);
  const mineBucket = viewerId === null ? null : (mine[0]?.bucket ?? null);
  if (live) return { ...live, mineBucket, votes, myVote };
  const solvers = countRows?.[0]?.n ?? 0;
  const histogram = new Array<number>(edges.length + 1).fill(0);
  for (const row of bucketRows ?? []) histogram[row.bucket] = row.n;
  if (solvers === 0) return { solvers, medianMs: null, histogram, mineBucket, votes, myVote };
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
  return { solvers, medianMs, histogram, mineBucket, votes, myVote };
}
