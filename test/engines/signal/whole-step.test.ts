import { describe, expect, it } from 'vitest';
import type { Hint } from '../../../src/engines/hint.js';
import { bitOf, fullMask } from '../../../src/engines/signal/bits.js';
import { applyClueBounds } from '../../../src/engines/signal/bounds.js';
import { geometryOf } from '../../../src/engines/signal/geometry.js';
import { nextHint } from '../../../src/engines/signal/hint.js';
import { engine } from '../../../src/engines/signal/index.js';

type Puzzle = Parameters<typeof nextHint>[0];
type Step = Extract<Hint, { type: 'step' }>;

/**
 * What a player can read off the board without any hint: the heights placed (and given), struck from their
 * rows and columns, and the clues' bounds (src/engines/signal/bounds.ts: a clue of c caps the masts near it).
 */
function visibleDomains(puzzle: Puzzle, grid: readonly number[]): Uint16Array {
  const { n } = puzzle;
  const geo = geometryOf(puzzle);
  const domains = new Uint16Array(n * n).fill(fullMask(n));
  for (let cell = 0; cell < n * n; cell++) {
    const h = grid[cell] || Number(puzzle.givens[cell]) || 0;
    if (h) domains[cell] = bitOf(h);
  }
  for (let cell = 0; cell < n * n; cell++) {
    const h = grid[cell] || Number(puzzle.givens[cell]) || 0;
    if (!h) continue;
    const r = Math.floor(cell / n);
    const c = cell % n;
    for (let i = 0; i < n; i++) {
      for (const peer of [r * n + i, i * n + c]) {
        if (peer !== cell) domains[peer] = (domains[peer] ?? 0) & ~bitOf(h);
      }
    }
  }
  applyClueBounds(geo, domains);
  return domains;
}

/** Every step hint met following hints from the empty board, with the board it was given on. */
function stepsOf(seed: string, level: (typeof engine.levels)[number]) {
  const { puzzle, solution } = engine.generate(seed, level);
  const grid = Array.from({ length: puzzle.n * puzzle.n }, () => 0);
  const steps: { puzzle: Puzzle; grid: number[]; hint: Step }[] = [];
  for (let k = 0; k <= grid.length; k++) {
    const hint = nextHint(puzzle, solution, { grid });
    if (hint.type !== 'step') break;
    steps.push({ puzzle, grid: [...grid], hint });
    for (const c of hint.concludes) if ('place' in c) grid[c.at] = c.place;
  }
  return steps;
}

/** The board's visible candidates less every elimination the hint states (its `exclude` conclusions). */
function afterStated(puzzle: Puzzle, grid: number[], hint: Step): Uint16Array {
  const domains = visibleDomains(puzzle, grid);
  for (const c of hint.concludes) {
    if ('exclude' in c) for (const h of c.exclude) domains[c.at] = (domains[c.at] ?? 0) & ~bitOf(h);
  }
  return domains;
}

/** Whether the single a hint places follows from `domains`: the only candidate of its cell, or of its row or column. */
function follows(puzzle: Puzzle, domains: Uint16Array, hint: Step): boolean {
  const { n } = puzzle;
  const placed = hint.concludes.find((c) => 'place' in c);
  if (!placed || !('place' in placed)) return false;
  const bit = bitOf(placed.place);
  if (domains[placed.at] === bit) return true;
  const r = Math.floor(placed.at / n);
  const c = placed.at % n;
  const row = Array.from({ length: n }, (_, i) => r * n + i);
  const column = Array.from({ length: n }, (_, i) => i * n + c);
  return [row, column].some((line) =>
    line.every((cell) => cell === placed.at || !((domains[cell] ?? 0) & bit)),
  );
}

const SINGLES = ['naked-single', 'hidden-single'];
const SEEDS = Array.from({ length: 12 }, (_, i) => `whole-step-${i}`);

describe('signal hints state their whole step', () => {
  for (const level of engine.levels) {
    it(`every single a ${level} hint places follows from the board and the eliminations the hint states`, () => {
      let singles = 0;
      for (const seed of SEEDS) {
        for (const { puzzle, grid, hint } of stepsOf(seed, level)) {
          if (!SINGLES.includes(hint.technique)) continue;
          singles++;
          expect(follows(puzzle, afterStated(puzzle, grid, hint), hint), `${seed}: ${hint.explanation}`).toBe(
            true,
          );
        }
      }
      expect(singles).toBeGreaterThan(0);
    });
  }

  it('names the eliminations it carries before the step that places, and states only true ones', () => {
    let carried = 0;
    for (const level of ['hard', 'expert'] as const) {
      for (const seed of SEEDS) {
        const { solution } = engine.generate(seed, level);
        for (const { hint } of stepsOf(seed, level)) {
          const excludes = hint.concludes.filter((c) => 'exclude' in c);
          if (excludes.length === 0) continue;
          carried++;
          expect(hint.explanation).toMatch(/ rules? out \d.*\. Then: /);
          for (const c of excludes) {
            if (!('exclude' in c)) continue;
            expect(c.exclude).not.toContain(Number(solution.grid[c.at]));
            expect(hint.involves).toContain(c.at);
          }
        }
      }
    }
    expect(carried).toBeGreaterThan(0);
  });
});
