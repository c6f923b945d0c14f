import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/contract/kinds/index.js';
import { PRESETS } from '../../src/engines/colorsort/puzzle.js';
import type { PuzzleMeta } from '../../src/engines/types.js';
import { colorsortLevel } from '../../src/kinds/colorsort.js';
import { defaultBenchmark, engineFor, KIND_DESCRIPTORS, KINDS } from '../../src/kinds/index.js';
import { puzzleBenchmarkSeconds } from '../../src/rating/puzzle-benchmark.js';

const COLORSORT_SECONDS_PER_MOVE = KIND_DESCRIPTORS.colorsort.benchmark.seconds;

describe('default benchmarks', () => {
  it("maps the original colour-sort game's keys to their levels", () => {
    expect(colorsortLevel(4, 0)).toBe('easy');
    expect(colorsortLevel(5, 0)).toBe('easy');
    expect(colorsortLevel(6, 0)).toBe('medium');
    expect(colorsortLevel(8, 0)).toBe('medium');
    expect(colorsortLevel(7, 0)).toBe('hard');
    expect(colorsortLevel(10, 5)).toBe('hard');
    expect(colorsortLevel(8, 4)).toBe('hard');
    expect(colorsortLevel(12, 0)).toBe('superhard');
  });

  it("knows no level for a colour-sort combination outside the original's table", () => {
    expect(colorsortLevel(9, 0)).toBeUndefined();
    expect(colorsortLevel(8, 3)).toBeUndefined();
  });

  it("uses the original's seconds per move: easy 6, medium 9, hard 13, superhard 16", () => {
    expect(COLORSORT_SECONDS_PER_MOVE).toEqual({ easy: 6, medium: 9, hard: 13, superhard: 16 });
  });

  it('gives colour sort the shortest solution length times the seconds per move of its level', () => {
    expect(puzzleBenchmarkSeconds(defaultBenchmark('colorsort', 'easy'), { solutionLength: 20 })).toBe(120);
    expect(puzzleBenchmarkSeconds(defaultBenchmark('colorsort', 'superhard'), { solutionLength: 31 })).toBe(
      496,
    );
  });

  it('refuses a colour-sort benchmark without a positive whole solution length', () => {
    const base = defaultBenchmark('colorsort', 'easy');
    expect(() => puzzleBenchmarkSeconds(base, {})).toThrow(RangeError);
    expect(() => puzzleBenchmarkSeconds(base, { solutionLength: '20' })).toThrow(RangeError);
    expect(() => puzzleBenchmarkSeconds(base, { solutionLength: 0 })).toThrow(RangeError);
    expect(() => puzzleBenchmarkSeconds(base, { solutionLength: 2.5 })).toThrow(RangeError);
  });

  it('refuses a level a kind does not have', () => {
    expect(() => defaultBenchmark('colorsort', 'expert')).toThrow(RangeError);
    expect(() => defaultBenchmark('sudoku', 'superhard')).toThrow(RangeError);
  });

  it('gives every kind a positive benchmark for each of its levels', () => {
    for (const kind of KINDS) {
      for (const level of engineFor(kind).levels) {
        const base = defaultBenchmark(kind, level);
        const meta: PuzzleMeta = base.unit === 'move' ? { solutionLength: 20 } : {};
        expect(puzzleBenchmarkSeconds(base, meta), `${kind}:${level}`).toBeGreaterThan(0);
      }
    }
  });

  it('gives no kind a default for a level it does not have', () => {
    for (const kind of KINDS) {
      const seconds: Partial<Record<Level, number>> = KIND_DESCRIPTORS[kind].benchmark.seconds;
      expect(Object.keys(seconds).sort(), kind).toEqual([...engineFor(kind).levels].sort());
    }
  });

  it("agrees with the engine's presets: each colour-sort level's parameters are that level in the original's table", () => {
    for (const [level, preset] of Object.entries(PRESETS)) {
      expect(colorsortLevel(preset.numColors, preset.duplicateColors)).toBe(level);
    }
  });

  it('makes every harder level of a kind take longer', () => {
    for (const kind of KINDS) {
      const seconds = engineFor(kind).levels.map((level) => defaultBenchmark(kind, level).seconds);
      expect(
        [...seconds].sort((a, b) => a - b),
        kind,
      ).toEqual(seconds);
      expect(new Set(seconds).size, kind).toBe(seconds.length);
    }
  });

  it('pins the defaults of these kinds so a change to them is deliberate', () => {
    const { sudoku, pattern, loop, signal } = KIND_DESCRIPTORS;
    expect([sudoku, pattern, loop, signal].map((d) => d.benchmark.unit)).toEqual(Array(4).fill('puzzle'));
    expect({
      sudoku: sudoku.benchmark.seconds,
      pattern: pattern.benchmark.seconds,
      loop: loop.benchmark.seconds,
      signal: signal.benchmark.seconds,
    }).toEqual({
      sudoku: { easy: 276, medium: 624, hard: 1120, expert: 1740 },
      pattern: { easy: 250, medium: 562.5, hard: 1600, expert: 2500 },
      loop: { easy: 125, medium: 294, hard: 900, expert: 2250 },
      signal: { easy: 96, medium: 250, hard: 540, expert: 980 },
    });
  });
});
