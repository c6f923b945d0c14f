/**
 * One deal, reproducing the original's `dealTubes` draw for draw: all units colour-major, one Fisher–Yates
 * shuffle, cut row-wise into tubes of `capacity`, then the empty tubes appended.
 *
 * Duplicated colours (not in the original, defined here): colours 0..duplicateColors-1 contribute
 * 2 × capacity units each, listed together in the colour-major order, so with capacity 4 and one
 * duplicated colour the unshuffled list is [0,0,0,0,0,0,0,0,1,1,1,1,2,…]. The deal then has
 * numColors + duplicateColors filled tubes; with duplicateColors = 0 this is exactly the original's deal.
 */

import { type Rng, shuffle } from '../rng.js';
import type { Tubes } from './rules.js';

export function dealTubes(
  numColors: number,
  capacity: number,
  random: Rng,
  duplicateColors: number,
  emptyTubes: number,
): Tubes {
  const units: number[] = [];
  for (let c = 0; c < numColors; c++) {
    const count = c < duplicateColors ? 2 * capacity : capacity;
    for (let k = 0; k < count; k++) units.push(c);
  }
  shuffle(random, units);
  const tubes: Tubes = [];
  for (let start = 0; start < units.length; start += capacity)
    tubes.push(units.slice(start, start + capacity));
  for (let e = 0; e < emptyTubes; e++) tubes.push([]);
  return tubes;
}
