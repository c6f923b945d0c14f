import type { SubmissionResult } from '../contract/submission.js';
import type { NewSubmissionRow, SubmissionState } from '../db/submissions.js';
import type { LiveDesks } from '../live/desks.js';
import type { BoardAnswer, BoardSolve } from '../live/puzzle-desk.js';
import type { SolveContext } from '../rating/rate-solve.js';
import { streaks } from '../rating/streak.js';
import { localDate, type ReadyState } from './ready-state.js';
import { solveContext } from './solve-context.js';
import { resultOf } from './solve-result.js';
import { streakView } from './streak-view.js';

/**
 * The live path: the puzzle's board stores the solve (or finds the player's earlier one), plays its game
 * against the puzzle's rating as the board holds it, and ranks it. Nothing here waits for D1.
 */
export async function storeOnBoard(
  boards: LiveDesks,
  state: ReadyState,
  row: NewSubmissionRow,
  verdict: BoardSolve['verdict'],
  game: { score: number; pace: number },
  now: Date,
): Promise<SubmissionResult> {
  const solve: BoardSolve = {
    row,
    verdict,
    player: playerSide(solveContext(state, game, now)),
    ratingRow: {
      exists: state.rating !== undefined,
      version: state.rating?.version ?? 0,
      lastBefore: state.pendingPlayerGames.at(-1)?.id ?? state.rating?.ratedThrough ?? 0,
      pendingIds: state.pendingPlayerGames.map((g) => g.id),
    },
  };
  return boardResult(await boards.submit(state.puzzle, solve), state, now);
}

/** What the board knows of the player's solve, with the streak from the dates read before it. */
export function boardResult(answer: BoardAnswer, state: SubmissionState, now: Date): SubmissionResult {
  const { solve } = answer;
  const own = solve.counted ? solve.streakDate : null;
  const dates = own && !state.streakDates.includes(own) ? [own, ...state.streakDates] : state.streakDates;
  const extended = !answer.repeated && own !== null && !state.streakDateTaken;
  return resultOf(
    solve,
    {
      rank: answer.rank,
      total: answer.solvers,
      established: answer.established ?? state.rating?.established ?? false,
    },
    answer.repeated,
    streakView(streaks(dates, localDate(state, now)), extended),
  );
}

/** The player's side of the game, for the board to play against the puzzle's rating it holds. */
function playerSide({
  puzzle: _puzzle,
  puzzleEstablishedGames: _games,
  pendingPuzzleGames: _pending,
  ...player
}: SolveContext): BoardSolve['player'] {
  return player;
}
