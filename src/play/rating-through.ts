import type { PuzzleRatingState, PuzzleRatingUpdate } from '../db/puzzle-ratings.js';
import { applyPuzzleGames, type PuzzleGame } from '../rating/weighted-games.js';

/**
 * A puzzle's stored rating with `games` applied in the order given: the update every writer of the rating
 * (a catch-up, a desk's flush, shard 0 of several) stores under its compare-and-set.
 */
export function ratingThrough(state: PuzzleRatingState, games: readonly PuzzleGame[]): PuzzleRatingUpdate {
  const next = applyPuzzleGames(
    { rating: state.rating, deviation: state.ratingDeviation, volatility: state.ratingVolatility },
    games,
  );
  return {
    id: state.id,
    ...next,
    establishedGames: state.establishedGames + games.filter((g) => g.puzzleWeight > 0).length,
    version: state.ratingVersion,
  };
}
