import { geometry, hEdge, vEdge } from '../../../src/engines/loop/geometry.js';
import { clueArray } from '../../../src/engines/loop/model.js';
import { Propagator } from '../../../src/engines/loop/propagate.js';

/** A propagated board: the state, its propagator and edge helpers for W×H. */
export function propagated(width: number, height: number, clues: string, tier: number, ordered = false) {
  const geo = geometry(width, height);
  const prop = new Propagator(geo, clueArray(clues), ordered);
  const state = prop.initial();
  const ok = prop.propagate(state, tier);
  return {
    geo,
    prop,
    state,
    ok,
    H: (r: number, c: number) => state[hEdge(width, r, c)],
    V: (r: number, c: number) => state[vEdge(width, height, r, c)],
  };
}

/** Edge bit string from a list of on-edges. */
export function edgesOf(width: number, height: number, on: number[]): string {
  const bits = new Array<string>(geometry(width, height).edges).fill('0');
  for (const e of on) bits[e] = '1';
  return bits.join('');
}
