import { and, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Level } from '../contract/kinds/index.js';
import type { WebhookEventType } from '../contract/webhooks.js';
import { HISTORY_SOLVES } from '../fairplay/pace-history.js';
import type { Kind } from '../kinds/index.js';
import { batch, cachedStatement, type Param, type Statement, statement } from './batch.js';
import type { Db } from './client.js';
import { LINES_COLUMNS, type Lines, NO_LINES } from './lines.js';
import {
  advanceWithOwnGameQuery as advancePlayerWithOwnGameQuery,
  type PendingPlayerGame,
  type PlayerRatingRow,
  type PlayerRatingUpdate,
  pendingPlayerGamesQuery,
  playDaysOf,
  playDaysQuery,
  playerRatingQuery,
  ratingsAfterQuery,
} from './player-ratings.js';
import {
  advancePuzzleRatingQuery,
  advanceWithOwnGameQuery as advancePuzzleWithOwnGameQuery,
  type PendingPuzzleGame,
  type PuzzleRatingUpdate,
  type PuzzleRatingWithOwnGame,
  pendingPuzzleGamesQuery,
  ratingStateColumns,
} from './puzzle-ratings.js';
import type { PuzzleRow } from './puzzles.js';
import {
  aheadQuery,
  isCounted,
  isRanked,
  ownSolve,
  type RankedSolve,
  solversQuery,
} from './ranked-solves.js';
import { benchmarks, players, playerTokens, playSessions, puzzles, submissions } from './schema.js';
import type { SessionRow } from './sessions.js';
import { tokenHeld } from './tokens.js';
import { heardEventTypesQuery } from './webhooks.js';

export type SubmissionRow = typeof submissions.$inferSelect;

/** The parts of a solve its answer is made from, on the direct path and on a live board alike. */
export type AnsweredSolveFields = Pick<
  SubmissionRow,
  'status' | 'counted' | 'countedMs' | 'capped' | 'score' | 'ratingBefore' | 'ratingAfter' | 'deviationAfter'
>;

/** `ranked` and `counted` are decided by which function stores the row. */
export type NewSubmissionRow = Omit<typeof submissions.$inferInsert, 'ranked' | 'counted' | 'id'>;

function rankedQuery(db: Db, puzzleId: Param<string>, playerId: Param<string>) {
  return db
    .select()
    .from(submissions)
    .where(and(eq(submissions.puzzleId, puzzleId), eq(submissions.playerId, playerId), isRanked));
}

export async function findRankedSubmission(
  db: Db,
  puzzleId: string,
  playerId: string,
): Promise<SubmissionRow | undefined> {
  return rankedQuery(db, puzzleId, playerId).get();
}

export async function insertAttempt(db: Db, row: NewSubmissionRow): Promise<void> {
  await db.insert(submissions).values({ ...row, ranked: false, counted: false });
}

/** The columns of a puzzle that judging and rating a submission use (not its answer, seed or grade). */
export type PuzzleToJudge = Pick<
  PuzzleRow,
  | 'id'
  | 'date'
  | 'kind'
  | 'level'
  | 'puzzle'
  | 'benchmarkSeconds'
  | 'boardShards'
  | 'rating'
  | 'ratingDeviation'
  | 'ratingVolatility'
  | 'ratedThrough'
  | 'establishedGames'
  | 'ratingVersion'
>;

