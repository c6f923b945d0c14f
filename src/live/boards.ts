import type { BoardAnswer, BoardSolve, BoardSummary, PuzzleBoard } from './puzzle-board.js';
import { allShards, shardName, shardOf } from './shards.js';

/** The board of a live puzzle could take no more: the caller answers 503 with Retry-After, never retries. */
export class BoardOverloadedError extends Error {
  override name = 'BoardOverloadedError';
}

/** Attempts of one call to a board: the first and at most two retries of an error the runtime calls retryable. */
const ATTEMPTS = 3;
const FIRST_BACKOFF_MS = 20;

/** A live puzzle as its boards are found: its id and its number of shards (`board_shards`, fixed at its making). */
export interface LivePuzzle {
  id: string;
  boardShards: number;
}

/**
 * The Worker's side of the live boards: one `PuzzleBoard` per shard of a live puzzle (src/live/shards.ts),
 * a player's calls going to its own shard, a puzzle's flush and reload to all of them.
 */
export interface LiveBoards {
  submit(puzzle: LivePuzzle, solve: BoardSolve): Promise<BoardAnswer>;
  standing(puzzle: LivePuzzle, playerId: string): Promise<BoardAnswer | null>;
  summary(puzzle: LivePuzzle, edges: readonly number[]): Promise<BoardSummary>;
  /** Every shard's solves copied to D1; how many were copied. */
  flush(puzzle: LivePuzzle): Promise<number>;
  /** D1 has the player's solve of the puzzle once this resolves (its shard flushes only if it still waits). */
  settleFor(puzzle: LivePuzzle, playerId: string): Promise<void>;
  reload(puzzle: LivePuzzle): Promise<void>;
}

interface PlatformError {
  retryable?: boolean;
  overloaded?: boolean;
}

/**
 * Calls a board object by name, as the Durable Objects error-handling page says: an `overloaded` error is
 * never retried (retrying would add to the load), a `retryable` one is, with backoff and a new stub each time
 * (a stub that failed may stay broken). Every board method is safe to repeat (a solve is deduplicated by
 * player, a flush or reload by what D1 already has, a shard's counts by their arrival numbers).
 */
export async function callBoard<T>(
  namespace: DurableObjectNamespace<PuzzleBoard>,
  name: string,
  call: (board: DurableObjectStub<PuzzleBoard>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call(namespace.get(namespace.idFromName(name)));
    } catch (error) {
      const platform = (typeof error === 'object' && error !== null ? error : {}) as PlatformError;
      if (platform.overloaded === true) {
        throw new BoardOverloadedError(`the board ${name} is overloaded`, { cause: error });
      }
      if (platform.retryable !== true || attempt >= ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, FIRST_BACKOFF_MS * 2 ** (attempt - 1)));
    }
  }
}

export function liveBoards(namespace: DurableObjectNamespace<PuzzleBoard>): LiveBoards {
  const on = <T>(
    puzzle: LivePuzzle,
    shard: number,
    call: (board: DurableObjectStub<PuzzleBoard>, shard: number) => Promise<T>,
  ) => callBoard(namespace, shardName(puzzle.id, shard), (board) => call(board, shard));
  const own = (puzzle: LivePuzzle, playerId: string) => shardOf(playerId, puzzle.boardShards);
  return {
    submit: (puzzle, solve) =>
      on(puzzle, own(puzzle, solve.row.playerId), (board, shard) => board.submit(solve, shard)),
    standing: (puzzle, playerId) =>
      on(puzzle, own(puzzle, playerId), (board, shard) => board.standing(puzzle.id, playerId, shard)),
    // Shard 0 holds the others' counts as they last told it: it answers for the whole puzzle.
    summary: (puzzle, edges) => on(puzzle, 0, (board) => board.summary(puzzle.id, [...edges])),
    flush: async (puzzle) => {
      const copied = await Promise.all(
        allShards(puzzle.boardShards).map((shard) => on(puzzle, shard, (board) => board.flush())),
      );
      return copied.reduce((sum, n) => sum + n, 0);
    },
    settleFor: (puzzle, playerId) => on(puzzle, own(puzzle, playerId), (board) => board.settleFor(playerId)),
    // One shard after another, 0 first: shard 0 catches the puzzle's rating up, and each tells the others its
    // counts, so once the last has reloaded every shard holds every other's counts after the change.
    reload: async (puzzle) => {
      for (const shard of allShards(puzzle.boardShards)) await on(puzzle, shard, (board) => board.reload());
    },
  };
}
