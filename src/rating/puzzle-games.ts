import { NEW_VOLATILITY, type Rating, rateGame } from './glicko2.js';

/** A ranked solve as the puzzle saw it: the solver's score and the solver's rating from before the game. */
export interface PuzzleGame {
  score: number;
  player: Pick<Rating, 'rating' | 'deviation'>;
}

/**
 * The puzzle's rating after these games, applied in order, each its own rating period: the puzzle side of
 * `rateGame`, game after game. A solver's volatility does not enter the puzzle's update, so it is not stored.
 */
export function applyPuzzleGames(puzzle: Rating, games: readonly PuzzleGame[]): Rating {
  return games.reduce(
    (rating, game) => rateGame({ ...game.player, volatility: NEW_VOLATILITY }, rating, game.score).puzzle,
    puzzle,
  );
}

/** A ranked solve, rated against the puzzle as every earlier game left it. */
export interface RatedSolve {
  player: Rating;
  /** The puzzle with the earlier games applied: the solver's opponent. */
  puzzleBefore: Rating;
  /** The puzzle with this solve's game applied too. */
  puzzleAfter: Rating;
}

export function rateSolve(
  player: Rating,
  storedPuzzle: Rating,
  pending: readonly PuzzleGame[],
  score: number,
): RatedSolve {
  const puzzleBefore = applyPuzzleGames(storedPuzzle, pending);
  const game = rateGame(player, puzzleBefore, score);
  return { player: game.player, puzzleBefore, puzzleAfter: game.puzzle };
}
