/**
 * The RNG of the original puzzle collection these engines were first written from (a browser collection
 * of single-file JavaScript engines, called "the original" throughout), kept bit for bit so a
 * seed string means the same puzzle as there: an FNV-1a fold of the seed's UTF-16 code units into 32
 * bits, then a mulberry32 step per draw.
 */

export type Rng = () => number;

export const MAX_SEED_LENGTH = 80;

export function hashSeed(seed: string): number {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  }
  return state >>> 0;
}

/** A generator of floats in [0, 1), deterministic in `seed`. */
export function rng(seed: string): Rng {
  let state = hashSeed(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n). */
export function randomInt(random: Rng, n: number): number {
  return Math.floor(random() * n);
}

/** Fisher–Yates from the last index down with j = floor(random() * (i + 1)), as the original shuffles. */
export function shuffle<T>(random: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}
