/**
 * Hint CPU for loop and colour sort (issue #25): every hint along solve paths, timed one by one.
 * Loop: hints alone from the empty board to the solution, per level. Colour sort: from the start (on
 * the stored shortest line, no search), after a detour at the start and at mid-game (each hint then
 * searches a shortest line from the position), and from a dead position (the mistake's binary search).
 */

import { nextHint as colorsortHint } from '../src/engines/colorsort/hint.js';
import {
  type ColorSortPuzzle,
  engine as colorsort,
  type Move,
  pourError,
  replay,
  solveTubes,
} from '../src/engines/colorsort/index.js';
import type { Hint } from '../src/engines/hint.js';
import { geometry } from '../src/engines/loop/geometry.js';
import { nextHint as loopHint } from '../src/engines/loop/hint.js';
import { engine as loop } from '../src/engines/loop/index.js';
import { clueArray } from '../src/engines/loop/model.js';
import { GUESS, OFF, ON, Propagator, UNKNOWN } from '../src/engines/loop/propagate.js';

const LOOP_SEEDS = { easy: 10, medium: 10, hard: 8, expert: 6 } as const;
const COLORSORT_SEEDS = 8;

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

function row(label: string, times: readonly number[], extra = ''): void {
  console.log(
    `| ${label} | ${times.length} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.95))} | ${ms(Math.max(...times))} |${extra}`,
  );
}

function timed<T>(f: () => T, times: number[]): T {
  const t0 = performance.now();
  const out = f();
  times.push(performance.now() - t0);
  return out;
}

function runLoop(): void {
  console.log('Loop: every hint from the empty board to the solution (ms per hint)\n');
  console.log('| level | hints | median | p95 | max | trial / search hints |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const level of loop.levels) {
    const times: number[] = [];
    let trials = 0;
    let searches = 0;
    for (let i = 0; i < LOOP_SEEDS[level]; i++) {
      const { puzzle, solution } = loop.generate(`hint-bench-${i}`, level);
      const board = Array.from(solution.edges, () => '.');
      for (;;) {
        const hint: Hint = timed(() => loopHint(puzzle, solution, { edges: board.join('') }), times);
        if (hint.type === 'search') searches++;
        if (hint.type !== 'step') break;
        if (hint.technique === 'trial') trials++;
        for (const c of hint.concludes) if ('edge' in c) board[c.at] = c.edge === 'on' ? '1' : 'x';
      }
    }
    row(level, times, ` ${trials} / ${searches} |`);
  }
  // The generated levels may not need trial yet; this unique 5×5 board does (test/engines/loop/grade.test.ts).
  const puzzle = { width: 5, height: 5, clues: '....0..31.3.2.0..1.2...1.' };
  const [solution] = loop.solve(puzzle).solutions;
  if (solution === undefined) return;
  const times: number[] = [];
  let trials = 0;
  const board = Array.from(solution.edges, () => '.');
  for (;;) {
    const hint: Hint = timed(() => loopHint(puzzle, solution, { edges: board.join('') }), times);
    if (hint.type !== 'step') break;
    if (hint.technique === 'trial') trials++;
    for (const c of hint.concludes) if ('edge' in c) board[c.at] = c.edge === 'on' ? '1' : 'x';
  }
  row('5×5 needing trial', times, ` ${trials} / 0 |`);
  trialScan();
}

/**
 * A trial hint's worst case: every undecided edge tried both ways (what precedes a search hint). The
 * generated expert boards need no trial, so the scan starts where only the counting rules (tier 0) have
 * run: hundreds of edges open, each assumption propagated with every rule.
 */
function trialScan(): void {
  const times: number[] = [];
  for (let i = 0; i < LOOP_SEEDS.expert; i++) {
    const { puzzle } = loop.generate(`hint-bench-${i}`, 'expert');
    const prop = new Propagator(geometry(puzzle.width, puzzle.height), clueArray(puzzle.clues));
    const base = prop.initial();
    prop.propagate(base, 0);
    const scratch = new Int32Array(base.length);
    timed(() => {
      for (let e = 0; e < prop.geo.edges; e++) {
        if (base[e] !== UNKNOWN) continue;
        for (const value of [ON, OFF]) {
          scratch.set(base);
          prop.assume(scratch, e, value, 2, GUESS);
        }
      }
    }, times);
  }
  row('expert, one full trial scan', times, ' a trial or search hint’s bound |');
}

