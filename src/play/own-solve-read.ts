import { areAnswersPublic, type IsoDate } from '../daily/calendar.js';
import type { Services } from '../services.js';

/**
 * Before a player reads a live puzzle's board or stats from D1: a solve the puzzle's board acknowledged is
 * copied to D1 within about a second, so the player's own solve, if it still waits on the board, is copied
 * first and the read shows it. Anonymous reads are cached for seconds anyway and go straight to D1; so
 * does everything on the direct path, where D1 has the solve before its answer, and a puzzle whose ranking
 * has closed, which has no board.
 */
export async function settleOwnSolve(
  services: Services,
  puzzle: { id: string; date: string; boardShards: number },
  viewerId: string | null,
): Promise<void> {
  if (!services.boards || viewerId === null || areAnswersPublic(puzzle.date as IsoDate, services.now()))
    return;
  await services.boards.settleFor(puzzle, viewerId);
}
