import { describe, expect, it } from 'vitest';
import { endsRamp, RAMP_MAX_SHARE, RAMP_SOLVES } from '../../src/fairplay/ramp.js';
import { seededRandom } from '../support/logs.js';

/** Paces oldest first, as a run reads; endsRamp takes the history newest first. */
const ends = (oldestFirst: number[]) => {
  const [pace, ...before] = [...oldestFirst].reverse();
  return endsRamp(pace as number, before);
};

describe('a ramp', () => {
  it(`is ${RAMP_SOLVES} solves of a level in a row, each faster, the last at most 60 % of the first`, () => {
    expect(RAMP_SOLVES).toBe(6);
    expect(RAMP_MAX_SHARE).toBe(0.6);
    // The aged bot of Fair play IV: ×0.77 a step.
    expect(ends([1, 0.77, 0.593, 0.456, 0.351, 0.27])).toBe(true);
  });

  it('needs every step to be faster: one slower solve in the run breaks it', () => {
    expect(ends([1, 0.77, 0.8, 0.456, 0.351, 0.27])).toBe(false);
  });

  it('needs the whole run: five falling solves are not one', () => {
    expect(ends([0.77, 0.593, 0.456, 0.351, 0.27])).toBe(false);
  });

  it('is not a slow improvement: six falling solves that end at 70 % of the first', () => {
    expect(ends([1, 0.95, 0.9, 0.85, 0.8, 0.7])).toBe(false);
  });

  it('looks only at the newest run: an old ramp followed by a slower solve ends none', () => {
    expect(ends([1, 0.77, 0.593, 0.456, 0.351, 0.27, 0.5])).toBe(false);
  });

  it('happens by chance to at most 0.2 % of solves of a person whose times scatter log-normally', () => {
    // Box–Muller over a seeded generator: the same figure on every run.
    const uniform = seededRandom(12345);
    const pace = () =>
      Math.exp(0.5 * Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform()));
    const history: number[] = [];
    let ramps = 0;
    const solves = 100_000;
    for (let i = 0; i < solves; i++) {
      const next = pace();
      if (endsRamp(next, history)) ramps++;
      history.unshift(next);
      history.length = Math.min(history.length, RAMP_SOLVES);
    }
    expect(ramps / solves).toBeLessThan(0.002);
    expect(ramps).toBeGreaterThan(0);
  });
});
