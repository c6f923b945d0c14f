import { type Rng, randomInt } from '../rng.js';
import type { Geometry } from './geometry.js';

// The 8 neighbours in ring order N, NE, E, SE, S, SW, W, NW: consecutive ones share a side.
const RING_R = [-1, -1, 0, 1, 1, 1, 0, -1];
const RING_C = [0, 1, 1, 1, 0, -1, -1, -1];

/**
 * Whether adding cell (r, c) keeps the region's boundary one simple loop: no two region cells (or two
 * outside cells) may meet only at a corner, and the outside next to the cell must stay connected, where
 * cells off the board all count as one outside piece.
 */
const ring = new Uint8Array(8);
const offBoard = new Uint8Array(8);

function canAdd(inside: Uint8Array, width: number, height: number, r: number, c: number): boolean {
  for (let i = 0; i < 8; i++) {
    const rr = r + (RING_R[i] as number);
    const cc = c + (RING_C[i] as number);
    const off = rr < 0 || rr >= height || cc < 0 || cc >= width;
    offBoard[i] = off ? 1 : 0;
    ring[i] = off ? 0 : (inside[rr * width + cc] as number);
  }
  for (let i = 1; i < 8; i += 2) {
    if (ring[i] === 1 && ring[i - 1] === 0 && ring[(i + 1) & 7] === 0) return false;
  }
  let start = 0;
  while (start < 8 && ring[start] === 0) start++;
  if (start === 8) return false;
  // Walk the ring from a region cell; each run of outside cells that touches the new cell's sides must
  // be the only one, unless every such run reaches off the board (they meet out there).
  let innerRuns = 0;
  let outerRuns = 0;
  let inRun = false;
  let touchesSide = false;
  let touchesEdge = false;
  for (let k = 1; k <= 8; k++) {
    const i = (start + k) & 7;
    if (ring[i] === 0) {
      inRun = true;
      if ((i & 1) === 0) touchesSide = true;
      if (offBoard[i] === 1) touchesEdge = true;
    } else if (inRun) {
      if (touchesSide && touchesEdge) outerRuns = 1;
      else if (touchesSide) innerRuns++;
      inRun = touchesSide = touchesEdge = false;
    }
  }
  return innerRuns + outerRuns <= 1;
}

/**
 * Grows a simply connected region from a random cell; its boundary is the answer loop. Each step draws
 * two addable cells and keeps the one with fewer region neighbours, which makes the loop wind.
 * Returns null when growth stalls far below the target size.
 */
export function growRegion(geo: Geometry, random: Rng): Uint8Array | null {
  const { width, height, cells } = geo;
  const inside = new Uint8Array(cells);
  const target = Math.round(cells * (0.45 + 0.2 * random()));
  inside[randomInt(random, cells)] = 1;
  const candidates: number[] = [];
  const neighbours = (x: number) => {
    const r = Math.floor(x / width);
    const c = x % width;
    return (
      (r > 0 ? (inside[x - width] as number) : 0) +
      (r + 1 < height ? (inside[x + width] as number) : 0) +
      (c > 0 ? (inside[x - 1] as number) : 0) +
      (c + 1 < width ? (inside[x + 1] as number) : 0)
    );
  };
  for (let size = 1; size < target; size++) {
    candidates.length = 0;
    for (let x = 0; x < cells; x++) {
      if (
        inside[x] === 0 &&
        neighbours(x) > 0 &&
        canAdd(inside, width, height, Math.floor(x / width), x % width)
      ) {
        candidates.push(x);
      }
    }
    if (candidates.length === 0) return size * 4 >= cells ? inside : null;
    const a = candidates[randomInt(random, candidates.length)] as number;
    const b = candidates[randomInt(random, candidates.length)] as number;
    inside[neighbours(b) < neighbours(a) ? b : a] = 1;
  }
  return inside;
}

/** The loop around a region: an edge is on where exactly one of its two cells is inside. */
export function regionLoop(geo: Geometry, inside: Uint8Array): Uint8Array {
  const on = new Uint8Array(geo.edges);
  for (let e = 0; e < geo.edges; e++) {
    const a = geo.edgeCells[e * 2] as number;
    const b = geo.edgeCells[e * 2 + 1] as number;
    const ia = a < geo.cells ? (inside[a] as number) : 0;
    const ib = b < geo.cells ? (inside[b] as number) : 0;
    on[e] = ia ^ ib;
  }
  return on;
}

/** Every cell's clue: how many of its edges the loop uses. */
export function fullClues(geo: Geometry, on: Uint8Array): Int8Array {
  const clues = new Int8Array(geo.cells);
  for (let x = 0; x < geo.cells; x++) {
    let n = 0;
    for (let i = 0; i < 4; i++) n += on[geo.cellEdges[x * 4 + i] as number] as number;
    clues[x] = n;
  }
  return clues;
}
