import { areAnswersPublic, type IsoDate } from '../daily/calendar.js';
import type { BoardScope } from '../db/board-scope.js';
import type { LiveBoardFacts } from '../db/leaderboards.js';
import type { Services } from '../services.js';

/**
 * What a page of everyone's board of a live puzzle takes from the puzzle's board (its memory): the solvers
 * and the viewer's rank, so that the page reads from D1 only its rows, whatever the crowd's size. None on
 * the direct path, for a puzzle whose ranking has closed (it has no board), or for a scope, whose ranks
 * are within it.
 */
export async function livePageFacts(
  services: Pick<Services, 'boards' | 'now'>,
  puzzle: { id: string; date: string; boardShards: number },
  scope: BoardScope,
  viewerId: string | null,
): Promise<LiveBoardFacts | undefined> {
  if (!services.boards || scope.kind !== 'global') return undefined;
  if (areAnswersPublic(puzzle.date as IsoDate, services.now())) return undefined;
  return services.boards.pageFacts(puzzle, viewerId);
}
