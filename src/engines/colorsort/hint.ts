/**
 * Colour sort's hint: the next pour of a shortest solution from the player's position (the moves so far,
 * replayed from the start). It names tubes only, never a colour nor how many units pour, so it discloses
 * no more than making that pour does: where a merge fits only because the hidden unit under the source's
 * visible top is another colour, it says so (issue #47: what a hint concludes follows from the position
 * the player sees plus what it says), which the pour would show anyway. A bad move list is a `mistake` at a move index: the first illegal
 * move, or the first move after which the position cannot be sorted any more.
 */
import type { Hint, HintStep } from '../hint.js';
import { type ColorSortPuzzle, type ColorSortSolution, type Move, unitsOfColor } from './puzzle.js';
import { type ReplayState, replay } from './replay.js';
import { isSolved } from './rules.js';
import { solveTubes } from './solve.js';

/** The player's position: the moves so far, as the reveal route takes them. */
export interface ColorSortMoves {
  moves: Move[];
}

/**
 * States one hint's searches may expand in all, which bounds its CPU. From a position off the stored line
 * a search proves the rest of a shortest solution (the bench measures it); a dead position is proven by
 * exhausting its reachable states, once per step of the mistake's binary search.
 */
export const HINT_NODE_BUDGET = 300_000;

interface Budget {
  left: number;
}

export function nextHint(puzzle: ColorSortPuzzle, solution: ColorSortSolution, board: ColorSortMoves): Hint {
  const moves = board.moves;
  const replayed = replay(puzzle, moves);
  if (!replayed.ok) {
    return {
      type: 'mistake',
      unit: 'move',
      at: replayed.index,
      explanation: `Move ${replayed.index + 1} cannot be played: ${replayed.rule}.`,
    };
  }
  const tubes = replayed.state.tubes;
  if (isSolved(tubes, puzzle.capacity)) return { type: 'solved', explanation: 'Every tube is sorted.' };
  const budget: Budget = { left: HINT_NODE_BUDGET };
  const next = onStoredLine(solution.moves, moves) ?? shortestFrom(tubes, puzzle.capacity, budget);
  if (next === 'dead') return deadEnd(puzzle, moves, budget);
  if (next === 'unknown') {
    return {
      type: 'search',
      technique: 'search',
      explanation: 'This position is too far from a known line for a hint: undo a few pours and ask again.',
    };
  }
  const [from, to] = next;
  const park = tubes[to]?.length === 0;
  // Where the player cannot see that the run fits, the hint says the one fact that makes it fit.
  const fits = park || fitsAsShown(puzzle, replayed.state, from, to) ? '' : hiddenUnderTop(from);
  return {
    type: 'step',
    technique: park ? 'park' : 'merge',
    unit: 'tube',
    involves: from < to ? [from, to] : [to, from],
    concludes: [{ at: from, pourTo: to }],
    explanation: park
      ? `Pour tube ${from} into the empty tube ${to}.`
      : `Pour tube ${from} onto tube ${to}, which shows the same colour on top${fits}.`,
  };
}

/** What a merge states when its fit rests on a hidden unit: that unit is not the run's colour. */
function hiddenUnderTop(from: number): string {
  return `; the hidden unit under the colour on top of tube ${from} is another colour, so the pour fits`;
}

/**
 * Whether the position as the player sees it shows that the run on top of `from` fits onto `to`: the
 * hidden units right under the visible run could be its colour, as many as that colour has units unseen.
 */
function fitsAsShown(puzzle: ColorSortPuzzle, state: ReplayState, from: number, to: number): boolean {
  const src = state.tubes[from] ?? [];
  const hidden = state.hidden[from] ?? [];
  const top = src[src.length - 1] ?? -1;
  let run = 0;
  while (run < src.length && !hidden[src.length - 1 - run] && src[src.length - 1 - run] === top) run++;
  let under = 0;
  while (run + under < src.length && hidden[src.length - 1 - run - under]) under++;
  let seen = 0;
  state.tubes.forEach((tube, t) => {
    tube.forEach((unit, k) => {
      if (unit === top && !state.hidden[t]?.[k]) seen++;
    });
  });
  const worst = run + Math.min(under, unitsOfColor(puzzle, top) - seen);
  return puzzle.capacity - (state.tubes[to]?.length ?? 0) >= worst;
}

/**
 * The stored solution is a shortest one, so while the player's moves are a prefix of it the rest of it
 * is a shortest solution from their position: no search needed.
 */
function onStoredLine(stored: readonly Move[], moves: readonly Move[]): Move | null {
  if (moves.length >= stored.length) return null;
  for (let i = 0; i < moves.length; i++) {
    const a = stored[i] as Move;
    const b = moves[i] as Move;
    if (a[0] !== b[0] || a[1] !== b[1]) return null;
  }
  return stored[moves.length] as Move;
}

function shortestFrom(tubes: number[][], capacity: number, budget: Budget): Move | 'dead' | 'unknown' {
  if (budget.left <= 0) return 'unknown';
  const result = solveTubes(tubes, capacity, budget.left);
  budget.left -= result.nodes;
  if (result.moves !== null && result.moves.length > 0) return result.moves[0] as Move;
  return result.truncated ? 'unknown' : 'dead';
}

/**
 * The first move after which no solution exists. Solvable positions after k moves form a prefix (a
 * solvable position's predecessor is solvable through it), so a binary search finds the boundary; the
 * start itself is solvable. Should the budget run out first, the search stops at the earliest move it
 * has proven fatal: still a move after which nothing can be sorted, if perhaps not the first.
 */
function deadEnd(puzzle: ColorSortPuzzle, moves: readonly Move[], budget: Budget): Hint {
  let solvable = 0;
  let dead = moves.length;
  while (dead - solvable > 1) {
    const mid = (solvable + dead) >> 1;
    const replayed = replay(puzzle, moves.slice(0, mid));
    const verdict = replayed.ok ? shortestFrom(replayed.state.tubes, puzzle.capacity, budget) : 'dead';
    if (verdict === 'unknown') break;
    if (verdict === 'dead') dead = mid;
    else solvable = mid;
  }
  const index = dead - 1;
  return {
    type: 'mistake',
    unit: 'move',
    at: index,
    explanation: `After move ${index + 1} the tubes can no longer be sorted: undo it.`,
  };
}

/** The position before any move: no pours. */
export function startPosition(): ColorSortMoves {
  return { moves: [] };
}

/** The position after a player makes the pour `step` names. */
export function afterStep(position: ColorSortMoves, step: HintStep): ColorSortMoves {
  const pour = step.concludes.find((c) => 'pourTo' in c);
  return pour && 'pourTo' in pour ? { moves: [...position.moves, [pour.at, pour.pourTo]] } : position;
}
