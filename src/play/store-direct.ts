import type { SubmissionResult } from '../contract/submission.js';
import {
  AlreadyRankedError,
  type CleanSolve,
  findRankedSubmission,
  type NewSubmissionRow,
  recordCleanSolve,
  recordHeldSolve,
} from '../db/submissions.js';
import { gameInputsOf, type RatedSolve, rateSolve } from '../rating/rate-solve.js';
import { streaks } from '../rating/streak.js';
import type { Services } from '../services.js';
import { catchUpPlayerRating } from './catch-up-player-rating.js';
import { localDate, type ReadyState } from './ready-state.js';
import { solveContext } from './solve-context.js';
import { repeatedResult, resultOf } from './solve-result.js';
import { streakView } from './streak-view.js';

/**
 * The direct path: a clean solve stored in D1 with both ratings in one write, a held one counted nowhere;
 * a concurrent copy that won the race to be the player's ranked solve answers as the repeat it is.
 */
export async function storeDirect(
  services: Services,
  state: ReadyState,
  judged: NewSubmissionRow,
  held: Partial<NewSubmissionRow>,
  game: { score: number; pace: number },
  now: Date,
): Promise<SubmissionResult> {
  const rated = rateSolve(solveContext(state, game, now));
  const row: NewSubmissionRow = { ...judged, ...gameInputsOf(rated), established: rated.establishedBefore };
  try {
    return held.status === undefined
      ? await storeClean(services, state, row, rated, now)
      : await storeHeld(services, state, { ...row, ...held });
  } catch (error) {
    if (!(error instanceof AlreadyRankedError)) throw error;
    const winner = await findRankedSubmission(services.db, state.puzzle.id, row.playerId);
    if (!winner) throw error;
    return repeatedResult(services, winner, state);
  }
}

/** A pending or flagged solve is stored ranked, so it cannot be retried into a clean one, and counted nowhere. */
async function storeHeld(services: Services, state: ReadyState, row: NewSubmissionRow) {
  const stored = await recordHeldSolve(services.db, row);
  return repeatedResult(services, stored, state, false);
}

async function storeClean(
  services: Services,
  state: ReadyState,
  clean: NewSubmissionRow,
  rated: RatedSolve,
  now: Date,
): Promise<SubmissionResult> {
  const { puzzle } = state;
  const row: NewSubmissionRow = { ...clean, status: 'clean' };
  const lastPuzzleGame = state.pendingPuzzleGames.at(-1)?.id ?? puzzle.ratedThrough;
  const lastPlayerGame = state.pendingPlayerGames.at(-1)?.id ?? state.rating?.ratedThrough ?? 0;
  const puzzleUpdate = { id: puzzle.id, establishedGames: 0, version: puzzle.ratingVersion };
  const playerGamesAfter = state.pendingPlayerGames.map((game, i) => {
    const after = rated.pendingPlayerAfter[i] ?? rated.playerBefore;
    return { id: game.id, rating: after.rating, deviation: after.deviation };
  });
  const solve: CleanSolve = {
    submission: row,
    player: {
      playerId: row.playerId,
      kind: puzzle.kind,
      ...rated.playerAfter,
      games: (state.rating?.games ?? 0) + state.pendingPlayerGames.length + 1,
      established: rated.establishedAfter,
      version: state.rating?.version ?? 0,
      updatedAt: now.toISOString(),
      exists: state.rating !== undefined,
      lastBefore: lastPlayerGame,
    },
    playerGamesAfter,
    puzzle: {
      withOwnGame: {
        ...puzzleUpdate,
        ...rated.puzzleAfter,
        establishedGames: rated.puzzleEstablishedAfter,
        lastBefore: lastPuzzleGame,
        playerId: row.playerId,
      },
      ...(state.pendingPuzzleGames.length > 0 && {
        pendingOnly: {
          ...puzzleUpdate,
          ...rated.puzzleBefore,
          establishedGames: rated.puzzleEstablishedBefore,
          through: lastPuzzleGame,
        },
      }),
    },
  };
  const stored = await recordCleanSolve(services.db, solve);
  let storedRow = stored.row;
  if (!stored.playerRated) {
    await catchUpPlayerRating(services.db, row.playerId, puzzle.kind, now);
    storedRow = (await findRankedSubmission(services.db, puzzle.id, row.playerId)) ?? storedRow;
  }
  return resultOf(
    storedRow,
    { ...stored, established: rated.establishedAfter },
    false,
    streakView(
      streaks(stored.dates, localDate(state, now)),
      row.streakDate != null && !state.streakDateTaken,
    ),
  );
}
