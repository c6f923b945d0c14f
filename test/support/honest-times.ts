import { type Rng, rng } from '../../src/engines/rng.js';

/**
 * The honest crowd the calibration and floor tests assume (RELIABILITY.md, calibration): solve times
 * log-normal around the benchmark, with σ 0.5 in log-time (a third of honest solves within ×1.6 of it
 * either way, 95 % within ×2.7).
 */
export const HONEST_LOG_SPREAD = 0.5;

/** Standard normal draws from a seeded RNG (Box–Muller). */
export function normals(seed: string): () => number {
  const random: Rng = rng(seed);
  return () => {
    const u = 1 - random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
}

/** `count` honest times around `median` seconds, reproducible from `seed`. */
export function honestTimes(seed: string, count: number, median: number): number[] {
  const z = normals(seed);
  return Array.from({ length: count }, () => median * Math.exp(HONEST_LOG_SPREAD * z()));
}
