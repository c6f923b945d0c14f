/**
 * The loop's hint: the next step the grader (grade.ts) would take from a player's board. The board's
 * edges are set in an ordered Propagator, which applies the cheapest rule first, exactly as the grader
 * does; a recording subclass keeps the edges of that first rule application and aborts the run at the
 * first edge another technique sets, so a hint concludes one step only. Nothing in propagate.ts changes.
 */

import type { Hint, HintConclusion, HintStep } from '../hint.js';
import { PuzzleInputError } from '../types.js';
import { type Geometry, geometry } from './geometry.js';
import { clueArray, type LoopPuzzle, type LoopSolution } from './model.js';
import {
  ADJACENT_THREES,
  CLUE,
  CORNERS,
  GUESS,
  LOOP_CLOSURE,
  OFF,
  ON,
  PARITY,
  Propagator,
  TECHNIQUES,
  TRIAL,
  UNKNOWN,
  VERTEX,
} from './propagate.js';

/** The player's position: '1' a line, 'x' crossed out, '.' undecided, per edge in the solution's order. */
export interface LoopPosition {
  edges: string;
}

interface Setting {
  e: number;
  value: number;
  tech: number;
  /** The cell (or cells + vertex) whose rule set it, -1 for a rule of no one cell or dot. */
  rule: number;
}

/** Records the edges the first technique sets, and stops the run when a second technique would set one. */
class FirstStep extends Propagator {
  recording = false;
  readonly steps: Setting[] = [];

  override set(s: Int32Array, e: number, value: number, tech: number): boolean {
    if (!this.recording || s[e] !== UNKNOWN) return super.set(s, e, value, tech);
    const first = this.steps[0];
    if (first !== undefined && first.tech !== tech) return false;
    if (!super.set(s, e, value, tech)) return false;
    this.steps.push({ e, value, tech, rule: this.rule });
    return true;
  }

  /**
   * For each corner flag raised while recording, the edges it was read from: those of the cell or dot
   * whose rule raised it and, through the flags at that one's own corners, of every rule before it.
   */
  readonly flagReads = new Map<number, Set<number>>();

  protected override flagged(slot: number, from: number): void {
    if (!this.recording) return;
    const reads = new Set(this.flagReads.get(slot));
    for (const e of siteEdges(this.geo, from)) reads.add(e);
    for (const corner of cornerSlots(this.geo, from)) {
      for (const e of this.flagReads.get(corner) ?? []) reads.add(e);
    }
    this.flagReads.set(slot, reads);
  }
}

/** The edges of a cell, or of a vertex (`cells + v`): the items the propagator's rules look at. */
function siteEdges(geo: Geometry, item: number): number[] {
  const table = item < geo.cells ? geo.cellEdges : geo.vertexEdges;
  const base = (item < geo.cells ? item : item - geo.cells) * 4;
  return Array.from(table.subarray(base, base + 4)).filter((e) => e >= 0);
}

/** The corner-flag slots of a cell, or of a vertex (`cells + v`). */
function cornerSlots(geo: Geometry, item: number): number[] {
  if (item < geo.cells) return Array.from(geo.cellCornerSlot.subarray(item * 4, item * 4 + 4));
  const v = item - geo.cells;
  return [0, 1, 2, 3].map((q) => v * 4 + q);
}

/**
 * Where a rule looks: a clue cell, a dot (vertex), a pair of 3s (cells a and b), a line's two ends (dots a
 * and b), or one edge alone; with the edges it may decide and the edges it reads (the hint's `involves`:
 * the decided ones and whatever else the reasoning needs, such as the other sides of a pair of 3s).
 */
interface Site {
  kind: 'cell' | 'dot' | 'threes' | 'path' | 'edge';
  a: number;
  b: number;
  edges: number[];
  reads: number[];
}

const edgeSite = (e: number): Site => ({ kind: 'edge', a: e, b: -1, edges: [e], reads: [e] });