/** What a submission needs to know before judging, all read in one round trip. */
export interface SubmissionState {
  /**
   * Undefined when the token is not one the player holds (revoked), or its player is unknown here (deleted,
   * or a token of another deployment with the same secret).
   */
  player: HeldPlayer | undefined;
  /**
   * Undefined until the puzzle is generated. On the live path it may be the one read before (`LiveRead`):
   * its rating is then as old as that read, which is the board's to hold there, never read from here.
   */
  puzzle: PuzzleToJudge | undefined;
  /** Undefined until the player has fetched the puzzle with its token; with what its reveals showed. */
  session: SessionRow | undefined;
  /** The player's ranked solve of this puzzle, if any: a repeat gets its result back. */
  ranked: SubmissionRow | undefined;
  rating: PlayerRatingRow | undefined;
  /**
   * Counted games of the puzzle its rating does not include yet, oldest first: this submission applies them.
   * None on the live path, where the puzzle's board applies them (`LiveRead`).
   */
  pendingPuzzleGames: PendingPuzzleGame[];
  /** The same for the player's rating of the kind (normally none: only concurrent solves leave some). */
  pendingPlayerGames: PendingPlayerGame[];
  /** The first solves of the player's days of play in the kind, as many as standing needs. */
  playDays: string[];
  /** The kind and level's lines and record pace, as multiples of the benchmark (src/fairplay). */
  lines: Lines;
  /**
   * The paces (counted time ÷ benchmark) of the player's ranked solves of the kind and level within the
   * history window (src/fairplay/pace-history.ts), newest first; `counted`: clean or approved, not held.
   */
  levelSolves: { pace: number; counted: boolean }[];
  /** The player's pace signals within the suspects window, since its last clear (src/fairplay/suspicion.ts). */
  paceSignals: { kind: Kind; hugsFloor: boolean; earlyElite: boolean; ramp: boolean }[];
  /** The player's streak already has the puzzle's date (from a solve of another of its puzzles). */
  streakDateTaken: boolean;
  /** The distinct streak dates of the player's counted solves, newest first (a board's answer adds its own). */
  streakDates: string[];
  /**
   * The webhook event types some enabled endpoint subscribes to, a solve queues no other (read only when
   * asked, `ReadOptions.events`: empty otherwise).
   */
  heardEvents: ReadonlySet<WebhookEventType>;
}

/** The submitting player as judging needs it; `approvedAt`: a moderator vouched for it. */
export interface HeldPlayer {
  id: string;
  timeZone: string | null;
  /** The zone before the last change, and when it changed (src/daily/calendar-change.ts). */
  timeZonePrevious: string | null;
  timeZoneChangedAt: string | null;
  bannedAt: string | null;
  approvedAt: string | null;
}

/** The date part of a `DATE:KIND:LEVEL` puzzle id. */
function puzzleDateOf(puzzleId: string): string {
  return puzzleId.slice(0, puzzleId.indexOf(':'));
}

const at = {
  signalsSince: sql.placeholder('signalsSince'),
  historySince: sql.placeholder('historySince'),
  playerId: sql.placeholder('playerId'),
  tokenId: sql.placeholder('tokenId'),
  puzzleId: sql.placeholder('puzzleId'),
  kind: sql.placeholder('kind'),
  level: sql.placeholder('level'),
};

/** The values of a submission's read statements. */
interface ReadValues extends Record<string, unknown> {
  /** The start of the suspects window (ISO). */
  signalsSince: string;
  /** The start of the pace history's window (ISO). */
  historySince: string;
  playerId: string;
  tokenId: string;
  puzzleId: string;
  kind: Kind;
  level: Level;
}

