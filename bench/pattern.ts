/**
 * Pattern (nonogram): generation time and technique band (src/engines/pattern/grade.ts) per level; the engine's line solver (the bit-parallel DP) and the
 * array DP against the original's placement enumeration on the same 10×10 and 15×15 lines;
 * the complete solver on every public nonogram set present (bench/support/datasets.ts; 1 s per puzzle);
 * and Debian's sgt-pattern generator when installed.
 *
 * Large datasets are sampled evenly to PATTERN_BENCH_LIMIT puzzles each (default 300; `all` for every
 * puzzle: about 15 minutes on a 2-core machine, mostly puzzles that hit the 1 s limit).
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { bandOf, PATTERN_BANDS, type PatternBand } from '../src/engines/pattern/grade.js';
import {
  DpLineSolver,
  engine,
  LineSolver,
  type PatternLevel,
  type PatternPuzzle,
  solveClues,
} from '../src/engines/pattern/index.js';
import { rng } from '../src/engines/rng.js';
import { datasetPath } from './support/datasets.js';
import { median, ms, quantile, table } from './support/stats.js';

const SEEDS = 40;
const TIME_LIMIT_MS = 1000;
const DATASETS = datasetPath('nonogram/');
const EMPTY = 1;
const FILLED = 2;
const UNKNOWN = 3;

export async function run(): Promise<void> {
  generation();
  lineSolvers();
  datasets();
  sgtPattern();
}

function generation(): void {
  for (let i = 0; i < 5; i++) engine.generate(`warm-up ${i}`, 'hard');
  const rows: string[][] = [];
  for (const level of engine.levels) {
    const times: number[] = [];
    const attempts: number[] = [];
    const bands = new Map<PatternBand, number>();
    let size = '';
    for (let s = 0; s < SEEDS; s++) {
      const start = performance.now();
      const generated = engine.generate(`bench-${s}`, level);
      times.push(performance.now() - start);
      attempts.push(generated.attempt);
      const band = bandOf(solveClues(generated.puzzle));
      bands.set(band, (bands.get(band) ?? 0) + 1);
      size = `${generated.puzzle.width}×${generated.puzzle.height}`;
    }
    rows.push([
      level,
      size,
      ...PATTERN_BANDS.map((band) => String(Math.round((100 * (bands.get(band) ?? 0)) / SEEDS))),
      ms(median(times)),
      ms(quantile(times, 0.95)),
      ms(Math.max(...times)),
      String(median(attempts)),
      String(Math.max(...attempts)),
    ]);
  }
  console.log(`## Generation (${SEEDS} seeds per level, ms)\n`);
  const bandColumns = PATTERN_BANDS.map((band) => `% ${band}`);
  console.log(
    table(['level', 'size', ...bandColumns, 'median', 'p95', 'max', 'attempts median', 'attempts max'], rows),
  );
  console.log();
}

/** A line as the solvers see it: its clue and the cells known so far (domain bits). */
interface LineCase {
  clue: Int32Array;
  cells: Uint8Array;
  /** The same cells as the original holds them. */
  domains: number[][];
}

/**
 * The original's line step (pattern/engine.js, propagateLines): every placement of the clue, enumerated once
 * per line by recursion over run starts, then on each call filtered against the known cells and read
 * cell by cell for values all surviving placements agree on.
 */
class EnumeratingLine {
  readonly placements: Uint8Array[] = [];

  constructor(clue: readonly number[], length: number) {
    const starts: number[] = [];
    const rec = (index: number, minStart: number) => {
      if (index === clue.length) {
        const line = new Uint8Array(length);
        starts.forEach((s, i) => {
          line.fill(1, s, s + (clue[i] ?? 0));
        });
        this.placements.push(line);
        return;
      }
      let restMin = 0;
      for (let j = index + 1; j < clue.length; j++) restMin += (clue[j] ?? 0) + 1;
      const run = clue[index] ?? 0;
      for (let start = minStart; start + run + restMin <= length; start++) {
        starts.push(start);
        rec(index + 1, start + run + 1);
        starts.pop();
      }
    };
    rec(0, 0);
  }

