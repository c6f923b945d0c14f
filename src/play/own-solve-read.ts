import { areAnswersPublic, type IsoDate } from '../daily/calendar.js';
import { sessionPuzzleIds } from '../db/sessions.js';
import type { Services } from '../services.js';

/**
 * Before a player's own read or use of its solve of a live puzzle from D1 (the puzzle's board and stats, a
 * vote, a share): a solve the puzzle's board acknowledged is copied to D1 within about a second, so the
 * player's own solve, if it still waits on the board, is copied first and the read sees it. Anonymous
 * reads are cached for seconds anyway and go straight to D1; so does everything on the direct path, where
 * D1 has the solve before its answer, and a puzzle whose ranking has closed, which has no board.
 */
export async function settleOwnSolve(
  services: Services,
  puzzle: { id: string; date: string },
  viewerId: string | null,
): Promise<void> {
  if (!services.boards || viewerId === null || areAnswersPublic(puzzle.date as IsoDate, services.now()))
    return;
  await services.boards.settleFor(puzzle.id, viewerId);
}

/**
 * The same for every puzzle of a date the player has started (its sessions say where its solves can be):
 * each of those boards copies the player's solve first if it still waits, the others are not woken.
 */
export async function settleOwnSolvesOf(services: Services, date: string, playerId: string): Promise<void> {
  if (!services.boards || areAnswersPublic(date as IsoDate, services.now())) return;
  const started = (await sessionPuzzleIds(services.db, playerId)).filter((id) => id.startsWith(`${date}:`));
  await Promise.all(started.map((id) => settleOwnSolve(services, { id, date }, playerId)));
}
