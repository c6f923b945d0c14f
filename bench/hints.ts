/**
 * Hint CPU at each kind's hardest level: every board along the path the hints themselves lead from the
 * empty board (plus the solved board), on several generated puzzles; median, p95 and max per hint.
 */
import type { Hint } from '../src/engines/hint.js';
import { nextHint as patternHint } from '../src/engines/pattern/hint.js';
import { engine as pattern } from '../src/engines/pattern/index.js';
import { nextHint as signalHint } from '../src/engines/signal/hint.js';
import { engine as signal } from '../src/engines/signal/index.js';

const SEEDS = Array.from({ length: 12 }, (_, i) => `bench-hint-${i}`);

function timed(times: number[], hint: () => Hint): Hint {
  const start = performance.now();
  const result = hint();
  times.push(performance.now() - start);
  return result;
}

function signalTimes(): number[] {
  const times: number[] = [];
  for (const seed of SEEDS) {
    const { puzzle, solution } = signal.generate(seed, 'expert');
    const grid = Array.from({ length: puzzle.n * puzzle.n }, () => 0);
    for (;;) {
      const hint = timed(times, () => signalHint(puzzle, solution, { grid: [...grid] }));
      if (hint.type !== 'step') break;
      for (const c of hint.concludes) if ('place' in c) grid[c.at] = c.place;
    }
  }
  return times;
}

function patternTimes(): number[] {
  const times: number[] = [];
  for (const seed of SEEDS) {
    const { puzzle, solution } = pattern.generate(seed, 'expert');
    const cells = Array.from({ length: puzzle.width * puzzle.height }, () => '.');
    for (;;) {
      const board = { cells: cells.join('') };
      const hint = timed(times, () => patternHint(puzzle, solution, board));
      if (hint.type !== 'step') break;
      for (const c of hint.concludes) if ('place' in c) cells[c.at] = String(c.place);
    }
  }
  return times;
}

function row(kind: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number): string =>
    (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2);
  return `| ${kind} | expert | ${SEEDS.length} | ${sorted.length} | ${at(0.5)} | ${at(0.95)} | ${(sorted.at(-1) ?? 0).toFixed(2)} |`;
}

export async function run(): Promise<void> {
  console.log('| kind | level | puzzles | hints | median ms | p95 ms | max ms |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  console.log(row('signal', signalTimes()));
  console.log(row('pattern', patternTimes()));
}