  solve(cells: Uint8Array, out: Uint8Array): boolean {
    out.fill(0, 0, cells.length);
    let any = false;
    for (const placement of this.placements) {
      let fits = true;
      for (let i = 0; i < cells.length; i++) {
        if (((cells[i] ?? 0) & (placement[i] === 1 ? FILLED : EMPTY)) === 0) {
          fits = false;
          break;
        }
      }
      if (!fits) continue;
      any = true;
      for (let i = 0; i < cells.length; i++) out[i] = (out[i] ?? 0) | (placement[i] === 1 ? FILLED : EMPTY);
    }
    return any;
  }
}

/**
 * The original's line step as written: placements from `linePlacements` as arrays, cell
 * domains as arrays [0], [1] or [0, 1], `filterPlacements` keeping the placements every domain allows,
 * then per cell the sawZero/sawOne scan. Placements are enumerated once per line, as the original does.
 */
class SeedsLine {
  readonly placements: number[][];

  constructor(clue: readonly number[], length: number) {
    this.placements = new EnumeratingLine(clue, length).placements.map((line) => Array.from(line));
  }

  solve(domains: number[][]): number[][] | undefined {
    const filtered = this.placements.filter((p) => p.every((v, pos) => domains[pos]?.includes(v)));
    if (!filtered.length) return undefined;
    const next = domains.map((d) => d.slice());
    for (let pos = 0; pos < domains.length; pos++) {
      let sawZero = false;
      let sawOne = false;
      for (const p of filtered) {
        if (p[pos] === 0) sawZero = true;
        else sawOne = true;
        if (sawZero && sawOne) break;
      }
      if ((next[pos]?.length ?? 0) > 1) {
        if (sawZero && !sawOne) next[pos] = [0];
        else if (sawOne && !sawZero) next[pos] = [1];
      }
    }
    return next;
  }
}

const toDomains = (cells: Uint8Array): number[][] =>
  Array.from(cells, (v) => (v === UNKNOWN ? [0, 1] : v === FILLED ? [1] : [0]));

/** Every row and column of generated puzzles, blank and with a third of the answer known. */
function lineCases(level: PatternLevel, count: number): LineCase[] {
  const random = rng(`lines ${level}`);
  const cases: LineCase[] = [];
  for (let s = 0; s < count; s++) {
    const { puzzle, solution } = engine.generate(`lines-${s}`, level);
    const { width, height } = puzzle;
    const lines = [
      ...puzzle.rows.map((clue, r) => ({ clue, at: (p: number) => r * width + p, length: width })),
      ...puzzle.cols.map((clue, c) => ({ clue, at: (p: number) => p * width + c, length: height })),
    ];
    for (const { clue, at, length } of lines) {
      const blank = new Uint8Array(length).fill(UNKNOWN);
      cases.push({ clue: Int32Array.from(clue), cells: blank, domains: toDomains(blank) });
      const partial = new Uint8Array(length);
      for (let p = 0; p < length; p++) {
        partial[p] = random() < 1 / 3 ? (solution.cells[at(p)] === '1' ? FILLED : EMPTY) : UNKNOWN;
      }
      cases.push({ clue: Int32Array.from(clue), cells: partial, domains: toDomains(partial) });
    }
  }
  return cases;
}

/**
 * Microseconds of CPU time per line for each solver. The solvers take turns, seven rounds of about 50 ms
 * each, and each gets its median round: on a shared machine that keeps a burst of load from landing on
 * one solver only.
 */
function timePerLine(
  cases: readonly LineCase[],
  solvers: readonly ((c: LineCase, index: number) => void)[],
): number[] {
  const reps = solvers.map((solveOne) => {
    let n = 1;
    for (;;) {
      const start = performance.now();
      for (let r = 0; r < n; r++) cases.forEach(solveOne);
      if (performance.now() - start > 50) return n;
      n *= 2;
    }
  });
  const rounds: number[][] = solvers.map(() => []);
  for (let round = 0; round < 7; round++) {
    solvers.forEach((solveOne, s) => {
      const n = reps[s] ?? 1;
      const start = process.cpuUsage();
      for (let r = 0; r < n; r++) cases.forEach(solveOne);
      const used = process.cpuUsage(start);
      rounds[s]?.push((used.user + used.system) / (n * cases.length));
    });
  }
  return rounds.map((times) => median(times));
}

