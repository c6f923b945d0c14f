import { addDays, utcDate } from '../daily/calendar.js';
import type { Db } from '../db/client.js';
import {
  advancePuzzleRating,
  MAX_GAMES_PER_UPDATE,
  pendingGames,
  puzzlesWithPendingGames,
} from '../db/puzzle-ratings.js';
import { applyPuzzleGames } from '../rating/puzzle-games.js';

/** Ranking closes once a date's answers are public (within two days of its start): older puzzles get no games. */
const RANKED_DAYS = 3;

/**
 * Applies the ranked games that no later submission has applied to their puzzle's rating yet (the last solves
 * of a day have no one after them). Runs daily; a puzzle whose rating a submission advances meanwhile is left
 * to that submission, since the compare-and-set refuses the second writer.
 */
export async function catchUpPuzzleRatings(db: Db, now: Date): Promise<{ puzzles: number; games: number }> {
  const since = addDays(utcDate(now), -RANKED_DAYS);
  let games = 0;
  const stale = await puzzlesWithPendingGames(db, since);
  for (const puzzle of stale) {
    let rating = {
      rating: puzzle.rating,
      deviation: puzzle.ratingDeviation,
      volatility: puzzle.ratingVolatility,
    };
    let ratedThrough = puzzle.ratedThrough;
    for (;;) {
      const pending = await pendingGames(db, puzzle.id);
      const last = pending.at(-1);
      if (!last) break;
      const next = applyPuzzleGames(rating, pending);
      const applied = await advancePuzzleRating(db, {
        id: puzzle.id,
        ...next,
        from: ratedThrough,
        through: last.id,
      });
      if (!applied) break;
      games += pending.length;
      rating = next;
      ratedThrough = last.id;
      if (pending.length < MAX_GAMES_PER_UPDATE) break;
    }
  }
  return { puzzles: stale.length, games };
}
