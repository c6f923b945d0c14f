import type { BoardScope } from '../db/board-scope.js';
import type { LiveBoardFacts, LiveStats } from '../db/leaderboards.js';
import type { Services } from '../services.js';
import { boardsOf, type DatedLivePuzzle } from './live-boards.js';

/**
 * Reads of a live puzzle's board from its memory, in place of counting D1's solves.
 *
 * What a page of everyone's board of a live puzzle takes from the puzzle's board (its memory): the solvers
 * and the viewer's rank, so that the page reads from D1 only its rows, whatever the crowd's size. None on
 * the direct path, for a puzzle whose ranking has closed (it has no board), or for a scope, whose ranks
 * are within it.
 */
export async function livePageFacts(
  services: Pick<Services, 'boards' | 'now'>,
  puzzle: DatedLivePuzzle,
  scope: BoardScope,
  viewerId: string | null,
): Promise<LiveBoardFacts | undefined> {
  const boards = boardsOf(services, puzzle.date);
  if (!boards || scope.kind !== 'global') return undefined;
  return boards.pageFacts(puzzle, viewerId);
}

/**
 * A live puzzle's solvers, median and histogram at `edges`, from its board's memory (shard 0 holds the
 * others' counts): every acknowledged solve counted, as its board page counts them. None where it has no
 * board.
 */
export async function liveStats(
  services: Pick<Services, 'boards' | 'now'>,
  puzzle: DatedLivePuzzle,
  edges: readonly number[],
): Promise<LiveStats | undefined> {
  return boardsOf(services, puzzle.date)?.summary(puzzle, edges);
}
