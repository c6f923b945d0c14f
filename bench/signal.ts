/**
 * Signal (towers): generation time per level and for 9×9, the solver on the generated puzzles and on the
 * public standard set, each against a plain backtracking solver (row-major fill with Latin bitmasks and
 * incremental visibility checks, no clue-bound or line propagation) on the same puzzles in the same run.
 */

import { existsSync, readFileSync } from 'node:fs';
import { bandOf, type Technique } from '../src/engines/signal/grade.js';
import {
  engine,
  generateSized,
  type SignalLevel,
  type SignalPuzzle,
  type SignalSolution,
} from '../src/engines/signal/index.js';
import { SIGNAL_LEVELS } from '../src/engines/signal/model.js';
import type { Generated } from '../src/engines/types.js';
import { datasetPath } from './support/datasets.js';
import { median, ms, quantile, table } from './support/stats.js';

const SEEDS = 40;
const SEEDS_9 = 10;
const BASELINE_NODE_LIMIT = 5_000_000;
const DATASET = datasetPath('skyscrapers/puzzlekit_skyscrapers_licence_unknown.jsonl');

/** The baseline: counts solutions (up to 2) by plain backtracking; null when it gave up. */
function plainBacktracking(puzzle: SignalPuzzle): { solutions: number; nodes: number } | null {
  const { n } = puzzle;
  const grid = new Uint8Array(n * n);
  const rowUsed = new Uint16Array(n);
  const colUsed = new Uint16Array(n);
  const rowTop = new Uint8Array(n);
  const rowSeen = new Uint8Array(n);
  const colTop = new Uint8Array(n);
  const colSeen = new Uint8Array(n);
  let nodes = 0;
  let solutions = 0;
  const seenBack = (start: number, step: number): number => {
    let top = 0;
    let seen = 0;
    for (let k = 0, i = start; k < n; k++, i += step) {
      const h = grid[i] ?? 0;
      if (h > top) {
        top = h;
        seen++;
      }
    }
    return seen;
  };
  const place = (cell: number): boolean => {
    if (cell === n * n) return ++solutions >= 2;
    const r = Math.floor(cell / n);
    const c = cell % n;
    const given = puzzle.givens.charCodeAt(cell) - 48;
    for (let h = 1; h <= n; h++) {
      if (given >= 1 && given <= n && h !== given) continue;
      const bit = 1 << (h - 1);
      if ((rowUsed[r] ?? 0) & bit || (colUsed[c] ?? 0) & bit) continue;
      if (++nodes > BASELINE_NODE_LIMIT) return true;
      const [rt, rs, ct, cs] = [rowTop[r] ?? 0, rowSeen[r] ?? 0, colTop[c] ?? 0, colSeen[c] ?? 0];
      const rowSeenNow = h > rt ? rs + 1 : rs;
      const colSeenNow = h > ct ? cs + 1 : cs;
      const left = puzzle.left[r] ?? 0;
      const top = puzzle.top[c] ?? 0;
      if (left && (rowSeenNow > left || (c === n - 1 && rowSeenNow !== left))) continue;
      if (top && (colSeenNow > top || (r === n - 1 && colSeenNow !== top))) continue;
      grid[cell] = h;
      if (c === n - 1 && puzzle.right[r] && seenBack(r * n + n - 1, -1) !== puzzle.right[r]) continue;
      if (r === n - 1 && puzzle.bottom[c] && seenBack((n - 1) * n + c, -n) !== puzzle.bottom[c]) continue;
      rowUsed[r] = (rowUsed[r] ?? 0) | bit;
      colUsed[c] = (colUsed[c] ?? 0) | bit;
      rowTop[r] = Math.max(rt, h);
      rowSeen[r] = rowSeenNow;
      colTop[c] = Math.max(ct, h);
      colSeen[c] = colSeenNow;
      const stop = place(cell + 1);
      rowUsed[r] = (rowUsed[r] ?? 0) & ~bit;
      colUsed[c] = (colUsed[c] ?? 0) & ~bit;
      rowTop[r] = rt;
      rowSeen[r] = rs;
      colTop[c] = ct;
      colSeen[c] = cs;
      if (stop) return true;
    }
    grid[cell] = 0;
    return false;
  };
  place(0);
  return nodes > BASELINE_NODE_LIMIT ? null : { solutions, nodes };
}

