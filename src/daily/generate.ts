import { insertMissingBenchmarks, listBenchmarks } from '../db/benchmarks.js';
import type { Db } from '../db/client.js';
import { finishGenerationRun, startGenerationRun } from '../db/generation-runs.js';
import { existingPuzzleIds, insertPuzzles, type NewPuzzleRow, peakSolvesOf } from '../db/puzzles.js';
import type { GenerationStatus, GenerationTrigger } from '../db/schema.js';
import { defaultBenchmark, hasDefaultBenchmark } from '../kinds/index.js';
import type { BenchmarkBase } from '../rating/puzzle-benchmark.js';
import { PEAK_DAYS, shardsForPeak } from './board-shards.js';
import { addDays, type IsoDate } from './calendar.js';
import { makePuzzleRow } from './make-puzzle.js';
import { type PuzzleKey, puzzleId } from './puzzle-id.js';
import { puzzlesOfDate } from './schedule.js';
import { dailySeed } from './seed.js';

export interface GenerationContext {
  db: Db;
  salt: string;
  now: () => Date;
  /**
   * The fewest board shards a new puzzle is made with (`Config.boardShards`); one when not given. A kind and
   * level whose recent days were busier get more (src/daily/board-shards.ts).
   */
  boardShards?: number;
}

export interface GenerationOutcome {
  status: GenerationStatus;
  generated: number;
  failures: string[];
}

/**
 * Makes whichever of `keys` (default: the whole date) are missing and stores them. Safe to run twice or
 * concurrently: generation is deterministic and inserts ignore rows that exist. One kind failing does not
 * stop the others; every run that had work is logged, and a run with nothing to do is logged as `noop` when
 * cron or an admin asked for it.
 */
export async function generateDate(
  ctx: GenerationContext,
  date: IsoDate,
  trigger: GenerationTrigger,
  keys: readonly PuzzleKey[] = puzzlesOfDate(date),
): Promise<GenerationOutcome> {
  const existing = await existingPuzzleIds(
    ctx.db,
    keys.map((k) => puzzleId(k)),
  );
  const missing = keys.filter((k) => !existing.has(puzzleId(k)));
  if (missing.length === 0) {
    if (trigger !== 'request') await logNoop(ctx, date, trigger);
    return { status: 'noop', generated: 0, failures: [] };
  }
  const runId = await startGenerationRun(ctx.db, { date, trigger, startedAt: ctx.now().toISOString() });
  try {
    return await generateMissing(ctx, date, runId, missing);
  } catch (error) {
    await markFailed(ctx, runId, error);
    throw error;
  }
}

async function generateMissing(
  ctx: GenerationContext,
  date: IsoDate,
  runId: number,
  missing: readonly PuzzleKey[],
): Promise<GenerationOutcome> {
  const bases = await benchmarkBases(ctx.db, missing, ctx.now());
  const peaks = await peakSolvesOf(ctx.db, { from: addDays(date, -PEAK_DAYS), before: date });
  const rows: NewPuzzleRow[] = [];
  const failures: string[] = [];
  for (const key of missing) {
    try {
      const base = bases.get(`${key.kind}:${key.level}`) ?? defaultBenchmark(key.kind, key.level);
      const row = makePuzzleRow(key, await dailySeed(ctx.salt, date, key.kind, key.level), base);
      const peak = peaks.get(`${key.kind}:${key.level}`) ?? 0;
      rows.push({ ...row, boardShards: shardsForPeak(peak, ctx.boardShards) });
    } catch (error) {
      failures.push(`${key.kind}:${key.level}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const generated = await insertPuzzles(ctx.db, rows);
  const status: GenerationStatus = failures.length === 0 ? 'ok' : rows.length > 0 ? 'partial' : 'failed';
  await finishGenerationRun(ctx.db, runId, {
    finishedAt: ctx.now().toISOString(),
    status,
    generated,
    error: failures.length > 0 ? failures.join('\n') : null,
  });
  return { status, generated, failures };
}

/**
 * Closes a run that threw (the database refused a read or a write) as failed, with the error. Best effort:
 * when the database is down this fails too and the row stays `running` until the next run marks it
 * abandoned; the caller reports the original error either way. Puzzles go in one atomic batch, and the next
 * run (cron or request) makes whatever is still missing.
 */
async function markFailed(ctx: GenerationContext, runId: number, error: unknown): Promise<void> {
  await finishGenerationRun(ctx.db, runId, {
    finishedAt: ctx.now().toISOString(),
    status: 'failed',
    generated: 0,
    error: rootMessage(error),
  }).catch(() => undefined);
}

/**
 * The innermost message of an error chain: for a failed query that is the database's own words, without
 * the statement and its parameters (which hold the puzzles' answers).
 */
function rootMessage(error: unknown): string {
  let e = error;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return (e instanceof Error ? e.message : String(e)).slice(0, 1000);
}

async function logNoop(ctx: GenerationContext, date: IsoDate, trigger: GenerationTrigger): Promise<void> {
  const at = ctx.now().toISOString();
  const runId = await startGenerationRun(ctx.db, { date, trigger, startedAt: at });
  await finishGenerationRun(ctx.db, runId, { finishedAt: at, status: 'noop', generated: 0, error: null });
}

/**
 * The benchmark each of `keys` starts from: its row in the table, else its descriptor's default, which is
 * then stored, so a kind or level added after the migrations that seeded the table gets a row the first
 * time its puzzles are made, and calibration moves it from there.
 */
async function benchmarkBases(
  db: Db,
  keys: readonly PuzzleKey[],
  now: Date,
): Promise<Map<string, BenchmarkBase>> {
  const rows = await listBenchmarks(db);
  const bases = new Map(rows.map((r) => [`${r.kind}:${r.level}`, { seconds: r.seconds, unit: r.unit }]));
  // A level without a default fails alone, in the caller's loop, like any other puzzle that cannot be made.
  const added = keys
    .filter((key) => !bases.has(`${key.kind}:${key.level}`) && hasDefaultBenchmark(key.kind, key.level))
    .map((key) => ({ key, base: defaultBenchmark(key.kind, key.level) }));
  await insertMissingBenchmarks(
    db,
    added.map(({ key, base }) => ({
      kind: key.kind,
      level: key.level,
      ...base,
      updatedAt: now.toISOString(),
    })),
  );
  for (const { key, base } of added) bases.set(`${key.kind}:${key.level}`, base);
  return bases;
}
