import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hint } from '../../../src/engines/hint.js';
import { afterStep, type LoopPosition, nextHint } from '../../../src/engines/loop/hint.js';
import { engine, type LoopPuzzle, type LoopSolution } from '../../../src/engines/loop/index.js';
import { TECHNIQUES } from '../../../src/engines/loop/propagate.js';
import { followChecked } from '../follow-checked.js';

/*
 * Issue #47 item 5: every loop hint's conclusion follows from the board as the player sees it (its lines
 * and crosses) plus what the hint states: the edges it involves, or for a trial the edge it tries. The check
 * is the test's own, written from the rules alone: a clue counts the lines around its cell, two lines or
 * none meet at a dot, the lines make one loop, and so (crossing a line swaps inside and outside) two cells
 * are on the same side of the loop exactly when an even number of lines lies between them on any path.
 * - a trial: the tried value, propagated to a standstill by these rules over small windows (each cell with
 *   the edges at its corners, each dot), empties some edge;
 * - any other step: no setting of the open edges it involves contradicts its conclusion while every rule
 *   holds, the undecided edges it does not involve being free.
 */

type Step = Extract<Hint, { type: 'step' }>;
const ON = 1;
const OFF = 2;
const OPEN = 3;

interface Grid {
  width: number;
  height: number;
  edges: number;
  clues: number[];
  cellEdges: number[][];
  dotEdges: number[][];
  ends: [number, number][];
  /** The two cells beside an edge; `width * height` stands for the outside. */
  sides: [number, number][];
}

function gridOf(p: LoopPuzzle): Grid {
  const { width: W, height: H } = p;
  const hEdges = (H + 1) * W;
  const h = (r: number, c: number) => r * W + c;
  const v = (r: number, c: number) => hEdges + r * (W + 1) + c;
  const dot = (r: number, c: number) => r * (W + 1) + c;
  const cell = (r: number, c: number) => (r >= 0 && r < H && c >= 0 && c < W ? r * W + c : W * H);
  const edges = hEdges + H * (W + 1);
  const ends: [number, number][] = [];
  const sides: [number, number][] = [];
  const dotEdges: number[][] = Array.from({ length: (H + 1) * (W + 1) }, () => []);
  for (let r = 0; r <= H; r++) {
    for (let c = 0; c < W; c++) {
      ends[h(r, c)] = [dot(r, c), dot(r, c + 1)];
      sides[h(r, c)] = [cell(r - 1, c), cell(r, c)];
    }
  }
  for (let r = 0; r < H; r++) {
    for (let c = 0; c <= W; c++) {
      ends[v(r, c)] = [dot(r, c), dot(r + 1, c)];
      sides[v(r, c)] = [cell(r, c - 1), cell(r, c)];
    }
  }
  ends.forEach(([a, b], e) => {
    dotEdges[a]?.push(e);
    dotEdges[b]?.push(e);
  });
  const cellEdges = Array.from({ length: W * H }, (_, x) => {
    const r = Math.floor(x / W);
    const c = x % W;
    return [h(r, c), v(r, c + 1), h(r + 1, c), v(r, c)];
  });
  const clues = [...p.clues].map((ch) => (ch === '.' ? -1 : Number(ch)));
  return { width: W, height: H, edges, clues, cellEdges, dotEdges, ends, sides };
}

