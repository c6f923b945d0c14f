import { describe, expect, it } from 'vitest';
import { puzzleBenchmarkSeconds } from '../../src/rating/puzzle-benchmark.js';

describe("one puzzle's benchmark", () => {
  it('is the stored seconds for a per-puzzle base, whatever the meta says', () => {
    expect(puzzleBenchmarkSeconds({ seconds: 300, unit: 'puzzle' }, {})).toBe(300);
    expect(puzzleBenchmarkSeconds({ seconds: 300, unit: 'puzzle' }, { solutionLength: 20 })).toBe(300);
  });

  it('is the seconds per move times the shortest solution for a per-move base', () => {
    expect(puzzleBenchmarkSeconds({ seconds: 4, unit: 'move' }, { solutionLength: 25 })).toBe(100);
  });

  it('takes a shortest solution of one move, and refuses zero or a negative length', () => {
    expect(puzzleBenchmarkSeconds({ seconds: 4, unit: 'move' }, { solutionLength: 1 })).toBe(4);
    expect(() => puzzleBenchmarkSeconds({ seconds: 4, unit: 'move' }, { solutionLength: 0 })).toThrow(
      'a per-move benchmark needs meta.solutionLength, got 0',
    );
    expect(() => puzzleBenchmarkSeconds({ seconds: 4, unit: 'move' }, { solutionLength: -1 })).toThrow(
      'got -1',
    );
  });

  it('refuses a per-move base without a whole-number solution length', () => {
    const base = { seconds: 4, unit: 'move' } as const;
    expect(() => puzzleBenchmarkSeconds(base, {})).toThrow('got undefined');
    expect(() => puzzleBenchmarkSeconds(base, { solutionLength: '25' })).toThrow('got 25');
    expect(() => puzzleBenchmarkSeconds(base, { solutionLength: 2.5 })).toThrow('got 2.5');
  });
});
