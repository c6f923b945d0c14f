import { areAnswersPublic, type IsoDate } from '../daily/calendar.js';
import { boardShardsOf } from '../db/puzzles.js';
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
  puzzle: { id: string; date: string; boardShards: number },
  viewerId: string | null,
): Promise<void> {
  if (!services.boards || viewerId === null || areAnswersPublic(puzzle.date as IsoDate, services.now()))
    return;
  await services.boards.settleFor(puzzle, viewerId);
}

/**
 * The same for puzzles of one date the player may have solved, found by id: the puzzle of a share, or every
 * puzzle of the date the player has started (its sessions say where its solves can be; the others' boards
 * are not woken).
 */
export async function settleOwnSolvesOf(
  services: Services,
  date: string,
  playerId: string,
  only?: string,
): Promise<void> {
  if (!services.boards || areAnswersPublic(date as IsoDate, services.now())) return;
  const ids = only
    ? [only]
    : (await sessionPuzzleIds(services.db, playerId)).filter((id) => id.startsWith(`${date}:`));
  const shards = await boardShardsOf(services.db, ids);
  await Promise.all(
    [...shards].map(([id, boardShards]) => settleOwnSolve(services, { id, date, boardShards }, playerId)),
  );
}
