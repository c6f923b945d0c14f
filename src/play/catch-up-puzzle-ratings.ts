import type { Db } from '../db/client.js';
import {
  advancePuzzleRating,
  MAX_GAMES_PER_UPDATE,
  type PuzzleRatingState,
  pendingPuzzleGames,
  puzzleRatingState,
  puzzlesWithPendingGames,
} from '../db/puzzle-ratings.js';
import { ratingThrough } from './rating-through.js';

/** Races one puzzle's catch-up may lose before leaving the rest to the next writer. */
const MAX_ATTEMPTS = 8;

/**
 * Applies a puzzle's counted games that its rating does not include yet, in submission order, under a
 * compare-and-set on the rating's version; returns how many it applied. A lost race re-reads and goes on.
 */
export async function catchUpPuzzleRating(db: Db, start: PuzzleRatingState): Promise<number> {
  let state: PuzzleRatingState | undefined = start;
  let applied = 0;
  for (let attempt = 0; state && attempt < MAX_ATTEMPTS; ) {
    const pending = await pendingPuzzleGames(db, state.id);
    const last = pending.at(-1);
    if (!last) break;
    const next = ratingThrough(state, pending);
    const written = await advancePuzzleRating(db, { ...next, through: last.id });
    if (written) {
      applied += pending.length;
      if (pending.length < MAX_GAMES_PER_UPDATE) break;
      state = {
        ...state,
        rating: next.rating,
        ratingDeviation: next.deviation,
        ratingVolatility: next.volatility,
        ratedThrough: last.id,
        establishedGames: next.establishedGames,
        ratingVersion: state.ratingVersion + 1,
      };
    } else {
      attempt++;
      state = await puzzleRatingState(db, state.id);
    }
  }
  return applied;
}

/**
 * Applies the counted games that no later submission has applied to their puzzle's rating yet (the last
 * solves of a day have no one after them, and a moderator's reset leaves every game of a puzzle to replay).
 * Runs daily; the puzzles table is small (twenty rows a day), so it is scanned whole.
 */
export async function catchUpPuzzleRatings(db: Db): Promise<{ puzzles: number; games: number }> {
  const stale = await puzzlesWithPendingGames(db);
  let games = 0;
  for (const puzzle of stale) games += await catchUpPuzzleRating(db, puzzle);
  return { puzzles: stale.length, games };
}
