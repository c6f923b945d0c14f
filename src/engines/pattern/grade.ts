import type { Difficulty } from '../types.js';
import { type SolveReport, TECHNIQUES } from './solve.js';

export const LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;
export type PatternLevel = (typeof LEVELS)[number];

/** Puzzles up to this many cells count as small: easy when line logic suffices, hard when it needs probing. */
const SMALL_LINE_AREA = 150;
const SMALL_PROBE_AREA = 500;

/**
 * Technique first, size second: line logic alone → easy (≤ 150 cells, e.g. 10×10) or medium; probing →
 * hard (≤ 500 cells, e.g. 20×20) or expert; search → expert.
 */
export function levelOf(report: SolveReport, width: number, height: number): PatternLevel {
  const area = width * height;
  if (report.hardest === 'line') return area <= SMALL_LINE_AREA ? 'easy' : 'medium';
  if (report.hardest === 'probe') return area <= SMALL_PROBE_AREA ? 'hard' : 'expert';
  return 'expert';
}

/**
 * Difficulty from a solver run. Score = cells + 2 × cells line logic left undecided + 20 × search
 * nodes: bigger grids, more probing and more guessing all cost a player time.
 */
export function difficultyOf(report: SolveReport, width: number, height: number): Difficulty<PatternLevel> {
  const techniques = TECHNIQUES.slice(0, TECHNIQUES.indexOf(report.hardest) + 1);
  return {
    level: levelOf(report, width, height),
    score: width * height + 2 * report.unknownAfterLine + 20 * report.nodes,
    techniques: [...techniques],
    hardest: report.hardest,
    nodes: report.nodes,
  };
}