// The read batch of every submission, built once (batch.ts says why).
const heldPlayer = cachedStatement<ReadValues, HeldPlayer[]>((db) =>
  db
    .select({
      id: players.id,
      timeZone: players.timeZone,
      timeZonePrevious: players.timeZonePrevious,
      timeZoneChangedAt: players.timeZoneChangedAt,
      bannedAt: players.bannedAt,
      approvedAt: players.approvedAt,
    })
    .from(players)
    .innerJoin(playerTokens, eq(playerTokens.playerId, players.id))
    .where(tokenHeld(at.playerId, at.tokenId))
    .limit(1),
);
const puzzleToJudge = cachedStatement<ReadValues, PuzzleToJudge[]>((db) =>
  db
    .select({
      ...ratingStateColumns,
      date: puzzles.date,
      kind: puzzles.kind,
      level: puzzles.level,
      puzzle: puzzles.puzzle,
      benchmarkSeconds: puzzles.benchmarkSeconds,
      boardShards: puzzles.boardShards,
    })
    .from(puzzles)
    .where(eq(puzzles.id, at.puzzleId))
    .limit(1),
);
const sessionOf = cachedStatement<ReadValues, SessionRow[]>((db) =>
  db
    .select()
    .from(playSessions)
    .where(and(eq(playSessions.playerId, at.playerId), eq(playSessions.puzzleId, at.puzzleId)))
    .limit(1),
);
const rankedOf = cachedStatement<ReadValues, SubmissionRow[]>((db) =>
  rankedQuery(db, at.puzzleId, at.playerId).limit(1),
);
const ratingOf = cachedStatement<ReadValues, PlayerRatingRow[]>((db) =>
  playerRatingQuery(db, at.playerId, at.kind),
);
const pendingOfPuzzle = cachedStatement<ReadValues, PendingPuzzleGame[]>((db) =>
  pendingPuzzleGamesQuery(db, at.puzzleId),
);
const pendingOfPlayer = cachedStatement<ReadValues, PendingPlayerGame[]>((db) =>
  pendingPlayerGamesQuery(db, at.playerId, at.kind),
);
const playDaysOfPlayer = cachedStatement<ReadValues, { days: string }[]>((db) =>
  playDaysQuery(db, at.playerId, at.kind),
);
const linesOf = cachedStatement<ReadValues, Lines[]>((db) =>
  db
    .select(LINES_COLUMNS)
    .from(benchmarks)
    .where(and(eq(benchmarks.kind, at.kind), eq(benchmarks.level, at.level)))
    .limit(1),
);
/**
 * A player's ranked, unvoided paces at one kind and level since `since`, newest first, at most HISTORY_SOLVES:
 * read from the covering index `submissions_player_level_paces` alone.
 */
export function levelPacesQuery(
  db: Db,
  playerId: Param<string>,
  kind: Param<Kind>,
  level: Param<Level>,
  since: Param<string>,
) {
  return db
    .select({
      pace: sql<number>`${submissions.countedMs} / 1000.0 / ${submissions.benchmarkSeconds}`,
      counted: submissions.counted,
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.playerId, playerId),
        eq(submissions.kind, kind),
        eq(submissions.level, level),
        isRanked,
        sql`${submissions.status} <> 'voided'`,
        gte(submissions.createdAt, since),
      ),
    )
    .orderBy(desc(submissions.id))
    .limit(HISTORY_SOLVES);
}
const levelSolvesOf = cachedStatement<ReadValues, { pace: number; counted: boolean }[]>((db) =>
  levelPacesQuery(db, at.playerId, at.kind, at.level, at.historySince),
);
const paceSignalsOf = cachedStatement<ReadValues, SubmissionState['paceSignals']>((db) =>
  db
    .select({
      kind: submissions.kind,
      hugsFloor: submissions.hugsFloor,
      earlyElite: submissions.earlyElite,
      ramp: submissions.ramp,
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.playerId, at.playerId),
        sql`(${submissions.hugsFloor} = 1 or ${submissions.earlyElite} = 1 or ${submissions.ramp} = 1)`,
        gte(submissions.createdAt, at.signalsSince),
        sql`${submissions.createdAt} > coalesce((select p.suspect_cleared_at from players p
          where p.id = ${at.playerId}), '')`,
      ),
    ),
);
const streakDatesRead = cachedStatement<ReadValues, { dates: string }[]>((db) =>
  streakDatesQuery(db, at.playerId),
);
const heardEventTypes = cachedStatement<ReadValues, { type: WebhookEventType }[]>((db) =>
  heardEventTypesQuery(db),
);

/**
 * What a live submission's read leaves out: the puzzle's pending games, which its board plays, and the
 * puzzle itself when the caller knows it already (what judging reads of a puzzle never changes once made).
 */
export interface LiveRead {
  known: PuzzleToJudge | undefined;
}

/**
 * What a submission's read includes beyond the player's and the puzzle's state: `live`, the live path's
 * smaller read; `events`, the webhook types endpoints hear (only where the service queues events at all).
 */