function legalPours(tubes: number[][], capacity: number): Move[] {
  const pours: Move[] = [];
  for (let from = 0; from < tubes.length; from++) {
    for (let to = 0; to < tubes.length; to++)
      if (pourError(tubes, capacity, from, to) === null) pours.push([from, to]);
  }
  return pours;
}

/** A legal pour at the end of `moves` other than `avoid`, the one nearest the end of the tube list. */
function detourAt(puzzle: ColorSortPuzzle, moves: Move[], avoid: Move | undefined): Move | null {
  const at = replay(puzzle, moves);
  if (!at.ok) return null;
  const pours = legalPours(at.state.tubes, puzzle.capacity).filter(
    ([f, t]) => avoid === undefined || f !== avoid[0] || t !== avoid[1],
  );
  return pours[pours.length - 1] ?? null;
}

/** Follows hints from `moves` to the end, timing each. */
function followColorsort(
  puzzle: ColorSortPuzzle,
  solution: { moves: Move[] },
  start: Move[],
  times: number[],
): string {
  const moves = [...start];
  for (;;) {
    const hint = timed(() => colorsortHint(puzzle, solution, { moves }), times);
    if (hint.type !== 'step') return hint.type;
    const c = hint.concludes[0];
    if (c === undefined || !('pourTo' in c)) return 'bad';
    moves.push([c.at, c.pourTo]);
  }
}

/** Pseudo-random legal pours until the position cannot be sorted (or the walk gives up). */
function deadLine(puzzle: ColorSortPuzzle, seed: number): Move[] | null {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  for (let walk = 0; walk < 50; walk++) {
    const moves: Move[] = [];
    for (let step = 0; step < 60; step++) {
      const at = replay(puzzle, moves);
      if (!at.ok) return null;
      const pours = legalPours(at.state.tubes, puzzle.capacity);
      if (pours.length === 0) break;
      moves.push(pours[Math.floor(random() * pours.length)] as Move);
      const next = replay(puzzle, moves);
      if (!next.ok) return null;
      const result = solveTubes(next.state.tubes, puzzle.capacity);
      if (result.moves === null && !result.truncated) return moves;
      if (result.moves?.length === 0) break;
    }
  }
  return null;
}

function runColorsort(): void {
  console.log('\nColour sort: every hint along solve paths (ms per hint)\n');
  console.log('| level, path | hints | median | p95 | max | ends |');
  console.log('| --- | ---: | ---: | ---: | ---: | --- |');
  for (const level of colorsort.levels) {
    const paths: Record<string, number[]> = {
      'stored line': [],
      'detour at start': [],
      'detour at mid-game': [],
      'dead position': [],
    };
    const ends: Record<string, Set<string>> = {};
    for (const name of Object.keys(paths)) ends[name] = new Set();
    for (let i = 0; i < COLORSORT_SEEDS; i++) {
      const { puzzle, solution } = colorsort.generate(`hint-bench-${i}`, level);
      const stored = solution.moves;
      const mid = stored.slice(0, stored.length >> 1);
      const starts: [string, Move[] | null][] = [
        ['stored line', []],
        ['detour at start', [detourAt(puzzle, [], stored[0])].filter((m): m is Move => m !== null)],
        [
          'detour at mid-game',
          [...mid, ...[detourAt(puzzle, mid, stored[mid.length])].filter((m): m is Move => m !== null)],
        ],
      ];
      for (const [name, start] of starts) {
        if (start === null) continue;
        ends[name]?.add(followColorsort(puzzle, solution, start, paths[name] as number[]));
      }
      const dead = deadLine(puzzle, i + 1);
      if (dead !== null) {
        const hint = timed(
          () => colorsortHint(puzzle, solution, { moves: dead }),
          paths['dead position'] as number[],
        );
        ends['dead position']?.add(hint.type);
      }
    }
    for (const [name, times] of Object.entries(paths)) {
      if (times.length > 0) row(`${level}, ${name}`, times, ` ${[...(ends[name] ?? [])].join(', ')} |`);
    }
  }
}

export async function run(): Promise<void> {
  runLoop();
  runColorsort();
}
