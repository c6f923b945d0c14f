import type { CheckResult } from '../types.js';
import { geometry } from './geometry.js';
import { clueArray, edgeCount, type LoopPuzzle } from './model.js';

/**
 * Accepts any single closed loop that meets every clue, not only the generator's answer. Never throws:
 * a submission of the wrong shape is rejected with a reason like any wrong answer.
 */
export function check(puzzle: LoopPuzzle, submission: unknown): CheckResult {
  const { width, height } = puzzle;
  const total = edgeCount(width, height);
  if (typeof submission !== 'object' || submission === null || Array.isArray(submission)) {
    return { ok: false, reason: 'expected an object {edges: "0101…"}' };
  }
  const edges = (submission as Record<string, unknown>).edges;
  if (typeof edges !== 'string') return { ok: false, reason: 'edges must be a string of 0s and 1s' };
  if (edges.length !== total) {
    return {
      ok: false,
      reason: `edges must have ${total} characters for a ${width}×${height} board, got ${edges.length}`,
    };
  }
  if (/[^01]/.test(edges)) return { ok: false, reason: 'edges may only contain 0 and 1' };

  const geo = geometry(width, height);
  const on = new Uint8Array(total);
  let lines = 0;
  for (let e = 0; e < total; e++) {
    on[e] = edges.charCodeAt(e) - 48;
    lines += on[e] as number;
  }
  if (lines === 0) return { ok: false, reason: 'no line drawn: draw one closed loop' };

  const dot = (v: number) => `(row ${Math.floor(v / (width + 1)) + 1}, column ${(v % (width + 1)) + 1})`;
  const degree = new Uint8Array(geo.vertices);
  for (let e = 0; e < total; e++) {
    if (on[e] === 0) continue;
    for (let end = 0; end < 2; end++) {
      const v = geo.edgeVertices[e * 2 + end] as number;
      degree[v] = (degree[v] as number) + 1;
    }
  }
  for (let v = 0; v < geo.vertices; v++) {
    if ((degree[v] as number) > 2) return { ok: false, reason: `the line branches at the dot ${dot(v)}` };
  }
  for (let v = 0; v < geo.vertices; v++) {
    if (degree[v] === 1)
      return { ok: false, reason: `the line ends at the dot ${dot(v)}: it must be a closed loop` };
  }

  // Every dot has degree 0 or 2, so the lines are disjoint loops: walk one and see whether it has them all.
  let start = 0;
  while (on[start] === 0) start++;
  const seen = new Uint8Array(total);
  let walked = 0;
  let e = start;
  let v = geo.edgeVertices[e * 2] as number;
  do {
    seen[e] = 1;
    walked++;
    v = (geo.edgeVertices[e * 2] === v ? geo.edgeVertices[e * 2 + 1] : geo.edgeVertices[e * 2]) as number;
    let next = -1;
    for (let side = 0; side < 4; side++) {
      const f = geo.vertexEdges[v * 4 + side] as number;
      if (f >= 0 && f !== e && on[f] === 1) next = f;
    }
    e = next;
  } while (e !== start);
  if (walked !== lines) return { ok: false, reason: 'the lines form more than one loop: draw a single loop' };

  const clues = clueArray(puzzle.clues);
  for (let x = 0; x < geo.cells; x++) {
    const k = clues[x] as number;
    if (k < 0) continue;
    let n = 0;
    for (let i = 0; i < 4; i++) n += on[geo.cellEdges[x * 4 + i] as number] as number;
    if (n !== k) {
      const where = `row ${Math.floor(x / width) + 1}, column ${(x % width) + 1}`;
      return { ok: false, reason: `the clue ${k} at ${where} has ${n} line${n === 1 ? '' : 's'} around it` };
    }
  }
  return { ok: true };
}