export interface ReadOptions {
  live?: LiveRead;
  events?: boolean;
}

/** Everything judging a submission needs, in one batch; on the live path (`live`) less of it. */
export async function submissionState(
  db: Db,
  puzzleId: string,
  { playerId, tokenId }: { playerId: string; tokenId: string },
  kind: Kind,
  level: Level,
  since: { signals: string; history: string },
  { live, events = false }: ReadOptions = {},
): Promise<SubmissionState> {
  const date = puzzleDateOf(puzzleId);
  const values: ReadValues = {
    signalsSince: since.signals,
    historySince: since.history,
    playerId,
    tokenId,
    puzzleId,
    kind,
    level,
  };
  const [
    puzzle,
    pendingPuzzle,
    player,
    session,
    own,
    rating,
    pendingPlayer,
    days,
    lines,
    paces,
    signals,
    dates,
    heard,
  ] = await batch(db, [
    live?.known ? null : puzzleToJudge(db, values),
    live ? null : pendingOfPuzzle(db, values),
    heldPlayer(db, values),
    sessionOf(db, values),
    rankedOf(db, values),
    ratingOf(db, values),
    pendingOfPlayer(db, values),
    playDaysOfPlayer(db, values),
    linesOf(db, values),
    levelSolvesOf(db, values),
    paceSignalsOf(db, values),
    streakDatesRead(db, values),
    events ? heardEventTypes(db, values) : null,
  ] as const);
  const newestDates = streakDatesOfRows(dates);
  return {
    player: player[0],
    puzzle: live?.known ?? puzzle?.[0],
    session: session[0],
    ranked: own[0],
    rating: rating[0],
    pendingPuzzleGames: pendingPuzzle ?? [],
    pendingPlayerGames: pendingPlayer,
    playDays: playDaysOf(days),
    lines: lines[0] ?? NO_LINES,
    levelSolves: paces,
    paceSignals: signals,
    // The newest 1,000 streak dates always reach back past a live puzzle's date.
    streakDateTaken: newestDates.includes(date),
    streakDates: newestDates,
    heardEvents: new Set(heard?.map((r) => r.type)),
  };
}

/** Where a counted solve stands the moment it is stored, and the player's streak dates. */
export interface Standing {
  rank: number;
  total: number;
  dates: string[];
}

export class AlreadyRankedError extends Error {
  override name = 'AlreadyRankedError';
}

/** A clean solve and everything it moves, computed from the state read before. */
export interface CleanSolve {
  submission: NewSubmissionRow;
  player: PlayerRatingUpdate & { exists: boolean; lastBefore: number };
  /** The pending games the player's new rating includes, with the rating each left (history). */
  playerGamesAfter: { id: number; rating: number; deviation: number }[];
  puzzle: {
    withOwnGame: PuzzleRatingWithOwnGame;
    /** The pending games alone, for when the own game cannot apply; absent when none were pending. */
    pendingOnly?: PuzzleRatingUpdate & { through: number };
  };
}

const ph = sql.placeholder;

/** The values of a clean solve's write statements (booleans as 0 or 1: see `settable`). */
interface WriteValues extends Record<string, unknown> {
  puzzleId: string;
  playerId: string;
  kind: Kind;
  countedMs: number;
  playerRating: number;
  playerDeviation: number;
  playerVolatility: number;
  playerGames: number;
  playerEstablished: 0 | 1;
  playerVersion: number;
  playerLastBefore: number;
  updatedAt: string;
  puzzleRating: number;
  puzzleDeviation: number;
  puzzleVolatility: number;
  puzzleEstablishedGames: number;
  puzzleVersion: number;
  puzzleLastBefore: number;
}

const playerUpdate = {
  playerId: ph('playerId'),
  kind: ph('kind'),
  puzzleId: ph('puzzleId'),
  rating: ph('playerRating'),
  deviation: ph('playerDeviation'),
  volatility: ph('playerVolatility'),
  games: ph('playerGames'),
  established: ph('playerEstablished'),
  version: ph('playerVersion'),
  lastBefore: ph('playerLastBefore'),
  updatedAt: ph('updatedAt'),
};

