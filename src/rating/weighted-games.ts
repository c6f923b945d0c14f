/**
 * Games as the ratings replay them: each ranked clean solve is one Glicko-2 rating period for each side,
 * applied with a weight and a bound on the change, in submission order. The inputs of every game are
 * frozen when it is played (the other side's rating then, the weights), so a rating can always be
 * re-derived exactly from its stored games: after a moderator approves or voids a solve, or when
 * concurrent solves are applied by whoever comes next.
 */

import { NEW_VOLATILITY, type Rating, update } from './glicko2.js';

/** No single game moves a side by more than this many rating points. */
export const MAX_PLAYER_CHANGE = 150;
export const MAX_PUZZLE_CHANGE = 50;

/** `weight` of the way from `before` to `after` (Lichess's Glicko `average`); 0 keeps `before`. */
export function blend(before: Rating, after: Rating, weight: number): Rating {
  if (weight <= 0) return before;
  if (weight >= 1) return after;
  const mix = (a: number, b: number) => a * (1 - weight) + b * weight;
  return {
    rating: mix(before.rating, after.rating),
    deviation: mix(before.deviation, after.deviation),
    volatility: mix(before.volatility, after.volatility),
  };
}

function bounded(before: Rating, after: Rating, maxChange: number): Rating {
  const change = Math.max(-maxChange, Math.min(maxChange, after.rating - before.rating));
  return { ...after, rating: before.rating + change };
}

/** A game as the puzzle plays it: the solver's score and the solver's rating from before the game. */
export interface PuzzleGame {
  score: number;
  solver: { rating: number; deviation: number };
  /** 0 for a provisional solver (see standing.ts). */
  puzzleWeight: number;
}

/** A game as the player plays it: the score and the puzzle's rating from before the game. */
export interface PlayerGame {
  score: number;
  opponent: { rating: number; deviation: number };
  /** Less than 1 against a provisional puzzle (see standing.ts). */
  playerWeight: number;
}

/** The puzzle's Glicko-2 update for one game at full weight, before any weight or bound. */
function fullPuzzleUpdate(puzzle: Rating, game: Omit<PuzzleGame, 'puzzleWeight'>): Rating {
  const solver = { ...game.solver, volatility: NEW_VOLATILITY };
  return update(puzzle, [{ opponent: solver, score: 1 - game.score }]);
}

/** The puzzle after one game: it scores 1 − s against the solver. */
export function puzzleAfter(puzzle: Rating, game: PuzzleGame): Rating {
  if (game.puzzleWeight <= 0) return puzzle;
  const full = fullPuzzleUpdate(puzzle, game);
  return bounded(puzzle, blend(puzzle, full, game.puzzleWeight), MAX_PUZZLE_CHANGE);
}

/**
 * The weight that keeps one game's move of the puzzle within `cap` points. A weight blends the full update
 * linearly, so scaling it scales the move; frozen with the game, it moves the puzzle by the same amount
 * on every replay in the same order, with no bound to recompute.
 */
export function weightWithin(puzzle: Rating, game: PuzzleGame, cap: number): number {
  if (game.puzzleWeight <= 0 || cap === Number.POSITIVE_INFINITY) return game.puzzleWeight;
  const fullMove = Math.abs(fullPuzzleUpdate(puzzle, game).rating - puzzle.rating);
  return fullMove * game.puzzleWeight <= cap ? game.puzzleWeight : cap / fullMove;
}

/** The player after one game against the puzzle as it stood. */
export function playerAfter(player: Rating, game: PlayerGame): Rating {
  const opponent = { ...game.opponent, volatility: NEW_VOLATILITY };
  const full = update(player, [{ opponent, score: game.score }]);
  return bounded(player, blend(player, full, game.playerWeight), MAX_PLAYER_CHANGE);
}

export function applyPuzzleGames(puzzle: Rating, games: readonly PuzzleGame[]): Rating {
  return games.reduce(puzzleAfter, puzzle);
}

export function applyPlayerGames(player: Rating, games: readonly PlayerGame[]): Rating {
  return games.reduce(playerAfter, player);
}