/** Whether some setting of the free edges could still satisfy each rule on its own, given `s`. */
function consistent(g: Grid, s: readonly number[]): boolean {
  for (let x = 0; x < g.clues.length; x++) {
    const k = g.clues[x] ?? -1;
    if (k < 0) continue;
    const around = g.cellEdges[x] ?? [];
    const on = around.filter((e) => s[e] === ON).length;
    const open = around.filter((e) => s[e] === OPEN).length;
    if (on > k || on + open < k) return false;
  }
  for (const around of g.dotEdges) {
    const on = around.filter((e) => s[e] === ON).length;
    const open = around.filter((e) => s[e] === OPEN).length;
    if (on > 2 || (on === 1 && open === 0)) return false;
  }
  // Sides: a union-find over cells and the outside, with the parity of the lines crossed.
  const parent = Array.from({ length: g.clues.length + 1 }, (_, i) => i);
  const parity = new Array<number>(g.clues.length + 1).fill(0);
  const root = (x: number): [number, number] => {
    let p = 0;
    while (parent[x] !== x) {
      p ^= parity[x] ?? 0;
      x = parent[x] ?? x;
    }
    return [x, p];
  };
  for (let e = 0; e < g.edges; e++) {
    if (s[e] === OPEN) continue;
    const [a, b] = g.sides[e] ?? [0, 0];
    const [ra, pa] = root(a);
    const [rb, pb] = root(b);
    const crossed = s[e] === ON ? 1 : 0;
    if (ra === rb) {
      if ((pa ^ pb) !== crossed) return false;
    } else {
      parent[ra] = rb;
      parity[ra] = pa ^ pb ^ crossed;
    }
  }
  // One loop: a closed loop must hold every line, and then every clue must be met with the rest crossed.
  const dotParent = Array.from({ length: g.dotEdges.length }, (_, i) => i);
  const find = (x: number): number => {
    while (dotParent[x] !== x) x = dotParent[x] ?? x;
    return x;
  };
  let closed = -1;
  for (let e = 0; e < g.edges; e++) {
    if (s[e] !== ON) continue;
    const [a, b] = g.ends[e] ?? [0, 0];
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) closed = e;
    else dotParent[ra] = rb;
  }
  if (closed >= 0) {
    const loopRoot = find((g.ends[closed] ?? [0, 0])[0]);
    for (let e = 0; e < g.edges; e++)
      if (s[e] === ON && find((g.ends[e] ?? [0, 0])[0]) !== loopRoot) return false;
    for (let x = 0; x < g.clues.length; x++) {
      const k = g.clues[x] ?? -1;
      if (k >= 0 && (g.cellEdges[x] ?? []).filter((e) => s[e] === ON).length !== k) return false;
    }
  }
  return true;
}

/** Whether the involved open edges can be set, every rule holding, with edge `e` at `value`. */
function settable(
  g: Grid,
  board: readonly number[],
  involves: readonly number[],
  e: number,
  value: number,
): boolean {
  const s = [...board];
  s[e] = value;
  const open = involves.filter((f) => s[f] === OPEN);
  const walk = (k: number): boolean => {
    if (!consistent(g, s)) return false;
    const f = open[k];
    if (f === undefined) return true;
    for (const v of [ON, OFF]) {
      s[f] = v;
      if (walk(k + 1)) return true;
    }
    s[f] = OPEN;
    return false;
  };
  return walk(0);
}

/** The rules over each cell with the edges at its corners, and each dot, to a standstill; false on a contradiction. */
function propagate(g: Grid, s: number[]): boolean {
  const windows = [
    ...g.cellEdges.map((around) => [
      ...new Set(around.flatMap((e) => (g.ends[e] ?? []).flatMap((d) => g.dotEdges[d] ?? []))),
    ]),
  ];
  for (let changed = true; changed; ) {
    changed = false;
    if (!consistent(g, s)) return false;
    for (const window of windows) {
      const open = window.filter((e) => s[e] === OPEN);
      const seen = new Map<number, number>();
      const trial = [...s];
      for (let m = 0; m < 1 << open.length; m++) {
        open.forEach((e, i) => {
          trial[e] = m & (1 << i) ? ON : OFF;
        });
        if (!consistent(g, trial)) continue;
        for (const e of open) seen.set(e, (seen.get(e) ?? 0) | (trial[e] ?? 0));
      }
      for (const e of open) {
        const can = seen.get(e) ?? 0;
        if (can === 0) return false;
        if (can !== OPEN) {
          s[e] = can;
          changed = true;
        }
      }
    }
    for (let e = 0; e < g.edges; e++) {
      if (s[e] !== OPEN) continue;
      for (const v of [ON, OFF]) {
        s[e] = v;
        const ok = consistent(g, s);
        s[e] = OPEN;
        if (!ok) {
          s[e] = v === ON ? OFF : ON;
          changed = true;
          break;
        }
      }
    }
  }
  return consistent(g, s);
}

const stateOf = (board: string): number[] => [...board].map((m) => (m === '1' ? ON : m === 'x' ? OFF : OPEN));

/** Why a hint's conclusion does not follow from the board and what the hint states, or null when it does. */
function unsupported(p: LoopPuzzle, board: string, hint: Step): string | null {
  const g = gridOf(p);
  const s = stateOf(board);
  for (const c of hint.concludes) {
    if (!('edge' in c)) return 'a loop hint concludes edges';
    const other = c.edge === 'on' ? OFF : ON;
    if (hint.technique === 'trial') {
      const trial = [...s];
      trial[c.at] = other;
      if (propagate(g, trial)) return `trial at edge ${c.at}: no contradiction`;
    } else if (settable(g, s, hint.involves, c.at, other)) {
      return `${hint.technique}: edge ${c.at} could be ${c.edge === 'on' ? 'crossed' : 'a line'}`;
    }
  }
  return null;
}