export function nextHint(puzzle: LoopPuzzle, solution: LoopSolution, board: LoopPosition): Hint {
  const geo = geometry(puzzle.width, puzzle.height);
  if (board.edges.length !== geo.edges) {
    throw new PuzzleInputError(`a ${puzzle.width}×${puzzle.height} loop board has ${geo.edges} edges`);
  }
  const wrong = firstMistake(board.edges, solution.edges);
  if (wrong >= 0) {
    return {
      type: 'mistake',
      unit: 'edge',
      at: wrong,
      explanation: `${capital(edgeName(geo, wrong))} is ${board.edges[wrong] === '1' ? 'drawn as a line' : 'crossed out'}, which does not fit the clues.`,
    };
  }
  if (allLinesDrawn(board.edges, solution.edges)) {
    return { type: 'solved', explanation: 'Every line of the loop is drawn: the puzzle is solved.' };
  }
  const clues = clueArray(puzzle.clues);
  const prop = new FirstStep(geo, clues, true);
  const s = prop.initial();
  applyBoard(prop, s, board.edges);
  const before = s.slice();
  prop.recording = true;
  prop.propagate(s, 2);
  if (prop.steps.length > 0)
    return stepHint(geo, clues, before, prop.steps, prop.layout.parent, prop.flagReads);
  return trialHint(geo, clues, board.edges);
}

function firstMistake(board: string, solution: string): number {
  for (let e = 0; e < board.length; e++) {
    const b = board[e];
    if ((b === '1' && solution[e] !== '1') || (b === 'x' && solution[e] === '1')) return e;
  }
  return -1;
}

function allLinesDrawn(board: string, solution: string): boolean {
  for (let e = 0; e < board.length; e++) if (solution[e] === '1' && board[e] !== '1') return false;
  return true;
}

function applyBoard(prop: Propagator, s: Int32Array, edges: string): void {
  for (let e = 0; e < edges.length; e++) {
    const b = edges[e];
    if (b === '1') prop.set(s, e, ON, GUESS);
    else if (b === 'x') prop.set(s, e, OFF, GUESS);
  }
}

/**
 * The grader's trial step: the first undecided edge (in edge order) one of whose values, propagated
 * with every rule, contradicts. The unordered propagator reaches the same fixpoints, faster.
 */
function trialHint(geo: Geometry, clues: Int8Array, edges: string): Hint {
  const prop = new Propagator(geo, clues);
  const base = prop.initial();
  applyBoard(prop, base, edges);
  prop.propagate(base, 2);
  const scratch = new Int32Array(base.length);
  for (let e = 0; e < geo.edges; e++) {
    if (base[e] !== UNKNOWN) continue;
    for (const value of [ON, OFF]) {
      scratch.set(base);
      if (prop.assume(scratch, e, value, 2, GUESS)) continue;
      const name = edgeName(geo, e);
      return {
        type: 'step',
        technique: TECHNIQUES[TRIAL],
        unit: 'edge',
        involves: [e],
        concludes: [{ at: e, edge: value === ON ? 'off' : 'on' }],
        explanation:
          value === ON
            ? `Try drawing ${name} as a line: the rules then run into a contradiction, so it is crossed out.`
            : `Try crossing out ${name}: the rules then run into a contradiction, so it is part of the loop.`,
      };
    }
  }
  return {
    type: 'search',
    technique: 'search',
    explanation: 'No rule and no single trial decides another edge from here: it takes trial and error.',
  };
}

function stepHint(
  geo: Geometry,
  clues: Int8Array,
  s: Int32Array,
  steps: Setting[],
  parent: number,
  flagReads: ReadonlyMap<number, ReadonlySet<number>>,
): Hint {
  const first = steps[0] as Setting;
  const tech = first.tech;
  if (tech === LOOP_CLOSURE || (tech === PARITY && related(geo, s, first.e, parent) !== null)) {
    const site = tech === LOOP_CLOSURE ? pathSite(geo, s, first.e) : edgeSite(first.e);
    return hint(tech, site.reads, [first], sentence(geo, clues, s, tech, site, [first], parent));
  }
  if (first.rule >= 0) {
    // A cell's or dot's own rule: that site, and the steps its rule took in a row.
    const site = first.rule < geo.cells ? cellSite(geo, first.rule) : dotSite(geo, first.rule - geo.cells);
    const taken: Setting[] = [];
    for (const step of steps) {
      if (step.rule !== first.rule) break;
      taken.push(step);
    }
    const reads = flaggedReads(geo, site, flagReads);
    const text = sentence(geo, clues, s, tech, site, taken, parent);
    // Corners learnt from the neighbours' rules are part of the step: say so (their edges are in `involves`).
    const said =
      reads.length > site.reads.length
        ? text.replace(
            GIVEN_AROUND,
            `${GIVEN_AROUND} and what the clues and dots next to it allow at its corners`,
          )
        : text;
    return hint(tech, reads, taken, said);
  }
  let best: { site: Site; taken: Setting[] } = { site: edgeSite(first.e), taken: [first] };
  for (const site of candidates(geo, clues, s, tech, first.e)) {
    const taken: Setting[] = [];
    for (const step of steps) {
      if (!site.edges.includes(step.e)) break;
      taken.push(step);
    }
    if (taken.length > best.taken.length || best.site.kind === 'edge') best = { site, taken };
  }
  return hint(
    tech,
    best.site.reads,
    best.taken,
    sentence(geo, clues, s, tech, best.site, best.taken, parent),
  );
}

