/**
 * One clean solve as both ratings see it, from the state read before the game: the player's and the
 * puzzle's ratings with their pending games applied (the solve's opponents), the weights standing gives the
 * game, and both ratings after it. Pure: the submission stores the inputs with the game so that any later
 * replay of either rating applies exactly this game.
 */

import type { Rating } from './glicko2.js';
import { playDaysWith } from './play-days.js';
import { isEstablished, isPlausiblePace, playerWeight, puzzleWeight, settledMoveCap } from './standing.js';
import {
  applyPuzzleGames,
  type PlayerGame,
  type PuzzleGame,
  playerAfter,
  puzzleAfter,
  weightWithin,
} from './weighted-games.js';

export interface SolveContext {
  score: number;
  /** Counted time ÷ the benchmark: a puzzle learns only from plausible paces (standing.ts). */
  pace: number;
  /** The player's stored rating of the kind, the counted games it includes, and games it does not yet. */
  player: Rating;
  playerGames: number;
  pendingPlayerGames: readonly PlayerGame[];
  /** The first solves of the player's days of play in the kind before this one (play-days.ts), and this one's time. */
  playDays: readonly string[];
  at: string;
  /** The puzzle's stored rating, its established games, and games it does not include yet. */
  puzzle: Rating;
  puzzleEstablishedGames: number;
  pendingPuzzleGames: readonly PuzzleGame[];
}

export interface RatedSolve {
  /** The player's rating after each pending game, in order (what those games' rows show). */
  pendingPlayerAfter: Rating[];
  /** Both sides before the game (pending games applied): each one's opponent. */
  playerBefore: Rating;
  puzzleBefore: Rating;
  playerAfter: Rating;
  puzzleAfter: Rating;
  /** The solver's standing before the game (decides the puzzle weight) and after it. */
  establishedBefore: boolean;
  establishedAfter: boolean;
  puzzleWeight: number;
  playerWeight: number;
  /** The puzzle's established games before the game (pending ones included) and after it. */
  puzzleEstablishedBefore: number;
  puzzleEstablishedAfter: number;
}

export function rateSolve(context: SolveContext): RatedSolve {
  const pendingPlayerAfter: Rating[] = [];
  const playerBefore = context.pendingPlayerGames.reduce((rating, game) => {
    const next = playerAfter(rating, game);
    pendingPlayerAfter.push(next);
    return next;
  }, context.player);
  const puzzleBefore = applyPuzzleGames(context.puzzle, context.pendingPuzzleGames);
  const games = context.playerGames + context.pendingPlayerGames.length;
  const establishedBefore = isEstablished({
    games,
    playDays: context.playDays.length,
    deviation: playerBefore.deviation,
  });
  const puzzleEstablishedBefore =
    context.puzzleEstablishedGames + context.pendingPuzzleGames.filter((g) => g.puzzleWeight > 0).length;
  const gameWeight = weightWithin(
    puzzleBefore,
    {
      score: context.score,
      solver: playerBefore,
      puzzleWeight: isPlausiblePace(context.pace)
        ? puzzleWeight(establishedBefore, playerBefore.deviation)
        : 0,
    },
    settledMoveCap(puzzleEstablishedBefore),
  );
  const weightOnPlayer = playerWeight(puzzleEstablishedBefore);
  const after = playerAfter(playerBefore, {
    score: context.score,
    opponent: puzzleBefore,
    playerWeight: weightOnPlayer,
  });
  return {
    pendingPlayerAfter,
    playerBefore,
    puzzleBefore,
    playerAfter: after,
    puzzleAfter: puzzleAfter(puzzleBefore, {
      score: context.score,
      solver: playerBefore,
      puzzleWeight: gameWeight,
    }),
    establishedBefore,
    establishedAfter: isEstablished({
      games: games + 1,
      playDays: playDaysWith(context.playDays, context.at).length,
      deviation: after.deviation,
    }),
    puzzleWeight: gameWeight,
    playerWeight: weightOnPlayer,
    puzzleEstablishedBefore,
    puzzleEstablishedAfter: puzzleEstablishedBefore + (gameWeight > 0 ? 1 : 0),
  };
}

/** What the game's later replays need, frozen now: both opponents and both weights. */
export function gameInputsOf(rated: RatedSolve) {
  return {
    ratingBefore: rated.playerBefore.rating,
    deviationBefore: rated.playerBefore.deviation,
    ratingAfter: rated.playerAfter.rating,
    deviationAfter: rated.playerAfter.deviation,
    opponentRating: rated.puzzleBefore.rating,
    opponentDeviation: rated.puzzleBefore.deviation,
    puzzleWeight: rated.puzzleWeight,
    playerWeight: rated.playerWeight,
  };
}
