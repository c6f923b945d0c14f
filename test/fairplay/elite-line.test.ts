import { describe, expect, it } from 'vitest';
import {
  COLD_ELITE_MULTIPLE,
  eliteLineMs,
  MAX_ELITE_BENCHMARK_SHARE,
  MIN_ELITE_OVER_FLOOR,
} from '../../src/fairplay/elite-line.js';

const base = {
  coldFloorMs: 20_000,
  floorMs: 20_000,
  benchmarkSeconds: 600,
  learnedRatio: null,
  setRatio: null,
};

describe('the elite line', () => {
  it('is three times the cold floor before anything is learnt', () => {
    expect(COLD_ELITE_MULTIPLE).toBe(3);
    expect(eliteLineMs(base)).toBe(60_000);
  });

  it('follows the learnt ratio of the benchmark once there is one', () => {
    expect(eliteLineMs({ ...base, learnedRatio: 0.2 })).toBe(120_000);
  });

  it('never rises above 40 % of the benchmark, so a solve at half the benchmark is never held', () => {
    expect(MAX_ELITE_BENCHMARK_SHARE).toBe(0.4);
    expect(eliteLineMs({ ...base, learnedRatio: 0.9 })).toBe(240_000);
    expect(eliteLineMs({ ...base, coldFloorMs: 100_000, floorMs: 100_000 })).toBe(240_000);
  });

  it('never falls under its cold value by learning, however fast the learnt ratio', () => {
    expect(eliteLineMs({ ...base, learnedRatio: 0.01 })).toBe(60_000);
    expect(eliteLineMs({ ...base, learnedRatio: 0.0999 })).toBe(60_000);
    expect(eliteLineMs({ ...base, learnedRatio: 0.1001 })).toBe(60_060);
  });

  it('goes under its cold value only where a moderator set it', () => {
    expect(eliteLineMs({ ...base, setRatio: 0.06 })).toBe(36_000);
  });

  it('never falls under 1.5 times the floor the solve is held to', () => {
    expect(MIN_ELITE_OVER_FLOOR).toBe(1.5);
    expect(eliteLineMs({ ...base, setRatio: 0.01 })).toBe(30_000);
    expect(eliteLineMs({ ...base, floorMs: 50_000 })).toBe(75_000);
  });
});