const POOL = engine.levels.flatMap((level) => [0, 1].map((k) => engine.generate(`entail-${k}`, level)));

/** The hints of one puzzle, each step checked against the edges the player sees. */
const walkOf = (puzzle: LoopPuzzle, solution: LoopSolution) => ({
  puzzle,
  next: (position: LoopPosition) => nextHint(puzzle, solution, position),
  follow: afterStep,
  unsupported: (position: LoopPosition, step: Step) => unsupported(puzzle, position.edges, step),
  maxSteps: solution.edges.length + 1,
});

describe('loop hints', () => {
  it('conclude only what follows from the board the player sees plus what the hint states, for every rule', () => {
    const techniques = new Set<string>();
    fc.assert(
      fc.property(
        fc.nat(POOL.length - 1),
        fc.uniqueArray(fc.nat(600), { maxLength: 20 }),
        (index, reveal) => {
          const { puzzle, solution } = POOL[index] as { puzzle: LoopPuzzle; solution: LoopSolution };
          const edges = Array.from(solution.edges, () => '.');
          for (const e of reveal) if (e < edges.length) edges[e] = solution.edges[e] === '1' ? '1' : 'x';
          followChecked(walkOf(puzzle, solution), { edges: edges.join('') }, techniques);
        },
      ),
      { numRuns: 16, seed: 47 },
    );
    expect([...techniques].sort()).toEqual([...TECHNIQUES].sort());
  });

  /** Boards met by the property that once failed it, each with the step the hint gives there. */
  const SEVEN = { width: 7, height: 7, clues: '3....1.....2133.1...3.0.....2....001.01....0.....' };
  const TEN = {
    width: 10,
    height: 10,
    clues:
      '....12.21.10..1..........11.13312..311...1...11.22...31.....1....3..0000.00.........................',
  };
  const stepOn = (puzzle: LoopPuzzle, board: string): Step => {
    const [solution] = engine.solve(puzzle).solutions;
    if (!solution) throw new Error('the board has a solution');
    const hint = nextHint(puzzle, solution, { edges: board });
    if (hint.type !== 'step') throw new Error(`expected a step, got ${hint.type}`);
    expect(unsupported(puzzle, board, hint), hint.explanation).toBeNull();
    return hint;
  };

  it('involve every side of two adjacent 3s, which the pattern needs, not only the edges it decides', () => {
    const board = `${'.'.repeat(22)}x......x...xx..x..xx.xx....xxx${'.'.repeat(29)}xx...xx.....xxx..xx..xxxxx.....`;
    const hint = stepOn(SEVEN, board);
    expect(hint.technique).toBe('adjacent-threes');
    // The 3s in row 2 and row 3 of column 7: their top, bottom, left and right edges.
    expect(hint.involves).toEqual([13, 19, 20, 27, 70, 71, 78, 79]);
  });

  it("name the dot whose corners decide an edge, with the clue that told it about a corner, not the edge's other dot", () => {
    const board =
      '..11111...1xx1...x1x11xx.x11.x..xxx..x..xx.xx....xxx.......xxxx1....1x1x.1x.x1x1.xx..xxx.....xxx..xx..xxxxx.....';
    const hint = stepOn(SEVEN, board);
    expect(hint.technique).toBe('corners');
    expect(hint.explanation).toContain('the dot in dot row 3, dot column 4');
    expect(hint.explanation).toContain('what the clues and dots next to it allow at its corners');
    // The dot's own edges and those of the 1 in row 3, column 3, whose corner it reads.
    expect(hint.involves).toEqual([16, 17, 23, 67, 74, 75]);
  });

  it('involve the edges a corners step learnt its corners from, however far the corners were passed on', () => {
    const board =
      '...........x.........x......................................1..1....xxxx.xx1..xxxx.xx.....' +
      '................................xx.........................................1........xxxx..x1..' +
      'xxxxxxxxx...xxxx..x.................';
    const hint = stepOn(TEN, board);
    expect(hint.technique).toBe('corners');
    expect(hint.explanation).toContain('the 1 in row 4, column 7');
    expect(hint.involves.length).toBeGreaterThan(4);
  });
});