function lineSolvers(): void {
  const rows: string[][] = [];
  for (const [level, size] of [
    ['easy', 10],
    ['medium', 15],
  ] as const) {
    const cases = lineCases(level, 20);
    const engineSolver = new LineSolver(size, size);
    const dp = new DpLineSolver(size, size);
    const setupStart = performance.now();
    const seeds = cases.map((c) => new SeedsLine(Array.from(c.clue), c.cells.length));
    const setupUs = ((performance.now() - setupStart) * 1000) / cases.length;
    const enumerators = cases.map((c) => new EnumeratingLine(Array.from(c.clue), c.cells.length));
    const out = new Uint8Array(size);
    const outDp = new Uint8Array(size);
    const expected = new Uint8Array(size);
    cases.forEach((c, i) => {
      const n = c.cells.length;
      const ok = engineSolver.solve(c.clue, n, c.cells, out);
      const okDp = dp.solve(c.clue, n, c.cells, outDp);
      const okEnum = enumerators[i]?.solve(c.cells, expected) ?? false;
      const bySeeds = seeds[i]?.solve(c.domains);
      const seedsBits = bySeeds?.map((d) => (d.length === 2 ? UNKNOWN : d[0] === 1 ? FILLED : EMPTY));
      const bits = Array.from(out.subarray(0, n)).join();
      if (
        ok !== okEnum ||
        okDp !== okEnum ||
        (ok &&
          (bits !== Array.from(expected.subarray(0, n)).join() ||
            bits !== Array.from(outDp.subarray(0, n)).join())) ||
        (ok && seedsBits?.join() !== bits)
      ) {
        throw new Error(`line solvers disagree on clue [${c.clue}]`);
      }
    });
    const [bitsUs = 0, dpUs = 0, seedsUs = 0, enumUs = 0] = timePerLine(cases, [
      (c) => engineSolver.solve(c.clue, c.cells.length, c.cells, out),
      (c) => dp.solve(c.clue, c.cells.length, c.cells, out),
      (c, i) => seeds[i]?.solve(c.domains),
      (c, i) => enumerators[i]?.solve(c.cells, out),
    ]);
    const placements = enumerators.map((e) => e.placements.length);
    const ns = (us: number) => (us * 1000).toFixed(0);
    const ratio = (slow: number, fast: number) => `${(slow / fast).toFixed(1)}×`;
    rows.push([
      `${size}×${size}`,
      String(cases.length),
      String(median(placements)),
      String(Math.max(...placements)),
      ns(bitsUs),
      ns(dpUs),
      ns(seedsUs),
      ns(enumUs),
      ratio(seedsUs, bitsUs),
      ratio(enumUs, bitsUs),
      ratio(seedsUs, dpUs),
      ratio(dpUs, bitsUs),
      setupUs.toFixed(1),
    ]);
  }
  console.log(
    '## Line solver: DP against the original\u2019s placement enumeration (same lines, same run)\n',
  );
  console.log(
    'Lines: every row and column of 20 generated puzzles per size, blank and with a third of the answer\n' +
      'known; all solvers give identical results on all of them (checked). "Bits" is the engine\u2019s line\n' +
      'solver (the DP over bitmasks of states, line-bits.ts), "array DP" the same DP over arrays\n' +
      '(line-dp.ts, kept for lines over 30 cells). Per call, the enumerating solvers only filter placements\n' +
      'enumerated beforehand, once per line, as the original does (that enumeration is the setup column, not\n' +
      'counted per call). "Original" is their code as written (arrays of arrays, domains [0]/[1]/[0,1],\n' +
      'filter + every + includes); "typed enumeration" is the same algorithm on typed arrays and bit\n' +
      'domains, to separate the algorithm from the data layout. CPU ns per line, median of seven rounds.\n',
  );
  console.log(
    table(
      [
        'lines',
        'cases',
        'placements median',
        'placements max',
        'bits ns',
        'array DP ns',
        'original ns',
        'typed enumeration ns',
        'bits vs original',
        'bits vs typed enumeration',
        'array DP vs original',
        'bits vs array DP',
        'enumeration setup µs/line',
      ],
      rows,
    ),
  );
  console.log();
}

interface DatasetRecord extends PatternPuzzle {
  id: string;
  solution?: string;
}

