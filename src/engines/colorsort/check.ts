/** The server's verdict on a submitted move list: any legal list that clears the board is accepted. */

import type { CheckResult } from '../types.js';
import type { ColorSortPuzzle } from './puzzle.js';
import { hiddenCount, parseMoves, replay } from './replay.js';
import { isSolved } from './rules.js';

export function check(puzzle: ColorSortPuzzle, submission: unknown): CheckResult {
  if (typeof submission !== 'object' || submission === null || Array.isArray(submission)) {
    return { ok: false, reason: 'the solution must be an object {"moves": [[from, to], …]}' };
  }
  const parsed = parseMoves((submission as { moves?: unknown }).moves);
  if (!parsed.ok) return parsed;
  const result = replay(puzzle, parsed.moves);
  if (!result.ok) return { ok: false, reason: result.reason };
  const { state } = result;
  if (!isSolved(state.tubes, puzzle.capacity)) {
    return { ok: false, reason: `after ${state.moves} moves the tubes are not sorted` };
  }
  const hidden = hiddenCount(state);
  if (hidden > 0) {
    return { ok: false, reason: `the tubes are sorted but ${hidden} hidden unit(s) were never revealed` };
  }
  return { ok: true, moves: state.moves };
}