// The write batch of every clean solve but its insert, built once (batch.ts says why).
const firstPlayerRating = cachedStatement<WriteValues, { version: number }[]>((db) =>
  advancePlayerWithOwnGameQuery(db, { ...playerUpdate, exists: false }),
);
const nextPlayerRating = cachedStatement<WriteValues, { version: number }[]>((db) =>
  advancePlayerWithOwnGameQuery(db, { ...playerUpdate, exists: true }),
);
const puzzleRatingWithOwnGame = cachedStatement<WriteValues, D1Result>((db) =>
  advancePuzzleWithOwnGameQuery(db, {
    id: ph('puzzleId'),
    playerId: ph('playerId'),
    rating: ph('puzzleRating'),
    deviation: ph('puzzleDeviation'),
    volatility: ph('puzzleVolatility'),
    establishedGames: ph('puzzleEstablishedGames'),
    version: ph('puzzleVersion'),
    lastBefore: ph('puzzleLastBefore'),
  }),
);
const ownAhead = cachedStatement<WriteValues, { n: number }[]>((db) =>
  aheadQuery(db, {
    puzzleId: ph('puzzleId'),
    countedMs: ph('countedMs'),
    id: ownSolve(ph('puzzleId'), ph('playerId'), 'id'),
  }),
);
const solversOf = cachedStatement<WriteValues, { n: number }[]>((db) => solversQuery(db, ph('puzzleId')));
const streakDatesOf = cachedStatement<WriteValues, { dates: string }[]>((db) =>
  streakDatesQuery(db, ph('playerId')),
);

type SubmissionInsert = typeof submissions.$inferInsert;
const rankedInserts = new Map<string, (db: Db, row: SubmissionInsert) => Statement<SubmissionRow[]>>();

/**
 * A row's insert, cached per set of columns given (a clean solve's rows all give the same set): values that
 * are undefined are left to their column's default, as drizzle does.
 */
function insertStatement(db: Db, row: SubmissionInsert): Statement<SubmissionRow[]> {
  const given = Object.entries(row).flatMap(([column, value]) => (value === undefined ? [] : [column]));
  const signature = given.join(',');
  let insert = rankedInserts.get(signature);
  if (!insert) {
    const placeholders = Object.fromEntries(given.map((column) => [column, sql.placeholder(column)]));
    insert = cachedStatement<SubmissionInsert, SubmissionRow[]>((db) =>
      db
        .insert(submissions)
        .values(placeholders as unknown as SubmissionInsert)
        .returning(),
    );
    rankedInserts.set(signature, insert);
  }
  return insert(db, row);
}

function writeValues({ submission, player, puzzle }: CleanSolve): WriteValues {
  const own = puzzle.withOwnGame;
  return {
    puzzleId: submission.puzzleId,
    playerId: submission.playerId,
    kind: player.kind,
    countedMs: submission.countedMs ?? 0,
    playerRating: player.rating,
    playerDeviation: player.deviation,
    playerVolatility: player.volatility,
    playerGames: player.games,
    playerEstablished: player.established ? 1 : 0,
    playerVersion: player.version,
    playerLastBefore: player.lastBefore,
    updatedAt: player.updatedAt,
    puzzleRating: own.rating,
    puzzleDeviation: own.deviation,
    puzzleVolatility: own.volatility,
    puzzleEstablishedGames: own.establishedGames,
    puzzleVersion: own.version,
    puzzleLastBefore: own.lastBefore,
  };
}

/**
 * Stores a clean solve, the player's and the puzzle's new ratings (each only when exact: see the queries),
 * and reads the solve's standing, in one atomic batch. `playerRated` is false when a concurrent solve of
 * the same kind by the same player got there first: the game then waits for a catch-up. The unique partial
 * index on (puzzle, player) makes a concurrent duplicate fail as a whole: then AlreadyRankedError, and
 * nothing changed.
 */