/**
 * Wall time and this process's CPU time in ms: the machine is shared, so CPU time is the steadier figure
 * (wall time also counts waiting for a core).
 */
function timed<T>(f: () => T): [T, number, number] {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = f();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return [value, wall, (used.user + used.system) / 1000];
}

interface SolverRow {
  ours: number[];
  baseline: number[];
  gaveUp: number;
  agree: boolean;
}

/** Our solver and the baseline on the same puzzles, each asked for up to 2 solutions. */
function compareSolvers(puzzles: readonly SignalPuzzle[]): SolverRow {
  const row: SolverRow = { ours: [], baseline: [], gaveUp: 0, agree: true };
  for (const puzzle of puzzles) {
    const [ours, , oursMs] = timed(() => engine.solve(puzzle));
    const [base, , baseMs] = timed(() => plainBacktracking(puzzle));
    row.ours.push(oursMs);
    row.baseline.push(baseMs);
    if (base === null) row.gaveUp++;
    else if (base.solutions !== ours.solutions.length) row.agree = false;
  }
  return row;
}

function solverCells(label: string, count: number, row: SolverRow): string[] {
  return [
    label,
    String(count),
    ms(median(row.ours)),
    ms(quantile(row.ours, 0.95)),
    ms(median(row.baseline)),
    ms(quantile(row.baseline, 0.95)),
    `${row.gaveUp > 0 ? '≥ ' : ''}${(median(row.baseline) / median(row.ours)).toFixed(0)}×`,
    row.gaveUp > 0
      ? `${row.gaveUp} gave up at ${BASELINE_NODE_LIMIT / 1e6}M nodes`
      : row.agree
        ? 'yes'
        : 'NO',
  ];
}

function countClues(puzzle: SignalPuzzle): number {
  return [...puzzle.top, ...puzzle.bottom, ...puzzle.left, ...puzzle.right].filter((c) => c > 0).length;
}

function countGivens(puzzle: SignalPuzzle): number {
  return [...puzzle.givens].filter((c) => c !== '.').length;
}

/** The share of puzzles in each technique band, in the ladder's order. */
function bandShares(techniques: readonly (readonly string[])[]): string[] {
  const counts = new Map<string, number>();
  for (const used of techniques) {
    const band = bandOf(used as Technique[]);
    counts.set(band, (counts.get(band) ?? 0) + 1);
  }
  return SIGNAL_LEVELS.map((band) => `${(((counts.get(band) ?? 0) / techniques.length) * 100).toFixed(0)} %`);
}

function generationRow(
  label: string,
  made: Generated<SignalPuzzle, SignalSolution>[],
  wall: number[],
  cpu: number[],
): string[] {
  const mean = (f: (g: Generated<SignalPuzzle, SignalSolution>) => number) =>
    (made.reduce((sum, g) => sum + f(g), 0) / made.length).toFixed(1);
  const hardest = new Map<string, number>();
  for (const g of made) hardest.set(g.grade.hardest, (hardest.get(g.grade.hardest) ?? 0) + 1);
  return [
    label,
    ms(median(cpu)),
    ms(quantile(cpu, 0.95)),
    ms(Math.max(...cpu)),
    ms(median(wall)),
    mean((g) => g.attempt),
    mean((g) => countClues(g.puzzle)),
    mean((g) => countGivens(g.puzzle)),
    mean((g) => g.grade.score),
    mean((g) => g.grade.nodes),
    [...hardest].map(([name, count]) => `${name} ${count}`).join(', '),
  ];
}

