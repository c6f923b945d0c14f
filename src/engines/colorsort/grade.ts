/**
 * The original grades colour sort by its parameters alone (the UI presets); the score we add is the proven
 * shortest solution length, which is also what the rating benchmark multiplies by seconds per move.
 */

import type { Difficulty } from '../types.js';
import { type ColorSortLevel, type ColorSortPuzzle, type Move, PRESETS } from './puzzle.js';
import { applyPour } from './rules.js';
import { type SearchResult, solveTubes } from './solve.js';

/**
 * The preset the parameters match; for other parameters, by filled tubes (numColors + duplicateColors):
 * under 8 easy, under 12 medium, else hard with duplicated colours and superhard without.
 */
export function levelOf(p: Omit<ColorSortPuzzle, 'tubes'>): ColorSortLevel {
  for (const [level, preset] of Object.entries(PRESETS) as [
    ColorSortLevel,
    (typeof PRESETS)[ColorSortLevel],
  ][]) {
    if (
      preset.numColors === p.numColors &&
      preset.capacity === p.capacity &&
      preset.duplicateColors === p.duplicateColors &&
      preset.emptyTubes === p.emptyTubes
    ) {
      return level;
    }
  }
  const filled = p.numColors + p.duplicateColors;
  if (filled < 8) return 'easy';
  if (filled < 12) return 'medium';
  return p.duplicateColors > 0 ? 'hard' : 'superhard';
}

/**
 * Techniques are the two kinds of pour a shortest solution uses, in order of first use: "merge" (onto a
 * matching colour) and "park" (into an empty tube, the costly one: merges are fixed by the deal).
 */
function techniques(puzzle: ColorSortPuzzle, moves: readonly Move[]): string[] {
  const tubes = puzzle.tubes.map((t) => t.slice());
  const used: string[] = [];
  for (const [from, to] of moves) {
    const name = tubes[to]?.length === 0 ? 'park' : 'merge';
    if (!used.includes(name)) used.push(name);
    applyPour(tubes, from, to);
  }
  return used;
}

/** Difficulty from a finished search; when it was truncated the score is the proven lower bound. */
export function gradeFromSearch(puzzle: ColorSortPuzzle, result: SearchResult): Difficulty<ColorSortLevel> {
  const used = result.moves ? techniques(puzzle, result.moves) : [];
  return {
    level: levelOf(puzzle),
    score: result.moves ? result.moves.length : Math.max(result.lowerBound, 0),
    techniques: used,
    hardest: used.includes('park') ? 'park' : (used[0] ?? 'none'),
    nodes: result.nodes,
  };
}

export function grade(puzzle: ColorSortPuzzle): Difficulty<ColorSortLevel> {
  return gradeFromSearch(puzzle, solveTubes(puzzle.tubes, puzzle.capacity));
}