function hint(tech: number, involves: number[], taken: Setting[], explanation: string): Hint {
  const concludes: HintConclusion[] = [...taken]
    .sort((a, b) => a.e - b.e)
    .map(({ e, value }) => ({ at: e, edge: value === ON ? 'on' : 'off' }));
  const all = new Set([...involves, ...taken.map((t) => t.e)]);
  return {
    type: 'step',
    technique: TECHNIQUES[tech as 0],
    unit: 'edge',
    involves: [...all].sort((a, b) => a - b),
    concludes,
    explanation,
  };
}

/** A cell's or dot's edges with those its corner flags were read from (a rule reads its corners' flags). */
function flaggedReads(
  geo: Geometry,
  site: Site,
  flagReads: ReadonlyMap<number, ReadonlySet<number>>,
): number[] {
  const reads = new Set(site.reads);
  for (const slot of cornerSlots(geo, site.kind === 'cell' ? site.a : geo.cells + site.a)) {
    for (const e of flagReads.get(slot) ?? []) reads.add(e);
  }
  return [...reads];
}

/** The clue cells, dots or pairs of 3s whose rule may have decided edge e, each with the edges it reads. */
function candidates(geo: Geometry, clues: Int8Array, s: Int32Array, tech: number, e: number): Site[] {
  const cells: Site[] = [];
  for (const x of [geo.edgeCells[e * 2] as number, geo.edgeCells[e * 2 + 1] as number]) {
    if (x < geo.cells && (clues[x] as number) >= 0) cells.push(cellSite(geo, x));
  }
  const dots = [geo.edgeVertices[e * 2] as number, geo.edgeVertices[e * 2 + 1] as number].map((v) =>
    dotSite(geo, v),
  );
  if (tech === CLUE) return cells.filter((site) => countForced(clues, s, site));
  if (tech === VERTEX) return dots;
  if (tech === ADJACENT_THREES) return threesSites(geo, clues).filter((site) => site.edges.includes(e));
  return [...cells, ...dots];
}

/** A clue whose count alone forces its open edges (all its lines found, or only just enough left). */
function countForced(clues: Int8Array, s: Int32Array, site: Site): boolean {
  const k = clues[site.a] as number;
  const { on, open } = tally(s, site.edges);
  return open > 0 && (on === k || on + open === k);
}

function tally(s: Int32Array, edges: number[]): { on: number; open: number } {
  let on = 0;
  let open = 0;
  for (const e of edges) {
    if (s[e] === ON) on++;
    else if (s[e] === UNKNOWN) open++;
  }
  return { on, open };
}

function cellSite(geo: Geometry, x: number): Site {
  const edges = Array.from(geo.cellEdges.subarray(x * 4, x * 4 + 4));
  return { edges, reads: edges, kind: 'cell', a: x, b: -1 };
}

function dotSite(geo: Geometry, v: number): Site {
  const edges = Array.from(geo.vertexEdges.subarray(v * 4, v * 4 + 4)).filter((e) => e >= 0);
  return { kind: 'dot', a: v, b: -1, edges, reads: edges };
}

/**
 * Every pair of side-by-side 3s, with the edges the adjacent-threes pattern decides; it reads every side
 * of both cells as well, since why the pattern holds (the two 3s cannot close a loop around themselves,
 * and a line through the middle leaves each 3 its far side) needs them.
 */
