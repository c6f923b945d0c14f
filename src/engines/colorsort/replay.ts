/**
 * Server-side replay of a move list in hidden-colour mode, the original's createGame/pourGame without undo:
 * every unit carries an id; the bottom min(2, length) units of each starting tube are hidden; after
 * each pour, the unit on top of every tube counts as revealed for good. Units pour one by one (the top
 * one falls first), so a run lands reversed: a hidden unit poured at the bottom of a run ends on top of
 * the destination and is revealed. Hence in a valid deal (no tube's bottom two units alike) any sorting
 * line also reveals every hidden unit.
 */

import { type ColorSortPuzzle, HIDDEN_PER_TUBE, type Move } from './puzzle.js';
import { applyPour, isSolved, pourError } from './rules.js';

/** Longest move list the server replays: far above any real game, small enough to bound the work. */
export const MAX_MOVES = 5000;

export interface ReplayState {
  /** True colours after the moves, bottom → top. */
  tubes: number[][];
  /** Same shape as `tubes`: true where the unit there has never been on top since the start. */
  hidden: boolean[][];
  /**
   * The units hidden at the start that the moves exposed, ascending, each named by its place in the start
   * position: its index in the start's tubes read one after the other, each bottom → top (tube 0's bottom
   * unit is 0), the same for every player. What a session's reveals record and its ranked solve is held to.
   */
  exposed: number[];
  moves: number;
}

export type ReplayResult =
  | { ok: true; state: ReplayState }
  | {
      ok: false;
      /** 0-based index of the first illegal move. */
      index: number;
      /** The rule it breaks, e.g. "tube 3 is empty". */
      rule: string;
      /** The same, naming the move: "move 4 [3,1]: tube 3 is empty". */
      reason: string;
    };

export function replay(puzzle: ColorSortPuzzle, moves: readonly Move[]): ReplayResult {
  const tubes = puzzle.tubes.map((t) => t.slice());
  let nextId = 0;
  const ids = tubes.map((t) => t.map(() => nextId++));
  const unrevealed = new Uint8Array(nextId);
  const hiddenAtStart: number[] = [];
  for (const t of ids)
    for (let k = 0; k < Math.min(HIDDEN_PER_TUBE, t.length); k++) hiddenAtStart.push(t[k] as number);
  for (const id of hiddenAtStart) unrevealed[id] = 1;

  for (let index = 0; index < moves.length; index++) {
    const [from, to] = moves[index] as Move;
    const reason = moveError(tubes, puzzle.capacity, from, to);
    if (reason !== null)
      return { ok: false, index, rule: reason, reason: `move ${index} [${from},${to}]: ${reason}` };
    const amount = applyPour(tubes, from, to);
    const src = ids[from] as number[];
    const dst = ids[to] as number[];
    for (let k = 0; k < amount; k++) dst.push(src.pop() as number);
    for (const t of ids) if (t.length > 0) unrevealed[t[t.length - 1] as number] = 0;
  }
  return {
    ok: true,
    state: {
      tubes,
      hidden: ids.map((t) => t.map((id) => unrevealed[id] === 1)),
      exposed: hiddenAtStart.filter((id) => unrevealed[id] === 0),
      moves: moves.length,
    },
  };
}

function moveError(tubes: number[][], capacity: number, from: number, to: number): string | null {
  const n = tubes.length;
  if (!Number.isInteger(from) || from < 0 || from >= n) return `no tube ${from} (tubes are 0 to ${n - 1})`;
  if (!Number.isInteger(to) || to < 0 || to >= n) return `no tube ${to} (tubes are 0 to ${n - 1})`;
  return pourError(tubes, capacity, from, to);
}

export function hiddenCount(state: ReplayState): number {
  return state.hidden.reduce((sum, t) => sum + t.filter(Boolean).length, 0);
}

/** The original's isCleared: sorted, and every hidden unit has been revealed at least once. */
export function isCleared(state: ReplayState, capacity: number): boolean {
  return isSolved(state.tubes, capacity) && hiddenCount(state) === 0;
}

/**
 * A move list from untrusted JSON: an array of [from, to] integer pairs. Tube indices are checked by
 * `replay`, which reports the index of the first bad move.
 */
export function parseMoves(json: unknown): { ok: true; moves: Move[] } | { ok: false; reason: string } {
  if (!Array.isArray(json)) return { ok: false, reason: 'moves must be an array of [from, to] pairs' };
  if (json.length > MAX_MOVES) return { ok: false, reason: `at most ${MAX_MOVES} moves are accepted` };
  const moves: Move[] = [];
  for (let i = 0; i < json.length; i++) {
    const m: unknown = json[i];
    if (!Array.isArray(m) || m.length !== 2 || !Number.isInteger(m[0]) || !Number.isInteger(m[1])) {
      return { ok: false, reason: `move ${i} must be a pair [from, to] of tube indices` };
    }
    moves.push([m[0] as number, m[1] as number]);
  }
  return { ok: true, moves };
}
