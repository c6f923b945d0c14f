import { describe, expect, it } from 'vitest';
import { hashSeed, rng, shuffle } from '../../src/engines/rng.js';

describe('the original’s RNG', () => {
  it('folds the empty seed to the FNV-1a offset basis', () => {
    expect(hashSeed('')).toBe(2166136261);
  });

  it('gives the same sequence for the same seed', () => {
    const a = rng('2026-11-29');
    const b = rng('2026-11-29');
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it('pins the first draws for a few seeds', () => {
    const first = (seed: string) => {
      const r = rng(seed);
      return [r(), r(), r()].map((x) => Math.floor(x * 1e9));
    };
    expect(first('notes-example')).toEqual(PINNED['notes-example']);
    expect(first('a')).toEqual(PINNED.a);
    expect(first('')).toEqual(PINNED['']);
  });

  it('deals the original’s colour-sort example exactly (shuffle order and draw consumption)', () => {
    const random = rng('notes-example');
    const deal = () => {
      const units = [0, 1, 2, 3, 4].flatMap((c) => [c, c, c, c]);
      shuffle(random, units);
      return [0, 1, 2, 3, 4].map((t) => units.slice(t * 4, t * 4 + 4));
    };
    expect(deal()).toEqual([
      [4, 1, 1, 3],
      [0, 3, 1, 2],
      [2, 3, 0, 0],
      [2, 4, 1, 0],
      [4, 4, 2, 3],
    ]);
    expect(deal()).toEqual([
      [2, 1, 0, 3],
      [2, 3, 1, 4],
      [1, 4, 4, 0],
      [0, 3, 3, 0],
      [1, 2, 4, 2],
    ]);
  });
});

// Fixed once the deal test above proved the implementation matches the original; a change breaks old seeds.
const PINNED: Record<string, number[]> = {
  'notes-example': [635669531, 450038973, 901097686],
  a: [621685681, 308223474, 366860759],
  '': [611244452, 493524291, 774024883],
};
