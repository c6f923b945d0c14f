import type { BoardAnswer, BoardSolve, BoardSummary, PuzzleBoard } from './puzzle-board.js';

/** The board of a live puzzle could take no more: the caller answers 503 with Retry-After, never retries. */
export class BoardOverloadedError extends Error {
  override name = 'BoardOverloadedError';
}

/** Attempts of one call to a board: the first and at most two retries of an error the runtime calls retryable. */
const ATTEMPTS = 3;
const FIRST_BACKOFF_MS = 20;

/** The Worker's side of the live boards: one `PuzzleBoard` per live puzzle, named by its id. */
export interface LiveBoards {
  submit(solve: BoardSolve): Promise<BoardAnswer>;
  standing(puzzleId: string, playerId: string): Promise<BoardAnswer | null>;
  summary(puzzleId: string, edges: readonly number[]): Promise<BoardSummary>;
  flush(puzzleId: string): Promise<number>;
  /** D1 has the player's solve of the puzzle once this resolves (the board flushes only if it still waits). */
  settleFor(puzzleId: string, playerId: string): Promise<void>;
  reload(puzzleId: string): Promise<void>;
}

interface PlatformError {
  retryable?: boolean;
  overloaded?: boolean;
}

/**
 * Calls the puzzle's board, as the Durable Objects error-handling page says: an `overloaded` error is never
 * retried (retrying would add to the load), a `retryable` one is, with backoff and a new stub each time (a
 * stub that failed may stay broken). Every board method is safe to repeat (a solve is deduplicated by
 * player, a flush or reload by what D1 already has).
 */
export async function callBoard<T>(
  namespace: DurableObjectNamespace<PuzzleBoard>,
  puzzleId: string,
  call: (board: DurableObjectStub<PuzzleBoard>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call(namespace.get(namespace.idFromName(puzzleId)));
    } catch (error) {
      const platform = (typeof error === 'object' && error !== null ? error : {}) as PlatformError;
      if (platform.overloaded === true) {
        throw new BoardOverloadedError(`the board of ${puzzleId} is overloaded`, { cause: error });
      }
      if (platform.retryable !== true || attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, FIRST_BACKOFF_MS * 2 ** (attempt - 1)));
    }
  }
}

export function liveBoards(namespace: DurableObjectNamespace<PuzzleBoard>): LiveBoards {
  const on = <T>(puzzleId: string, call: (board: DurableObjectStub<PuzzleBoard>) => Promise<T>) =>
    callBoard(namespace, puzzleId, call);
  return {
    submit: (solve) => on(solve.row.puzzleId, (board) => board.submit(solve)),
    standing: (puzzleId, playerId) => on(puzzleId, (board) => board.standing(puzzleId, playerId)),
    summary: (puzzleId, edges) => on(puzzleId, (board) => board.summary(puzzleId, [...edges])),
    flush: (puzzleId) => on(puzzleId, (board) => board.flush()),
    settleFor: (puzzleId, playerId) => on(puzzleId, (board) => board.settleFor(playerId)),
    reload: (puzzleId) => on(puzzleId, (board) => board.reload()),
  };
}
