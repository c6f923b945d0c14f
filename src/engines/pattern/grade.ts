import type { Difficulty } from '../types.js';
import { type SolveReport, TECHNIQUES } from './solve.js';

export const LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;
export type PatternLevel = (typeof LEVELS)[number];

/**
 * Level ladder: each level is a technique band, whatever the size (the generator still grows the size
 * with the level, LEVEL_SPECS in index.ts).
 *
 * | level  | band          | must need                                                            |
 * | ------ | ------------- | -------------------------------------------------------------------- |
 * | easy   | `simple line` | line logic, done in at most EASY_MAX_ROUNDS rounds over every line    |
 * | medium | `line`        | line logic alone, but more rounds: lines that open only after others |
 * | hard   | `probe`       | line logic stalls; at most HARD_MAX_PROBES probes restart it          |
 * | expert | `deep probe`  | more probes than hard, or search                                     |
 *
 * A round (rounds.ts) looks at every row and column once against the grid the round found, so few rounds
 * mean each line is settled from its clue and a few crossings (overlaps and edges), many mean long
 * chains of lines each waiting on the last. A probe that decides something is one stall of line logic
 * broken by a contradiction; the thresholds split version 1's easy/medium and hard/expert near their
 * medians, measured in BENCHMARKS.md.
 */
export const EASY_MAX_ROUNDS = 5;
export const HARD_MAX_PROBES = 3;

export const PATTERN_BANDS = ['simple line', 'line', 'probe', 'deep probe'] as const;
export type PatternBand = (typeof PATTERN_BANDS)[number];

export const LEVEL_BAND: Readonly<Record<PatternLevel, PatternBand>> = {
  easy: 'simple line',
  medium: 'line',
  hard: 'probe',
  expert: 'deep probe',
};

export function bandOf(report: Pick<SolveReport, 'hardest' | 'lineRounds' | 'probeHits'>): PatternBand {
  if (report.hardest === 'line') return report.lineRounds <= EASY_MAX_ROUNDS ? 'simple line' : 'line';
  if (report.hardest === 'probe' && report.probeHits <= HARD_MAX_PROBES) return 'probe';
  return 'deep probe';
}

export function levelOf(report: Pick<SolveReport, 'hardest' | 'lineRounds' | 'probeHits'>): PatternLevel {
  const band = bandOf(report);
  return LEVELS.find((level) => LEVEL_BAND[level] === band) ?? 'expert';
}

/**
 * Difficulty from a solver run. Score = cells + line rounds + 2 × cells line logic left undecided + 10 ×
 * probes that decided something + 20 × search nodes: bigger grids, longer line chains, more probing and
 * more guessing all cost a player time.
 */
export function difficultyOf(report: SolveReport, width: number, height: number): Difficulty<PatternLevel> {
  const techniques = TECHNIQUES.slice(0, TECHNIQUES.indexOf(report.hardest) + 1);
  return {
    level: levelOf(report),
    score:
      width * height +
      report.lineRounds +
      2 * report.unknownAfterLine +
      10 * report.probeHits +
      20 * report.nodes,
    techniques: [...techniques],
    hardest: report.hardest,
    nodes: report.nodes,
  };
}
