import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hint } from '../../../src/engines/hint.js';
import { afterStep, nextHint, type PatternPosition } from '../../../src/engines/pattern/hint.js';
import { engine, type PatternPuzzle, type PatternSolution } from '../../../src/engines/pattern/index.js';
import { followChecked } from '../follow-checked.js';

/*
 * Issue #47 item 5: every pattern hint's conclusion follows from the board as the player sees it plus what
 * the hint itself states. The check is the test's own line logic, written from the rules alone (a line's
 * clue is its runs of filled cells in order, one empty cell at least between two runs):
 * - a line step: every way the clue of the one line the hint involves fits that line's marked cells puts
 *   each concluded cell as the hint says;
 * - a probe: the hint names one cell and says line logic decides it (one value contradicts) or decides the
 *   concluded cells the same either way. Line logic here is every line's fits, to a standstill, from the
 *   board and the tried value: the one value must empty some cell, or both must fix the concluded cells.
 */

type Step = Extract<Hint, { type: 'step' }>;

/** A cell's possible values as bits: 1 empty, 2 filled (3 open, 0 none left). */
const E = 1;
const F = 2;

/** The values each cell of a line takes in some fit of `runs` within `cells`, or null when none fits. */
function lineOptions(runs: readonly number[], cells: readonly number[]): number[] | null {
  const length = cells.length;
  const memo = new Map<number, boolean>();
  const options = new Array<number>(length).fill(0);
  // Whether runs k.. fit from position pos on; records the values of every fit it completes.
  const fits = (pos: number, k: number): boolean => {
    const key = pos * 64 + k;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let ok = false;
    if (k === runs.length) {
      ok = cells.slice(pos).every((v) => v & E);
      if (ok) for (let p = pos; p < length; p++) options[p] = (options[p] ?? 0) | E;
    } else {
      if (pos < length && (cells[pos] ?? 0) & E && fits(pos + 1, k)) {
        options[pos] = (options[pos] ?? 0) | E;
        ok = true;
      }
      const run = runs[k] ?? 0;
      const end = pos + run;
      const fills = end <= length && cells.slice(pos, end).every((v) => v & F);
      const gap = end === length ? k === runs.length - 1 : end < length && (cells[end] ?? 0) & E;
      if (fills && gap && fits(Math.min(end + 1, length), k + 1)) {
        for (let p = pos; p < end; p++) options[p] = (options[p] ?? 0) | F;
        if (end < length) options[end] = (options[end] ?? 0) | E;
        ok = true;
      }
    }
    memo.set(key, ok);
    return ok;
  };
  return fits(0, 0) ? options : null;
}

function lines(p: PatternPuzzle): { runs: number[]; cells: number[] }[] {
  const { width, height } = p;
  return [
    ...p.rows.map((runs, r) => ({ runs, cells: Array.from({ length: width }, (_, c) => r * width + c) })),
    ...p.cols.map((runs, c) => ({ runs, cells: Array.from({ length: height }, (_, r) => r * width + c) })),
  ];
}

/** Every line's fits to a standstill; false when some line cannot be fitted. */
function propagate(p: PatternPuzzle, values: number[]): boolean {
  for (let changed = true; changed; ) {
    changed = false;
    for (const { runs, cells } of lines(p)) {
      const options = lineOptions(
        runs,
        cells.map((c) => values[c] ?? 0),
      );
      if (options === null) return false;
      cells.forEach((c, i) => {
        if ((options[i] ?? 0) !== values[c]) {
          values[c] = options[i] ?? 0;
          changed = true;
        }
      });
    }
  }
  return true;
}

const valuesOf = (board: string): number[] => [...board].map((m) => (m === '1' ? F : m === '0' ? E : E | F));
const wanted = (c: Step['concludes'][number]): number => ('place' in c && c.place === 1 ? F : E);

/** Why a hint's conclusion does not follow from the board and what the hint states, or null when it does. */
function unsupported(p: PatternPuzzle, board: string, hint: Step): string | null {
  const values = valuesOf(board);
  if (hint.technique === 'line') {
    const line = lines(p).find(
      ({ cells }) => cells.join() === [...hint.involves].sort((a, b) => a - b).join(),
    );
    if (!line) return 'a line step involves exactly one line';
    const options = lineOptions(
      line.runs,
      line.cells.map((c) => values[c] ?? 0),
    );
    if (options === null) return 'the line does not fit its clue';
    for (const c of hint.concludes) {
      if (options[line.cells.indexOf(c.at)] !== wanted(c)) return `cell ${c.at} is not fixed by its line`;
    }
    return null;
  }
  if (hint.technique !== 'probe') return `unknown technique ${hint.technique}`;
  const probed = /^(?:If|Whether) row (\d+), column (\d+)/.exec(hint.explanation);
  if (!probed) return 'a probe names its cell';
  const cell = (Number(probed[1]) - 1) * p.width + Number(probed[2]) - 1;
  if (!hint.involves.includes(cell) || values[cell] !== (E | F))
    return 'a probe tries an open cell it involves';
  const branches = [E, F].map((v) => {
    const trial = [...values];
    trial[cell] = v;
    return propagate(p, trial) ? trial : null;
  });
  for (const c of hint.concludes) {
    const fixed = branches.every((b) => b === null || b[c.at] === wanted(c));
    const proven = c.at === cell ? branches.some((b) => b === null) : branches.some((b) => b !== null);
    if (!fixed || !proven) return `cell ${c.at} is not decided by the probe of cell ${cell}`;
  }
  return null;
}

const POOL = engine.levels.flatMap((level) =>
  [0, 1].map((k) => ({ level, ...engine.generate(`entail-${k}`, level) })),
);

describe('pattern hints', () => {
  it('conclude only what follows from the board the player sees plus what the hint states: lines and probes', () => {
    const techniques = new Set<string>();
    fc.assert(
      fc.property(
        fc.nat(POOL.length - 1),
        fc.uniqueArray(fc.nat(624), { maxLength: 40 }),
        (index, reveal) => {
          const { puzzle, solution } = POOL[index] as { puzzle: PatternPuzzle; solution: PatternSolution };
          const cells = Array.from({ length: puzzle.width * puzzle.height }, () => '.');
          for (const at of reveal) if (at < cells.length) cells[at] = solution.cells[at] ?? '.';
          const walk = {
            puzzle,
            next: (position: PatternPosition) => nextHint(puzzle, solution, position),
            follow: afterStep,
            unsupported: (position: PatternPosition, step: Step) => unsupported(puzzle, position.cells, step),
            maxSteps: cells.length + 1,
          };
          followChecked(walk, { cells: cells.join('') }, techniques);
        },
      ),
      { numRuns: 16, seed: 47 },
    );
    expect([...techniques].sort()).toEqual(['line', 'probe']);
  });
});
