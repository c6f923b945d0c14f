import { describe, expect, it } from 'vitest';
import { countedTime, NETWORK_ALLOWANCE_MS } from '../../src/rating/counted-time.js';

describe('counted time', () => {
  it("is the server's span when the client claims nothing", () => {
    expect(countedTime(100_000)).toEqual({ countedMs: 100_000, capped: false });
  });

  it("takes the client's time when it is a little under the server's span (the network legs)", () => {
    expect(countedTime(100_000, 99_000)).toEqual({ countedMs: 99_000, capped: false });
  });

  it("never goes more than the network allowance below the server's span, whatever the client claims", () => {
    expect(countedTime(100_000, 1_000)).toEqual({ countedMs: 100_000 - NETWORK_ALLOWANCE_MS, capped: false });
    expect(countedTime(100_000, 0)).toEqual({ countedMs: 100_000 - NETWORK_ALLOWANCE_MS, capped: false });
  });

  it("ignores a claim longer than the server's span and says so", () => {
    expect(countedTime(100_000, 500_000)).toEqual({ countedMs: 100_000, capped: true });
  });

  it('treats a slightly negative server span (clock disagreement) as zero', () => {
    expect(countedTime(-50, 10)).toEqual({ countedMs: 0, capped: true });
  });

  it('allows two seconds for the network legs', () => {
    expect(NETWORK_ALLOWANCE_MS).toBe(2000);
  });

  it('rejects a negative or non-finite client time and a non-finite server span', () => {
    expect(() => countedTime(1000, -1)).toThrow('client time must be a non-negative number of ms, got -1');
    expect(() => countedTime(1000, Number.NaN)).toThrow(RangeError);
    expect(() => countedTime(Number.POSITIVE_INFINITY, 1000)).toThrow(
      'server time must be a finite number of ms, got Infinity',
    );
  });

  it('calls a claim capped only when it is longer than the server’s span: 1 ms over, not equal or 1 ms under', () => {
    expect(countedTime(10_000, 10_001)).toEqual({ countedMs: 10_000, capped: true });
    expect(countedTime(10_000, 10_000)).toEqual({ countedMs: 10_000, capped: false });
    expect(countedTime(10_000, 9_999)).toEqual({ countedMs: 9_999, capped: false });
  });
});