export async function recordCleanSolve(
  db: Db,
  solve: CleanSolve,
): Promise<{ row: SubmissionRow; playerRated: boolean } & Standing> {
  const { submission, player, puzzle } = solve;
  const values = writeValues(solve);
  // Statements that would change nothing are left out: most solves have no pending games.
  const pending = [
    ...(solve.playerGamesAfter.length > 0
      ? [statement(db, ratingsAfterQuery(db, solve.playerGamesAfter))]
      : []),
    // Applies only if the own game's update did not (it then finds the version moved).
    ...(puzzle.pendingOnly ? [statement(db, advancePuzzleRatingQuery(db, puzzle.pendingOnly))] : []),
  ];
  try {
    const [inserted, playerRated, , ahead, total, dates] = await batch(db, [
      insertStatement(db, { ...submission, ranked: true, counted: true }),
      (player.exists ? nextPlayerRating : firstPlayerRating)(db, values),
      puzzleRatingWithOwnGame(db, values),
      ownAhead(db, values),
      solversOf(db, values),
      streakDatesOf(db, values),
      ...pending,
    ] as const);
    const row = inserted[0];
    if (!row) throw new Error('ranked submission insert returned no row');
    return {
      row,
      playerRated: playerRated.length > 0,
      rank: (ahead[0]?.n ?? 0) + 1,
      total: total[0]?.n ?? 0,
      dates: streakDatesOfRows(dates),
    };
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AlreadyRankedError('this puzzle already has a ranked solve by this player');
    throw error;
  }
}

/** Stores a pending or flagged solve: ranked (so it cannot be retried into a clean one), counted nowhere. */
export async function recordHeldSolve(db: Db, submission: NewSubmissionRow): Promise<SubmissionRow> {
  try {
    const row = await db
      .insert(submissions)
      .values({ ...submission, ranked: true, counted: false })
      .returning()
      .get();
    return row;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AlreadyRankedError('this puzzle already has a ranked solve by this player');
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.message.includes('UNIQUE constraint failed')) return true;
  }
  return false;
}

/**
 * Distinct streak dates of a player's counted solves, newest first (enough for any streak we show), as one
 * row holding a JSON array: a player of a year reads one value instead of 365 rows, each of which D1 and
 * the Worker handle as an object of its own.
 */
function streakDatesQuery(db: Db, playerId: Param<string>, limit = 1000) {
  const newest = db
    .selectDistinct({ date: sql<string>`${submissions.streakDate}`.as('date') })
    .from(submissions)
    .where(and(eq(submissions.playerId, playerId), isCounted, isNotNull(submissions.streakDate)))
    .orderBy(desc(submissions.streakDate))
    .limit(limit)
    .as('newest');
  return db.select({ dates: sql<string>`json_group_array(${newest.date})` }).from(newest);
}

/** The dates of `streakDatesQuery`'s row, newest first (sorted here: an aggregate's order is SQLite's to choose). */
function streakDatesOfRows(rows: readonly { dates: string }[]): string[] {
  const dates = JSON.parse(rows[0]?.dates ?? '[]') as string[];
  return dates.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
}

export async function streakDates(db: Db, playerId: string): Promise<string[]> {
  return streakDatesOfRows(await streakDatesQuery(db, playerId));
}

/** A counted solve's rank, the player's streak dates and standing in the kind, in one round trip. */
export async function standingAfterSolve(
  db: Db,
  solve: RankedSolve & { playerId: string; kind: Kind },
): Promise<Standing & { established: boolean }> {
  const [ahead, total, dates, rating] = await db.batch([
    aheadQuery(db, solve),
    solversQuery(db, solve.puzzleId),
    streakDatesQuery(db, solve.playerId),
    playerRatingQuery(db, solve.playerId, solve.kind),
  ]);
  return {
    rank: (ahead[0]?.n ?? 0) + 1,
    total: total[0]?.n ?? 0,
    dates: streakDatesOfRows(dates),
    established: rating[0]?.established ?? false,
  };
}
