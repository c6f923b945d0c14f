import { newRating } from '../rating/glicko2.js';
import type { SolveContext } from '../rating/rate-solve.js';
import type { ReadyState } from './ready-state.js';

/** Both ratings as the state read left them, for this solve's score and pace. */
export function solveContext(
  state: ReadyState,
  game: { score: number; pace: number },
  now: Date,
): SolveContext {
  const { puzzle } = state;
  return {
    ...game,
    player: state.rating ?? newRating(),
    playerGames: state.rating?.games ?? 0,
    pendingPlayerGames: state.pendingPlayerGames,
    playDays: state.playDays,
    at: now.toISOString(),
    puzzle: { rating: puzzle.rating, deviation: puzzle.ratingDeviation, volatility: puzzle.ratingVolatility },
    puzzleEstablishedGames: puzzle.establishedGames,
    pendingPuzzleGames: state.pendingPuzzleGames,
  };
}