function threesSites(geo: Geometry, clues: Int8Array): Site[] {
  const { width: W, height: H, hEdges } = geo;
  const h = (r: number, c: number) => r * W + c;
  const v = (r: number, c: number) => hEdges + r * (W + 1) + c;
  const sites: Site[] = [];
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < W; c++) {
      if (clues[r * W + c] !== 3) continue;
      if (c + 1 < W && clues[r * W + c + 1] === 3) {
        const edges = [v(r, c + 1), v(r, c), v(r, c + 2)];
        if (r > 0) edges.push(v(r - 1, c + 1));
        if (r + 1 < H) edges.push(v(r + 1, c + 1));
        const reads = [...edges, h(r, c), h(r + 1, c), h(r, c + 1), h(r + 1, c + 1)];
        sites.push({ kind: 'threes', a: r * W + c, b: r * W + c + 1, edges, reads });
      }
      if (r + 1 < H && clues[(r + 1) * W + c] === 3) {
        const edges = [h(r + 1, c), h(r, c), h(r + 2, c)];
        if (c > 0) edges.push(h(r + 1, c - 1));
        if (c + 1 < W) edges.push(h(r + 1, c + 1));
        const reads = [...edges, v(r, c), v(r, c + 1), v(r + 1, c), v(r + 1, c + 1)];
        sites.push({ kind: 'threes', a: r * W + c, b: (r + 1) * W + c, edges, reads });
      }
    }
  }
  return sites;
}

/** The line whose two ends edge e would join: its edges, walked from one end. */
function pathSite(geo: Geometry, s: Int32Array, e: number): Site {
  const start = geo.edgeVertices[e * 2] as number;
  const end = geo.edgeVertices[e * 2 + 1] as number;
  const edges: number[] = [];
  let at = start;
  let came = -1;
  for (;;) {
    let next = -1;
    for (let side = 0; side < 4; side++) {
      const f = geo.vertexEdges[at * 4 + side] as number;
      if (f >= 0 && f !== came && s[f] === ON) next = f;
    }
    if (next < 0) break;
    edges.push(next);
    came = next;
    at = (
      geo.edgeVertices[next * 2] === at ? geo.edgeVertices[next * 2 + 1] : geo.edgeVertices[next * 2]
    ) as number;
    if (at === end) break;
  }
  return { kind: 'path', a: start, b: end, edges, reads: edges };
}

/** Whether the two sides of edge e are known to be on the same side of the loop (0) or not (1), or null. */
function related(geo: Geometry, s: Int32Array, e: number, parent: number): 0 | 1 | null {
  const parity = parent + geo.cells + 1;
  const root = (x: number): [number, number] => {
    let p = 0;
    while (s[parent + x] !== x) {
      p ^= s[parity + x] as number;
      x = s[parent + x] as number;
    }
    return [x, p];
  };
  const [ra, pa] = root(geo.edgeCells[e * 2] as number);
  const [rb, pb] = root(geo.edgeCells[e * 2 + 1] as number);
  if (ra !== rb) return null;
  return (pa ^ pb) as 0 | 1;
}

const GIVEN_AROUND = 'given the edges decided around it';