function datasets(): void {
  const dir = DATASETS;
  if (!existsSync(dir)) {
    console.log(`## Public puzzles\n\n(skipped: ${DATASETS} is not present)\n`);
    return;
  }
  const setting = process.env.PATTERN_BENCH_LIMIT ?? '300';
  const limit = setting === 'all' ? Number.POSITIVE_INFINITY : Number(setting);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  const summary: string[][] = [];
  const details: string[][] = [];
  for (const file of files) {
    const lines = readFileSync(`${dir}/${file}`, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    const step = Math.max(1, lines.length / limit);
    const sample =
      lines.length <= limit ? lines : lines.filter((_, i) => Math.floor(i % step) === 0).slice(0, limit);
    const records = sample.map((line) => JSON.parse(line) as DatasetRecord);
    const perPuzzle = lines.length <= 60;
    const times: number[] = [];
    let solved = 0;
    let unique = 0;
    let multiple = 0;
    let wrong = 0;
    const hardest = { line: 0, probe: 0, search: 0 };
    const failed: string[] = [];
    for (const record of records) {
      const start = performance.now();
      const report = solveClues(record, {
        maxSolutions: 2,
        nodeLimit: Number.MAX_SAFE_INTEGER,
        interrupt: () => performance.now() - start > TIME_LIMIT_MS,
      });
      const elapsed = performance.now() - start;
      times.push(elapsed);
      const found = report.solutions.map((bits) => bits.join(''));
      // A complete count of one must be the published answer; two must differ from each other.
      if (!report.truncated && report.solutions.length === 1 && record.solution !== undefined) {
        if (found[0] !== record.solution) wrong++;
      }
      if (!report.truncated && found.length === 2 && found[0] === found[1]) wrong++;
      if (report.truncated || elapsed > TIME_LIMIT_MS) {
        failed.push(record.id);
      } else {
        solved++;
        hardest[report.hardest]++;
        if (report.solutions.length === 1) unique++;
        else multiple++;
      }
      if (perPuzzle) {
        details.push([
          record.id,
          `${record.width}×${record.height}`,
          report.truncated ? 'timeout' : report.hardest,
          report.truncated ? '?' : report.solutions.length === 1 ? '1' : '2+',
          String(report.nodes),
          ms(elapsed),
        ]);
      }
    }
    summary.push([
      file,
      records.length < lines.length ? `${records.length} of ${lines.length}` : String(records.length),
      `${solved} (${((100 * solved) / Math.max(1, records.length)).toFixed(1)} %)`,
      `${hardest.line} / ${hardest.probe} / ${hardest.search}`,
      `${unique} / ${multiple}`,
      String(wrong),
      ms(median(times)),
      ms(quantile(times, 0.95)),
      ms(times.reduce((a, b) => a + b, 0) / Math.max(1, times.length)),
      failed.length <= 5
        ? failed.join(', ') || '—'
        : `${failed.slice(0, 5).join(', ')}, … (${failed.length})`,
    ]);
  }
  console.log(`## Public puzzles: complete solver, up to 2 solutions, ${TIME_LIMIT_MS} ms each\n`);
  console.log(
    table(
      [
        'set',
        'puzzles',
        'solved ≤ 1 s',
        'line / probe / search',
        'unique / 2+',
        'wrong answer',
        'median ms',
        'p95 ms',
        'mean ms',
        'not solved',
      ],
      summary,
    ),
  );
  console.log('\nPer puzzle (the small sets):\n');
  console.log(table(['puzzle', 'size', 'hardest', 'solutions', 'nodes', 'ms'], details));
  console.log();
}

/** Simon Tatham's generator (Debian's sgt-puzzles), line-solvable 25×25, for scale. */
function sgtPattern(): void {
  const binary = ['/usr/games/sgt-pattern', '/usr/bin/sgt-pattern'].find((path) => existsSync(path));
  console.log('## Reference: sgt-pattern\n');
  if (binary === undefined) {
    console.log('(skipped: sgt-pattern is not installed)\n');
    return;
  }
  const output = execFileSync(binary, ['--generate', '20', '--time-generation', '25x25#bench'], {
    encoding: 'utf8',
  });
  console.log('```\n' + output.trim() + '\n```\n');
}
