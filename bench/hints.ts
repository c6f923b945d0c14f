/**
 * Hint CPU (issue #25): the CPU of one hint (the descriptor's `hint.next`, what the hint route runs) at every
 * kind's hardest level. Per kind, every board along the path the hints themselves lead from the empty
 * board until the puzzle is solved (or a hint says search), on generated puzzles; then the costly cases
 * off that path at the same level: colour sort after a detour (each hint searches a shortest line) and
 * from a dead position (the mistake's binary search), and loop's full trial scan (what a trial or search
 * hint costs at most). CPU is `process.cpuUsage()`, user + system, per hint.
 */
import {
  type ColorSortPuzzle,
  type Move,
  pourError,
  replay,
  solveTubes,
} from '../src/engines/colorsort/index.js';
import { geometry } from '../src/engines/loop/geometry.js';
import { clueArray } from '../src/engines/loop/model.js';
import { GUESS, OFF, ON, Propagator, UNKNOWN } from '../src/engines/loop/propagate.js';
import { descriptorOf, KIND_DESCRIPTORS, KINDS, type Kind } from '../src/kinds/index.js';

/** Generated puzzles per kind (`BENCH_HINT_PUZZLES` to change it). */
const PUZZLES = Number(process.env.BENCH_HINT_PUZZLES ?? 12);
/** A path that has not ended after this many hints is a bug in the walk, not a measurement. */
const MAX_HINTS_PER_PUZZLE = 5000;

/** Runs `f` and keeps its CPU time in ms. */
function timed<T>(times: number[], f: () => T): T {
  const start = process.cpuUsage();
  const out = f();
  const used = process.cpuUsage(start);
  times.push((used.user + used.system) / 1000);
  return out;
}

const hardest = (kind: Kind) => {
  const { levels } = descriptorOf(kind).engine;
  return levels[levels.length - 1] ?? levels[0];
};

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

function row(cells: readonly (string | number)[], times: readonly number[], ends: Iterable<string>): void {
  const sorted = [...times].sort((a, b) => a - b);
  const figures = [quantile(sorted, 0.5), quantile(sorted, 0.95), sorted.at(-1) ?? Number.NaN].map(ms);
  console.log(`| ${[...cells, times.length, ...figures, [...ends].join(', ')].join(' | ')} |`);
}

/** Every hint from the empty board on, at the kind's hardest level. */
function followHints(kind: Kind): void {
  const { engine, hint } = descriptorOf(kind);
  const level = hardest(kind);
  const times: number[] = [];
  const ends = new Set<string>();
  for (let i = 0; i < PUZZLES; i++) {
    const { puzzle, solution } = engine.generate(`bench-hint-${i}`, level);
    let board = hint.start(puzzle);
    for (let n = 0; ; n++) {
      if (n === MAX_HINTS_PER_PUZZLE) throw new Error(`${kind} ${level}: no end after ${n} hints`);
      const next = timed(times, () => hint.next(puzzle, solution, board));
      if (next.type !== 'step') {
        ends.add(next.type);
        break;
      }
      board = hint.follow(board, next);
    }
  }
  row([kind, level, PUZZLES], times, ends);
}

function legalPours(tubes: number[][], capacity: number): Move[] {
  const pours: Move[] = [];
  for (let from = 0; from < tubes.length; from++) {
    for (let to = 0; to < tubes.length; to++) {
      if (pourError(tubes, capacity, from, to) === null) pours.push([from, to]);
    }
  }
  return pours;
}

/** A legal pour after `moves` other than `avoid`, the one nearest the end of the tube list. */
function detourAt(puzzle: ColorSortPuzzle, moves: Move[], avoid: Move | undefined): Move[] {
  const at = replay(puzzle, moves);
  if (!at.ok) return [];
  const pours = legalPours(at.state.tubes, puzzle.capacity).filter(
    ([f, t]) => avoid === undefined || f !== avoid[0] || t !== avoid[1],
  );
  const last = pours.at(-1);
  return last ? [last] : [];
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

/** Colour sort off the stored line: hints after a detour search a shortest line; a dead position's mistake. */
function colorsortOffPath(): void {
  const { engine, hint } = KIND_DESCRIPTORS.colorsort;
  const level = engine.levels[engine.levels.length - 1] ?? 'superhard';
  const path = () => ({ times: [] as number[], ends: new Set<string>() });
  const paths = { 'detour at the start': path(), 'detour at mid-game': path(), 'dead position': path() };
  type Path = keyof typeof paths;
  const follow = (name: Path, puzzle: ColorSortPuzzle, solution: { moves: Move[] }, start: Move[]) => {
    const { times, ends } = paths[name];
    const moves = [...start];
    for (let n = 0; n < MAX_HINTS_PER_PUZZLE; n++) {
      const next = timed(times, () => hint.next(puzzle, solution, { moves }));
      const pour = next.type === 'step' ? next.concludes.find((c) => 'pourTo' in c) : undefined;
      if (next.type !== 'step' || pour === undefined || !('pourTo' in pour)) {
        ends.add(next.type);
        return;
      }
      moves.push([pour.at, pour.pourTo]);
    }
  };
  for (let i = 0; i < PUZZLES; i++) {
    const { puzzle, solution } = engine.generate(`bench-hint-${i}`, level);
    const stored = solution.moves;
    const mid = stored.slice(0, stored.length >> 1);
    follow('detour at the start', puzzle, solution, detourAt(puzzle, [], stored[0]));
    follow('detour at mid-game', puzzle, solution, [...mid, ...detourAt(puzzle, mid, stored[mid.length])]);
    const dead = deadLine(puzzle, i + 1);
    if (dead !== null) {
      const { times, ends } = paths['dead position'];
      ends.add(timed(times, () => hint.next(puzzle, solution, { moves: dead })).type);
    }
  }
  for (const [name, { times, ends }] of Object.entries(paths))
    row([`colorsort, ${name}`, level], times, ends);
}

/**
 * Loop's dearest hint: a trial hint tries every undecided edge both ways, and a search hint is a scan that
 * found nothing. Measured from where only the counting rules (tier 0) have run: hundreds of edges open.
 */
function loopTrialScan(): void {
  const { engine } = KIND_DESCRIPTORS.loop;
  const level = engine.levels[engine.levels.length - 1] ?? 'expert';
  const times: number[] = [];
  for (let i = 0; i < PUZZLES; i++) {
    const { puzzle } = engine.generate(`bench-hint-${i}`, level);
    const prop = new Propagator(geometry(puzzle.width, puzzle.height), clueArray(puzzle.clues));
    const base = prop.initial();
    prop.propagate(base, 0);
    const scratch = new Int32Array(base.length);
    timed(times, () => {
      for (let e = 0; e < prop.geo.edges; e++) {
        if (base[e] !== UNKNOWN) continue;
        for (const value of [ON, OFF]) {
          scratch.set(base);
          prop.assume(scratch, e, value, 2, GUESS);
        }
      }
    });
  }
  row(['loop, one full trial scan', level], times, ['a trial or search hint’s bound']);
}

export async function run(): Promise<void> {
  console.log(
    `Every hint from the empty board on, ${PUZZLES} generated puzzles per kind (CPU ms per hint)\n`,
  );
  console.log('| kind | level | puzzles | hints | p50 | p95 | max | ends |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const kind of KINDS) followHints(kind);
  console.log('\nOff that path, at the same level (CPU ms per hint)\n');
  console.log('| case | level | hints | p50 | p95 | max | ends |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | --- |');
  colorsortOffPath();
  loopTrialScan();
}
