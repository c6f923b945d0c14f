import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Difficulty, Level, PuzzleMeta } from '../engines/types.js';
import type { Kind } from '../kinds/index.js';

/** One row per daily puzzle. Payloads are JSON text; `answer` and `puzzle` stay server-side until the embargo. */
export const puzzles = sqliteTable(
  'puzzles',
  {
    /** `DATE:KIND:LEVEL`. */
    id: text('id').primaryKey(),
    date: text('date').notNull(),
    kind: text('kind').$type<Kind>().notNull(),
    level: text('level').$type<Level>().notNull(),
    /** Engine seed derived from the date and the secret salt; secret until the answers are public. */
    seed: text('seed').notNull(),
    engineVersion: integer('engine_version').notNull(),
    /** Full interchange JSON (colorsort: with its hidden colours); the engine's parsePuzzle reads it back. */
    puzzle: text('puzzle_json', { mode: 'json' }).$type<unknown>().notNull(),
    /** What players see before the embargo (engine.toPublic). */
    publicPuzzle: text('public_json', { mode: 'json' }).$type<unknown>().notNull(),
    answer: text('answer_json', { mode: 'json' }).$type<unknown>().notNull(),
    difficulty: text('difficulty_json', { mode: 'json' }).$type<Difficulty>().notNull(),
    /** Kind-specific facts from the generator (colorsort: proven shortest solution length). */
    meta: text('meta_json', { mode: 'json' }).$type<PuzzleMeta>().notNull().default({}),
    /** Time at which the score is 0.5. */
    benchmarkSeconds: real('benchmark_seconds').notNull(),
    /** The puzzle's own Glicko-2 rating: it "plays" every ranked solver (src/rating/glicko2.ts defaults). */
    rating: real('rating').notNull().default(1500),
    ratingDeviation: real('rating_deviation').notNull().default(500),
    ratingVolatility: real('rating_volatility').notNull().default(0.09),
    /**
     * The last ranked submission whose game the puzzle's rating includes. Games are applied in submission
     * order by whoever comes next (a later submission, or the daily job), so concurrent solves never lose one.
     */
    ratedThrough: integer('rated_through').notNull().default(0),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [uniqueIndex('puzzles_date_kind_level').on(t.date, t.kind, t.level)],
);

export type GenerationTrigger = 'cron' | 'request' | 'admin';
export type GenerationStatus = 'running' | 'ok' | 'noop' | 'partial' | 'failed';

/** Every attempt to make a date's puzzles, for operators: what ran, when, and what failed. */
export const generationRuns = sqliteTable(
  'generation_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    date: text('date').notNull(),
    trigger: text('trigger').$type<GenerationTrigger>().notNull(),
    startedAt: text('started_at').notNull(),
    finishedAt: text('finished_at'),
    status: text('status').$type<GenerationStatus>().notNull(),
    /** Puzzles inserted by this run. */
    generated: integer('generated').notNull().default(0),
    /** One line per failed puzzle: `kind:level: message`. */
    error: text('error'),
  },
  (t) => [index('generation_runs_date').on(t.date, t.id)],
);

/** Anonymous by default: a player is an id; the bearer token is an HMAC of it, so nothing secret is stored. */
export const players = sqliteTable('players', {
  id: text('id').primaryKey(),
  displayName: text('display_name'),
  createdAt: text('created_at').notNull(),
});

/** One Glicko-2 rating per player and kind. */
export const playerRatings = sqliteTable(
  'player_ratings',
  {
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
    kind: text('kind').$type<Kind>().notNull(),
    rating: real('rating').notNull(),
    deviation: real('deviation').notNull(),
    volatility: real('volatility').notNull(),
    games: integer('games').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.kind] }),
    index('player_ratings_leaderboard').on(t.kind, t.rating, t.playerId),
  ],
);

/**
 * Every submission. At most one per player and puzzle is `ranked` (the first valid one, enforced by a
 * unique partial index, so concurrent retries cannot both count); wrong solutions stay as attempts.
 */
export const submissions = sqliteTable(
  'submissions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    puzzleId: text('puzzle_id')
      .notNull()
      .references(() => puzzles.id),
    puzzleDate: text('puzzle_date').notNull(),
    kind: text('kind').$type<Kind>().notNull(),
    level: text('level').$type<Level>().notNull(),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
    createdAt: text('created_at').notNull(),
    valid: integer('valid', { mode: 'boolean' }).notNull(),
    ranked: integer('ranked', { mode: 'boolean' }).notNull(),
    /** Why the engine rejected the solution; null when valid. */
    reason: text('reason'),
    elapsedMs: integer('elapsed_ms').notNull(),
    /** The client's time capped by what the server saw; null for wrong solutions. */
    countedMs: integer('counted_ms'),
    capped: integer('capped', { mode: 'boolean' }).notNull().default(false),
    /** The puzzle's benchmark when this was counted (calibration learns from counted / benchmark). */
    benchmarkSeconds: real('benchmark_seconds'),
    score: real('score'),
    ratingBefore: real('rating_before'),
    /** The player's deviation before the game: with ratingBefore, the opponent the puzzle's rating plays. */
    deviationBefore: real('deviation_before'),
    ratingAfter: real('rating_after'),
    deviationAfter: real('deviation_after'),
  },
  (t) => [
    uniqueIndex('submissions_one_ranked').on(t.puzzleId, t.playerId).where(sql`${t.ranked} = 1`),
    index('submissions_puzzle_board').on(t.puzzleId, t.countedMs, t.id).where(sql`${t.ranked} = 1`),
    index('submissions_player_dates').on(t.playerId, t.puzzleDate).where(sql`${t.ranked} = 1`),
    index('submissions_calibration').on(t.kind, t.level, t.puzzleDate).where(sql`${t.ranked} = 1`),
    index('submissions_player_attempts').on(t.playerId, t.puzzleId),
    /** A puzzle's games not yet in its rating, in order (puzzles.rated_through). */
    index('submissions_puzzle_games').on(t.puzzleId, t.id).where(sql`${t.ranked} = 1`),
  ],
);

/**
 * The time that scores 0.5, per kind and level: seconds per puzzle, or for colorsort seconds per move of
 * the shortest solution (the seeds' rating.js). Seeded by migration; calibration moves it.
 */
export const benchmarks = sqliteTable(
  'benchmarks',
  {
    kind: text('kind').$type<Kind>().notNull(),
    level: text('level').$type<Level>().notNull(),
    seconds: real('seconds').notNull(),
    unit: text('unit').$type<'puzzle' | 'move'>().notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.level] })],
);

/** Every change calibration made to a benchmark, with the evidence. */
export const benchmarkHistory = sqliteTable(
  'benchmark_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').$type<Kind>().notNull(),
    level: text('level').$type<Level>().notNull(),
    /** The calendar day (UTC) of the change: one day's changes together stay within the daily bound. */
    day: text('day').notNull(),
    oldSeconds: real('old_seconds').notNull(),
    newSeconds: real('new_seconds').notNull(),
    medianSeconds: real('median_seconds').notNull(),
    samples: integer('samples').notNull(),
    limited: integer('limited', { mode: 'boolean' }).notNull(),
    changedAt: text('changed_at').notNull(),
  },
  (t) => [index('benchmark_history_kind_level_day').on(t.kind, t.level, t.day)],
);
