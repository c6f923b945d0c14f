/**
 * Sudoku benchmark: generation time and technique band per level (the ladder in
 * src/engines/sudoku/grade.ts), the grade's score on the public lists by the rating their source gives, and solver µs per puzzle on the public sudoku lists
 * (bench/support/datasets.ts) next to an npm baseline (@algorithm.ts/sudoku, dancing links) timed on the
 * same puzzles in the same run,
 * interleaved puzzle by puzzle so machine noise hits both alike. Ours is timed twice: counting to two
 * solutions (what uniqueness needs) and stopping at the first (what the baseline does).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { SudokuSolver } from '@algorithm.ts/sudoku';
import { bandOf, gradeCells, SUDOKU_BANDS } from '../src/engines/sudoku/grade.js';
import { engine, SUDOKU_LEVELS } from '../src/engines/sudoku/index.js';
import { searchGrid, toCells } from '../src/engines/sudoku/solve.js';
import { datasetPath } from './support/datasets.js';

const DATASETS = datasetPath('sudoku/');
const GENERATE_SEEDS = 200;
/** Large sets are sampled evenly down to this many puzzles to keep the run short. */
const MAX_PUZZLES = 1000;
const NODE_LIMIT = 10_000_000;

const now = (): number => Number(process.hrtime.bigint()) / 1000;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const fmt = (x: number): string => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

function benchGeneration(): void {
  console.log(`### Generation (${GENERATE_SEEDS} seeds per level)\n`);
  console.log(
    `| level | ${SUDOKU_BANDS.map((b) => `% ${b}`).join(' | ')} | median ms | p95 ms | mean attempts | ` +
      'mean givens | hardest technique (most common) |',
  );
  console.log(`| --- | ${SUDOKU_BANDS.map(() => '---:').join(' | ')} | ---: | ---: | ---: | ---: | --- |`);
  for (const level of SUDOKU_LEVELS) {
    for (let n = 0; n < 10; n++) engine.generate(`warm-${n}`, level);
    const times: number[] = [];
    let attempts = 0;
    let givens = 0;
    const hardest = new Map<string, number>();
    const bands = new Map<string, number>();
    for (let n = 0; n < GENERATE_SEEDS; n++) {
      const t0 = now();
      const g = engine.generate(`bench-${level}-${n}`, level);
      times.push((now() - t0) / 1000);
      attempts += g.attempt;
      givens += Number(g.meta?.givens ?? 0);
      hardest.set(g.grade.hardest, (hardest.get(g.grade.hardest) ?? 0) + 1);
      const band = bandOf(g.grade);
      bands.set(band, (bands.get(band) ?? 0) + 1);
    }
    const shares = SUDOKU_BANDS.map((b) => Math.round((100 * (bands.get(b) ?? 0)) / GENERATE_SEEDS));
    times.sort((a, b) => a - b);
    const common = [...hardest].sort((a, b) => b[1] - a[1])[0];
    console.log(
      `| ${level} | ${shares.join(' | ')} | ${quantile(times, 0.5).toFixed(2)} | ${quantile(times, 0.95).toFixed(2)} | ` +
        `${(attempts / GENERATE_SEEDS).toFixed(1)} | ${(givens / GENERATE_SEEDS).toFixed(1)} | ` +
        `${common?.[0]} (${Math.round((100 * (common?.[1] ?? 0)) / GENERATE_SEEDS)} %) |`,
    );
  }
  console.log('');
}

interface Row {
  grid: string;
  solutions: number | string;
}

function loadSet(file: string): Row[] {
  const rows = readFileSync(DATASETS + file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);
  if (rows.length <= MAX_PUZZLES) return rows;
  const step = rows.length / MAX_PUZZLES;
  return Array.from({ length: MAX_PUZZLES }, (_, i) => rows[Math.floor(i * step)] as Row);
}