export async function run(): Promise<void> {
  // Warm the JIT so the first level does not pay for compilation.
  for (let i = 0; i < 5; i++) engine.generate(`warm-${i}`, 'hard');

  const generationRows: string[][] = [];
  const bandRows: string[][] = [];
  const solverRows: string[][] = [];
  const sets: [string, number, SignalLevel, number][] = [
    ...engine.levels.map((level): [string, number, SignalLevel, number] => {
      const n = { easy: 4, medium: 5, hard: 6, expert: 7 }[level as SignalLevel];
      return [`${level} ${n}×${n}`, n, level as SignalLevel, SEEDS];
    }),
    ['9×9 (generateSized)', 9, 'expert', SEEDS_9],
  ];
  for (const [label, n, level, seeds] of sets) {
    const made: Generated<SignalPuzzle, SignalSolution>[] = [];
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let s = 0; s < seeds; s++) {
      const [g, w, c] = timed(() => generateSized(`bench-${s}`, n, level));
      made.push(g);
      wall.push(w);
      cpu.push(c);
    }
    generationRows.push(generationRow(label, made, wall, cpu));
    bandRows.push([
      label,
      ...bandShares(made.map((g) => g.grade.techniques)),
      ms(median(cpu)),
      ms(quantile(cpu, 0.95)),
      (made.reduce((sum, g) => sum + g.attempt, 0) / made.length).toFixed(2),
      String(Math.max(...made.map((g) => g.attempt))),
    ]);
    solverRows.push(solverCells(label, made.length, compareSolvers(made.map((g) => g.puzzle))));
  }

  console.log(
    'Generation (CPU ms per puzzle, wall median beside it; seeds bench-0…; means of attempts, clues, givens, and of the grader’s score and search nodes)\n',
  );
  console.log(
    table(
      [
        'set',
        'median',
        'p95',
        'max',
        'wall median',
        'attempts',
        'clues',
        'givens',
        'score',
        'search nodes',
        'hardest',
      ],
      generationRows,
    ),
  );

  console.log('\nTechnique bands of the generated puzzles (share per band; CPU ms; attempts mean / max)\n');
  console.log(table(['set', ...SIGNAL_LEVELS, 'median ms', 'p95 ms', 'attempts', 'max attempts'], bandRows));

  if (existsSync(DATASET)) {
    const records = readFileSync(DATASET, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const puzzles = records.map(({ n, top, bottom, left, right, givens }) =>
      engine.parsePuzzle({ n, top, bottom, left, right, givens }),
    );
    let solved = 0;
    const [, , total] = timed(() => {
      records.forEach((record, i) => {
        const result = engine.solve(puzzles[i] as SignalPuzzle);
        if (
          !result.truncated &&
          result.solutions.length === 1 &&
          result.solutions[0]?.grid === record.solution
        )
          solved++;
      });
    });
    console.log(
      `\nStandard set (puzzlekit/janko, licence unknown, not in this repository): ${solved} of ${records.length} solved ` +
        `uniquely and matching the recorded solution, ${ms(total)} ms CPU in all.`,
    );
    solverRows.push(solverCells('standard set', puzzles.length, compareSolvers(puzzles)));
    console.log(
      '\nStandard set graded by our grader (it carries no grades of its own): per size, bands and median score\n',
    );
    const bySize = new Map<number, SignalPuzzle[]>();
    for (const p of puzzles) bySize.set(p.n, [...(bySize.get(p.n) ?? []), p]);
    const sizeRows = [...bySize.entries()]
      .sort(([a], [b]) => a - b)
      .map(([n, set]) => {
        const grades = set.map((p) => engine.grade(p));
        return [
          `${n}×${n}`,
          String(set.length),
          ...bandShares(grades.map((g) => g.techniques)),
          String(median(grades.map((g) => g.score))),
        ];
      });
    console.log(table(['size', 'puzzles', ...SIGNAL_LEVELS, 'median score'], sizeRows));
  } else {
    console.log(`\nStandard set: ${DATASET} not present, skipped.`);
  }

  console.log(
    `\nSolver against plain backtracking (CPU ms per puzzle, counting up to 2 solutions; where the baseline gave up the ratio is a lower bound)\n`,
  );
  console.log(
    table(
      [
        'set',
        'puzzles',
        'ours median',
        'ours p95',
        'baseline median',
        'baseline p95',
        'ratio',
        'counts agree',
      ],
      solverRows,
    ),
  );
}
