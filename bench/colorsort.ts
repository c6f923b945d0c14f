/**
 * Colour sort: generation time per preset (a proven shortest solution included), the A* solver's nodes
 * and time to prove the optimum on the accepted deals, and a plain breadth-first search with string keys
 * (states deduplicated up to tube order) on the same deals as the baseline, in the same run.
 */

import { existsSync, readFileSync } from 'node:fs';
import {
  type ColorSortPuzzle,
  engine,
  generateDeal,
  isSolved,
  LEVELS,
  PRESETS,
  pourError,
  solveTubes,
} from '../src/engines/colorsort/index.js';
import { datasetPath } from './support/datasets.js';

const SEEDS = 40;
const BASELINE_DEALS = 5;
const BASELINE_STATE_CAP = 500_000;

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

/** The baseline: level-by-level BFS over arrays of arrays, visited set of joined, sorted tube strings. */
function plainBfs(
  tubes: number[][],
  capacity: number,
): { length: number | null; states: number; capped: boolean } {
  const key = (state: number[][]) =>
    state
      .map((t) => t.join(','))
      .sort()
      .join('|');
  const seen = new Set([key(tubes)]);
  let frontier = [tubes];
  for (let depth = 0; frontier.length > 0; depth++) {
    const next: number[][][] = [];
    for (const state of frontier) {
      if (isSolved(state, capacity)) return { length: depth, states: seen.size, capped: false };
      for (let i = 0; i < state.length; i++) {
        for (let j = 0; j < state.length; j++) {
          if (pourError(state, capacity, i, j) !== null) continue;
          const child = state.map((t) => t.slice());
          const src = child[i] as number[];
          const dst = child[j] as number[];
          const top = src[src.length - 1];
          while (src.length > 0 && src[src.length - 1] === top) dst.push(src.pop() as number);
          const k = key(child);
          if (seen.has(k)) continue;
          seen.add(k);
          next.push(child);
        }
      }
      if (seen.size > BASELINE_STATE_CAP) return { length: null, states: seen.size, capped: true };
    }
    frontier = next;
  }
  return { length: null, states: seen.size, capped: false };
}

function time<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const result = f();
  return [result, performance.now() - t0];
}

export async function run(): Promise<void> {
  console.log(
    `## Generation (engine.generate, ${SEEDS} seeds per preset, proven shortest solution included)\n`,
  );
  console.log(
    '| preset | median ms | p95 ms | max ms | attempts (median / max) | shortest length (median) | rejected: equal bottoms / truncated / unsolvable |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const accepted: Record<string, ColorSortPuzzle[]> = {};
  for (const level of LEVELS) {
    const times: number[] = [];
    const attempts: number[] = [];
    const lengths: number[] = [];
    const rejected = { sameBottom: 0, truncated: 0, unsolvable: 0 };
    const puzzles: ColorSortPuzzle[] = [];
    for (let i = 0; i < SEEDS; i++) {
      const seed = `bench-${level}-${i}`;
      const [generated, t] = time(() => engine.generate(seed, level));
      times.push(t);
      attempts.push(generated.attempt);
      lengths.push(Number(generated.meta?.solutionLength));
      puzzles.push(generated.puzzle);
      const deal = generateDeal({ ...PRESETS[level], seed });
      rejected.sameBottom += deal.rejected.sameBottom;
      rejected.truncated += deal.rejected.truncated;
      rejected.unsolvable += deal.rejected.unsolvable;
    }
    accepted[level] = puzzles;
    console.log(
      `| ${level} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.95))} | ${ms(Math.max(...times))} | ` +
        `${quantile(attempts, 0.5)} / ${Math.max(...attempts)} | ${quantile(lengths, 0.5)} | ` +
        `${rejected.sameBottom} / ${rejected.truncated} / ${rejected.unsolvable} |`,
    );
  }

  console.log('\n## Proving the optimum on the accepted deals (solveTubes, A*)\n');
  console.log('| preset | nodes median | nodes p95 | nodes max | states median | ms median | ms p95 |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const level of LEVELS) {
    const nodes: number[] = [];
    const states: number[] = [];
    const times: number[] = [];
    for (const p of accepted[level] ?? []) {
      const [result, t] = time(() => solveTubes(p.tubes, p.capacity));
      nodes.push(result.nodes);
      states.push(result.states);
      times.push(t);
    }
    console.log(
      `| ${level} | ${quantile(nodes, 0.5)} | ${quantile(nodes, 0.95)} | ${Math.max(...nodes)} | ` +
        `${quantile(states, 0.5)} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.95))} |`,
    );
  }

  console.log(
    `\n## Baseline: plain BFS with string keys on the first ${BASELINE_DEALS} accepted deals per preset\n`,
  );
  console.log(
    '| preset | BFS ms median | BFS states median | A* ms median | ratio BFS / A* (median per deal) | lengths agree |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const level of LEVELS) {
    const bfsTimes: number[] = [];
    const bfsStates: number[] = [];
    const astarTimes: number[] = [];
    const ratios: number[] = [];
    let agree = 0;
    let capped = 0;
    const deals = (accepted[level] ?? []).slice(0, BASELINE_DEALS);
    for (const p of deals) {
      const [bfs, tb] = time(() => plainBfs(p.tubes, p.capacity));
      const [astar, ta] = time(() => solveTubes(p.tubes, p.capacity));
      bfsTimes.push(tb);
      bfsStates.push(bfs.states);
      astarTimes.push(ta);
      ratios.push(tb / ta);
      if (bfs.capped) capped++;
      else if (bfs.length === astar.moves?.length) agree++;
    }
    const cappedNote =
      capped > 0 ? ` (${capped} BFS runs stopped at ${BASELINE_STATE_CAP} states: lower bounds)` : '';
    console.log(
      `| ${level} | ${ms(quantile(bfsTimes, 0.5))} | ${quantile(bfsStates, 0.5)} | ${ms(quantile(astarTimes, 0.5))} | ` +
        `${quantile(ratios, 0.5).toFixed(0)}× | ${agree}/${deals.length}${cappedNote} |`,
    );
  }

  const dir = datasetPath('watersort/');
  if (!existsSync(dir)) {
    console.log(`\n(${dir} absent: skipping the public water-sort sets)`);
    return;
  }
  console.log('\n## Public sets (their pour rule moves min(run, room); ours only whole runs)\n');
  console.log('| set | puzzles | verdict agrees | shortest length = their min_moves | total ms |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const name of ['lieoric_water_sort_instances', 'sortpuz_levels']) {
    const path = `${dir}${name}.jsonl`;
    if (!existsSync(path)) continue;
    const records = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            tubes: number[][];
            capacity: number;
            search_result: string;
            min_moves?: number;
          },
      );
    let verdicts = 0;
    let withMin = 0;
    let sameMin = 0;
    const [, t] = time(() => {
      for (const r of records) {
        const result = solveTubes(r.tubes, r.capacity, 2_000_000);
        // Our pours are a subset of theirs: their "unsolvable" must be ours; their "solvable" need not be.
        if (r.search_result === 'unsolvable' ? !result.moves && !result.truncated : result.moves) verdicts++;
        if (r.min_moves !== undefined) {
          withMin++;
          if (result.moves?.length === r.min_moves) sameMin++;
        }
      }
    });
    console.log(
      `| ${name} | ${records.length} | ${verdicts}/${records.length} | ${sameMin}/${withMin} | ${ms(t)} |`,
    );
  }
}
