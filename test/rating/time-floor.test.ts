import { describe, expect, it } from 'vitest';
import { timeFloorSeconds } from '../../src/rating/time-floor.js';

describe('time floor', () => {
  it('is a twentieth of the benchmark for an ordinary puzzle', () => {
    expect(timeFloorSeconds(600)).toBe(30);
  });

  it('never drops below three seconds however low the benchmark', () => {
    expect(timeFloorSeconds(20)).toBe(3);
    expect(timeFloorSeconds(0.5)).toBe(3);
  });

  it('asks at least a quarter second per move when the check counts moves', () => {
    expect(timeFloorSeconds(100, 80)).toBe(20);
  });

  it('lets the benchmark fraction win over a short move list', () => {
    expect(timeFloorSeconds(480, 30)).toBe(24);
  });

  it('rejects a benchmark that is not positive and a move count that is not a whole number', () => {
    expect(() => timeFloorSeconds(0)).toThrow(RangeError);
    expect(() => timeFloorSeconds(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => timeFloorSeconds(100, -1)).toThrow(RangeError);
    expect(() => timeFloorSeconds(100, 1.5)).toThrow(RangeError);
  });
});
