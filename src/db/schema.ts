import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Kind, Level } from '../engines/types.js';

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
    /** Full interchange JSON (colorsort: with its hidden colours). */
    puzzleJson: text('puzzle_json').notNull(),
    /** What players see before the embargo (engine.toPublic). */
    publicJson: text('public_json').notNull(),
    answerJson: text('answer_json').notNull(),
    difficultyJson: text('difficulty_json').notNull(),
    /** Kind-specific facts from the generator (colorsort: proven shortest solution length). */
    metaJson: text('meta_json').notNull().default('{}'),
    /** Time at which the score is 0.5. */
    benchmarkSeconds: real('benchmark_seconds').notNull(),
    /** The puzzle's own Glicko-2 rating: it "plays" every ranked solver (src/rating/glicko2.ts defaults). */
    rating: real('rating').notNull().default(1500),
    ratingDeviation: real('rating_deviation').notNull().default(500),
    ratingVolatility: real('rating_volatility').notNull().default(0.09),
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
