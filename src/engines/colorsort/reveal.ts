/**
 * What a player may see. `toPublic` is the position before any move; `reveal` is the position after a
 * move list, for the reveal route: it never returns the colour of a unit that has not been on top.
 */

import type { ColorSortPuzzle, PublicColorSort } from './puzzle.js';
import { hiddenCount, isCleared, parseMoves, type ReplayState, replay } from './replay.js';
import { isSolved } from './rules.js';

export interface RevealView extends PublicColorSort {
  /** Moves replayed. */
  moves: number;
  /** Units still hidden. */
  hidden: number;
  sorted: boolean;
  /** Sorted and nothing hidden: what `check` accepts. */
  cleared: boolean;
}

export type RevealResult =
  | {
      ok: true;
      view: RevealView;
      /** The start-hidden units the moves exposed (`ReplayState.exposed`): what the server records. */
      exposed: number[];
    }
  | {
      ok: false /** 0-based index of the first illegal move, when the list was well-formed. */;
      index?: number;
      reason: string;
    };

function masked(state: ReplayState): (number | null)[][] {
  return state.tubes.map((t, i) => t.map((c, k) => (state.hidden[i]?.[k] ? null : c)));
}

export function toPublic(puzzle: ColorSortPuzzle): PublicColorSort {
  const result = replay(puzzle, []);
  if (!result.ok) throw new Error('an empty move list cannot be illegal');
  return { capacity: puzzle.capacity, tubes: masked(result.state) };
}

/** The position after `moves` (untrusted JSON: an array of [from, to]), hidden units as null. */
export function reveal(puzzle: ColorSortPuzzle, moves: unknown): RevealResult {
  const parsed = parseMoves(moves);
  if (!parsed.ok) return parsed;
  const result = replay(puzzle, parsed.moves);
  if (!result.ok) return result;
  const { state } = result;
  return {
    ok: true,
    view: {
      capacity: puzzle.capacity,
      tubes: masked(state),
      moves: state.moves,
      hidden: hiddenCount(state),
      sorted: isSolved(state.tubes, puzzle.capacity),
      cleared: isCleared(state, puzzle.capacity),
    },
    exposed: state.exposed,
  };
}