function benchSolvers(): void {
  if (!existsSync(DATASETS)) {
    console.log(`(solver benchmark skipped: ${DATASETS} not found)\n`);
    return;
  }
  const files = readdirSync(DATASETS)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  const baseline = new SudokuSolver({ childMatrixWidth: 3 });
  console.log('### Solver, median µs per puzzle (same puzzles, same run)\n');
  console.log(
    '| set | puzzles | ours, count to 2 | ours, first solution | @algorithm.ts/sudoku (first solution) | ' +
      'baseline / ours (first) | ours p95 (count to 2) | our nodes, mean | wrong counts |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const file of files) {
    const rows = loadSet(file);
    const cells = rows.map((r) => toCells(r.grid));
    const boards = rows.map((r) => [...r.grid].map((ch) => (ch === '.' ? -1 : Number(ch) - 1)));
    const out = new Array<number>(81);
    for (let i = 0; i < Math.min(200, rows.length); i++) {
      searchGrid(cells[i]!, { maxSolutions: 2, nodeLimit: NODE_LIMIT });
      baseline.solve(boards[i]!, out);
    }
    const count2: number[] = [];
    const first: number[] = [];
    const base: number[] = [];
    let nodes = 0;
    let wrong = 0;
    for (let i = 0; i < rows.length; i++) {
      let t0 = now();
      const r = searchGrid(cells[i]!, { maxSolutions: 2, nodeLimit: NODE_LIMIT });
      count2.push(now() - t0);
      t0 = now();
      searchGrid(cells[i]!, { maxSolutions: 1, nodeLimit: NODE_LIMIT });
      first.push(now() - t0);
      t0 = now();
      baseline.solve(boards[i]!, out);
      base.push(now() - t0);
      nodes += r.nodes;
      const expected = rows[i]!.solutions === '2+' ? 2 : Math.min(2, Number(rows[i]!.solutions));
      if (r.count !== expected || r.truncated) wrong++;
    }
    for (const t of [count2, first, base]) t.sort((a, b) => a - b);
    const ours = quantile(first, 0.5);
    const theirs = quantile(base, 0.5);
    console.log(
      `| ${file.replace('.jsonl', '')} | ${rows.length} | ${fmt(quantile(count2, 0.5))} | ${fmt(ours)} | ` +
        `${fmt(theirs)} | ${(theirs / ours).toFixed(1)}× | ${fmt(quantile(count2, 0.95))} | ` +
        `${(nodes / rows.length).toFixed(0)} | ${wrong} |`,
    );
  }
  console.log('');
}

/**
 * The lists carry no per-puzzle rating; their sources rate them as sets (SOURCE-tdoku_benchmark_data.txt),
 * in this order of difficulty: all 17-clue puzzles (unselected), magictour's top1465 hard list, the
 * forum's hardest of 2011, the forum's hardest of 2019 with Sudoku Explainer rating above 11.
 */
const RATED_SETS: readonly (readonly [string, string])[] = [
  ['17_clue_sample5000.jsonl', '17 clues (unrated, unselected)'],
  ['magictour_top1465.jsonl', 'magictour top1465 (hard)'],
  ['forum_hardest_1106.jsonl', 'forum hardest 2011'],
  ['forum_hardest_1905_11plus_sample3000.jsonl', 'forum hardest 2019, SE > 11'],
];

function benchScores(): void {
  if (!existsSync(DATASETS)) return;
  console.log("### Score on the rated lists (in rising order of their sources' rating)\n");
  console.log(
    `| set | puzzles | median score | p25 | p75 | ${SUDOKU_BANDS.map((b) => `% ${b}`).join(' | ')} |`,
  );
  console.log(`| --- | ---: | ---: | ---: | ---: | ${SUDOKU_BANDS.map(() => '---:').join(' | ')} |`);
  for (const [file, label] of RATED_SETS) {
    if (!existsSync(DATASETS + file)) continue;
    const rows = loadSet(file);
    const scores: number[] = [];
    const bands = new Map<string, number>();
    for (const row of rows) {
      const grade = gradeCells(toCells(row.grid));
      scores.push(grade.score);
      const band = bandOf(grade);
      bands.set(band, (bands.get(band) ?? 0) + 1);
    }
    scores.sort((a, b) => a - b);
    const shares = SUDOKU_BANDS.map((b) => Math.round((100 * (bands.get(b) ?? 0)) / rows.length));
    console.log(
      `| ${label} | ${rows.length} | ${quantile(scores, 0.5)} | ${quantile(scores, 0.25)} | ` +
        `${quantile(scores, 0.75)} | ${shares.join(' | ')} |`,
    );
  }
  console.log('');
}

export async function run(): Promise<void> {
  console.log(`## sudoku (engine version ${engine.version}, Node ${process.version})\n`);
  benchGeneration();
  benchScores();
  benchSolvers();
}
