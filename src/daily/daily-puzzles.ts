import { findPuzzle, listPuzzlesOfDate, type PuzzleRow } from '../db/puzzles.js';
import type { IsoDate } from './calendar.js';
import { type GenerationContext, type GenerationOutcome, generateDate } from './generate.js';
import { type PuzzleKey, puzzleId } from './puzzle-id.js';
import { puzzlesOfDate } from './schedule.js';
import { singleFlight } from './single-flight.js';

const generation = singleFlight<GenerationOutcome>();

/**
 * The puzzles of a playable date, made on the spot if cron has not made them (concurrent callers are safe:
 * the same rows come out and duplicates are ignored).
 */
export async function dailyPuzzles(ctx: GenerationContext, date: IsoDate): Promise<PuzzleRow[]> {
  const rows = await listPuzzlesOfDate(ctx.db, date);
  if (rows.length >= puzzlesOfDate(date).length) return rows;
  await generation(date, () => generateDate(ctx, date, 'request'));
  return listPuzzlesOfDate(ctx.db, date);
}

/** One puzzle of a playable date, made on the spot when missing; undefined if its generation failed. */
export async function dailyPuzzle(ctx: GenerationContext, key: PuzzleKey): Promise<PuzzleRow | undefined> {
  const id = puzzleId(key);
  const row = await findPuzzle(ctx.db, id);
  if (row) return row;
  await generation(id, () => generateDate(ctx, key.date, 'request', [key]));
  return findPuzzle(ctx.db, id);
}
