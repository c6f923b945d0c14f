import type { PuzzleToJudge } from '../db/submissions.js';

/**
 * The puzzles this isolate has judged live submissions of, so the next submission of one need not read it
 * again: what judging reads of a puzzle (its grid, kind, level, benchmark, shards) never changes once made.
 * A live day has a few dozen puzzles; the cap only bounds a long-lived isolate, dropping the oldest first.
 */
export const MAX_LIVE_PUZZLES = 256;

const known = new Map<string, PuzzleToJudge>();

export function knownLivePuzzle(id: string): PuzzleToJudge | undefined {
  return known.get(id);
}

export function rememberLivePuzzle(puzzle: PuzzleToJudge): void {
  if (known.has(puzzle.id)) return;
  if (known.size >= MAX_LIVE_PUZZLES) {
    const oldest = known.keys().next();
    if (!oldest.done) known.delete(oldest.value);
  }
  known.set(puzzle.id, puzzle);
}
