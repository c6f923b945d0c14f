import type { Rerolled } from '../db/puzzles.js';
import type { BenchmarkBase } from '../rating/puzzle-benchmark.js';
import type { IsoDate } from './calendar.js';
import { makePuzzleRow } from './make-puzzle.js';
import type { PuzzleKey } from './puzzle-id.js';
import { dailySeed } from './seed.js';

/** Attempts tried past the current one before a reroll gives up (an engine may fail a seed now and then). */
const MAX_SKIPPED = 5;

/**
 * The puzzle of the next attempt of a date-derived seed after `attempt`: a pure function of the salt, the key
 * and the attempt, so a reroll is the same on every machine. An attempt whose seed the engine cannot make
 * a puzzle of is passed over, deterministically, for the one after it.
 */
export async function nextAttempt(
  salt: string,
  key: PuzzleKey & { date: IsoDate },
  attempt: number,
  base: BenchmarkBase,
): Promise<Rerolled> {
  let lastError: unknown;
  for (let next = attempt + 1; next <= attempt + 1 + MAX_SKIPPED; next++) {
    try {
      const row = makePuzzleRow(key, await dailySeed(salt, key.date, key.kind, key.level, next), base);
      const { seed, engineVersion, puzzle, publicPuzzle, answer, difficulty, benchmarkSeconds } = row;
      return {
        seed,
        engineVersion,
        puzzle,
        publicPuzzle,
        answer,
        difficulty,
        meta: row.meta ?? {},
        benchmarkSeconds,
        attempt: next,
      };
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