function sentence(
  geo: Geometry,
  clues: Int8Array,
  s: Int32Array,
  tech: number,
  site: Site,
  taken: Setting[],
  parent: number,
): string {
  const { kind, a, b } = site;
  const where = kind === 'cell' ? clueName(geo, clues, a) : kind === 'dot' ? dotName(geo, a) : '';
  const decided = describe(geo, taken, site);
  switch (tech) {
    case CLUE: {
      const k = clues[a] as number;
      const { on } = tally(s, site.edges);
      if (on === k) {
        return k === 0
          ? `${capital(where)} has no line around it: ${decided}.`
          : `${capital(where)} already has its ${k} line${k === 1 ? '' : 's'}: ${decided}.`;
      }
      return `${capital(where)} needs every edge still open around it: ${decided}.`;
    }
    case VERTEX: {
      const { on } = tally(s, site.edges);
      if (on === 2) return `Two lines already meet at ${where}: ${decided}.`;
      if (on === 1) return `A line ends at ${where} and has only one way on: ${decided}.`;
      return `Only one edge is left open at ${where}, and a loop cannot end there: ${decided}.`;
    }
    case LOOP_CLOSURE:
      return `Joining the two ends of the line from ${dotName(geo, a)} to ${dotName(geo, b)} would close a loop while the puzzle is unfinished: ${decided}.`;
    case ADJACENT_THREES:
      return `The 3s in ${cellName(geo, a)} and ${cellName(geo, b)} are next to each other: the edge between them and their two outer edges are lines, the edges continuing the middle one are not; ${decided}.`;
    case CORNERS:
      return `How the loop can pass the corners of ${where}, ${GIVEN_AROUND}: ${decided}.`;
    default: {
      const first = taken[0] as Setting;
      if (kind === 'edge') {
        const same = related(geo, s, first.e, parent) === 0;
        return `The cells on either side of ${edgeName(geo, first.e)} are already known, through the lines and crosses between them, to lie ${same ? 'on the same side' : 'on opposite sides'} of the loop: ${decided}.`;
      }
      return `Inside and outside: the neighbours of ${where} already known to lie on the same or opposite sides of the loop leave one way: ${decided}.`;
    }
  }
}

/** What a step decides, its edges named by their side of the step's cell or dot when it has one. */
function describe(geo: Geometry, taken: Setting[], site: Site): string {
  const { kind, a: x } = site;
  const name = (e: number) => {
    if (kind === 'cell') return `its ${SIDES[geo.cellEdges.subarray(x * 4, x * 4 + 4).indexOf(e)]} edge`;
    if (kind === 'dot')
      return `the edge ${DIRECTIONS[geo.vertexEdges.subarray(x * 4, x * 4 + 4).indexOf(e)]} from it`;
    return edgeName(geo, e);
  };
  const on = taken.filter((t) => t.value === ON).map((t) => name(t.e));
  const off = taken.filter((t) => t.value === OFF).map((t) => name(t.e));
  const parts: string[] = [];
  if (on.length > 0) parts.push(`${list(on)} ${on.length === 1 ? 'is' : 'are'} part of the loop`);
  if (off.length > 0) parts.push(`${list(off)} ${off.length === 1 ? 'is' : 'are'} crossed out`);
  return parts.join(', and ');
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const DIRECTIONS = ['up', 'right', 'down', 'left'] as const;

function list(items: string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function cellName(geo: Geometry, x: number): string {
  return `row ${Math.floor(x / geo.width) + 1}, column ${(x % geo.width) + 1}`;
}

function clueName(geo: Geometry, clues: Int8Array, x: number): string {
  return `the ${clues[x]} in ${cellName(geo, x)}`;
}

/** Dots are the grid's corner points, (height + 1) rows of (width + 1), counted from 1 like cells. */
function dotName(geo: Geometry, v: number): string {
  return `the dot in dot row ${Math.floor(v / (geo.width + 1)) + 1}, dot column ${(v % (geo.width + 1)) + 1}`;
}

/** An edge by the cell it borders: the top or left side of a cell, or the bottom or right one at the rim. */
function edgeName(geo: Geometry, e: number): string {
  const W = geo.width;
  if (e < geo.hEdges) {
    const r = Math.floor(e / W);
    const c = e % W;
    return r < geo.height
      ? `the top edge of row ${r + 1}, column ${c + 1}`
      : `the bottom edge of row ${r}, column ${c + 1}`;
  }
  const i = e - geo.hEdges;
  const r = Math.floor(i / (W + 1));
  const c = i % (W + 1);
  return c < W
    ? `the left edge of row ${r + 1}, column ${c + 1}`
    : `the right edge of row ${r + 1}, column ${c}`;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The position before any move: every edge undecided. */
export function startPosition(puzzle: LoopPuzzle): LoopPosition {
  return { edges: '.'.repeat(geometry(puzzle.width, puzzle.height).edges) };
}

/** The position after a player draws or crosses out the edges `step` decides. */
export function afterStep(position: LoopPosition, step: HintStep): LoopPosition {
  const edges = [...position.edges];
  for (const c of step.concludes) if ('edge' in c) edges[c.at] = c.edge === 'on' ? '1' : 'x';
  return { edges: edges.join('') };
}
