import { describe, expect, it } from 'vitest';
import type { PuzzleToJudge } from '../../src/db/submissions.js';
import { knownLivePuzzle, MAX_LIVE_PUZZLES, rememberLivePuzzle } from '../../src/play/live-puzzles.js';

/** A puzzle row as judging reads it; only its id matters to the cache. */
function puzzleRow(id: string): PuzzleToJudge {
  return {
    id,
    date: '2026-11-29',
    kind: 'sudoku',
    level: 'easy',
    puzzle: { grid: '.'.repeat(81) },
    benchmarkSeconds: 300,
    boardShards: 1,
    rating: 1500,
    ratingDeviation: 350,
    ratingVolatility: 0.06,
    ratedThrough: 0,
    establishedGames: 0,
    ratingVersion: 0,
  };
}

describe('the live puzzles an isolate has judged', () => {
  it('knows a puzzle once remembered, and keeps the first row it was given', () => {
    rememberLivePuzzle(puzzleRow('a'));
    rememberLivePuzzle({ ...puzzleRow('a'), benchmarkSeconds: 1 });
    expect(knownLivePuzzle('a')?.benchmarkSeconds).toBe(300);
    expect(knownLivePuzzle('never')).toBeUndefined();
  });

  it('holds at most its cap, forgetting the oldest first', () => {
    for (let i = 0; i < MAX_LIVE_PUZZLES; i++) rememberLivePuzzle(puzzleRow(`p${i}`));
    expect(knownLivePuzzle('a')).toBeUndefined();
    expect(knownLivePuzzle('p0')).toBeDefined();
    expect(knownLivePuzzle(`p${MAX_LIVE_PUZZLES - 1}`)).toBeDefined();
  });
});
