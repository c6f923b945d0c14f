import type { LiveBoardFacts, LiveStats } from '../db/leaderboards.js';
import { callDesk } from './call-desk.js';
import type { BoardAnswer, BoardSolve, PuzzleDesk } from './puzzle-desk.js';
import { allShards, shardName, shardOf } from './shards.js';

/** A live puzzle as its boards are found: its id and its number of shards (`board_shards`, fixed at its making). */
export interface LivePuzzle {
  id: string;
  boardShards: number;
}

/**
 * The Worker's side of the live boards: one `PuzzleDesk` per shard of a live puzzle (src/live/shards.ts),
 * a player's calls going to its own shard, a puzzle's flush and reload to all of them.
 */
export interface LiveDesks {
  submit(puzzle: LivePuzzle, solve: BoardSolve): Promise<BoardAnswer>;
  standing(puzzle: LivePuzzle, playerId: string): Promise<BoardAnswer | null>;
  summary(puzzle: LivePuzzle, edges: readonly number[]): Promise<LiveStats>;
  /** The solvers and the viewer's standing, from the viewer's shard (shard 0 without a viewer). */
  pageFacts(puzzle: LivePuzzle, viewerId: string | null): Promise<LiveBoardFacts>;
  /** Every shard's solves copied to D1, the puzzle's rating through them; how many were copied. */
  flush(puzzle: LivePuzzle): Promise<number>;
  /** D1 has the player's solve of the puzzle once this resolves (its shard flushes only if it still waits). */
  settleFor(puzzle: LivePuzzle, playerId: string): Promise<void>;
  reload(puzzle: LivePuzzle): Promise<void>;
}

/**
 * The `PUZZLE_DESK` binding as what it is: wrangler.toml binds it to `PuzzleDesk` (`class_name`), which
 * src/env.ts does not name so as not to import the object (and all it imports) into every file. Here, with
 * only a type import of the class, so that the Worker's side loads no Durable Object code (and createApp
 * still runs in Node, where scripts/openapi-document.ts builds the document).
 */
export function puzzleDesks(binding: DurableObjectNamespace): DurableObjectNamespace<PuzzleDesk> {
  return binding as unknown as DurableObjectNamespace<PuzzleDesk>;
}

export function liveDesks(namespace: DurableObjectNamespace<PuzzleDesk>): LiveDesks {
  const on = <T>(
    puzzle: LivePuzzle,
    shard: number,
    call: (board: DurableObjectStub<PuzzleDesk>, shard: number) => Promise<T>,
  ) => callDesk(namespace, shardName(puzzle.id, shard), (board) => call(board, shard));
  const own = (puzzle: LivePuzzle, playerId: string) => shardOf(playerId, puzzle.boardShards);
  return {
    submit: (puzzle, solve) =>
      on(puzzle, own(puzzle, solve.row.playerId), (board, shard) => board.submit(solve, shard)),
    standing: (puzzle, playerId) =>
      on(puzzle, own(puzzle, playerId), (board, shard) => board.standing(puzzle.id, playerId, shard)),
    pageFacts: (puzzle, viewerId) =>
      on(puzzle, viewerId === null ? 0 : own(puzzle, viewerId), (board, shard) =>
        board.pageFacts(puzzle.id, viewerId, shard),
      ),
    // Shard 0 holds the others' counts as they last told it: it answers for the whole puzzle.
    summary: (puzzle, edges) => on(puzzle, 0, (board) => board.summary(puzzle.id, [...edges])),
    // The others first, then shard 0: each reports its games to shard 0, whose flush writes them.
    flush: async (puzzle) => {
      const [first, ...others] = allShards(puzzle.boardShards);
      const copied = await Promise.all(others.map((shard) => on(puzzle, shard, (board) => board.flush())));
      copied.push(await on(puzzle, first ?? 0, (board) => board.flush()));
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
